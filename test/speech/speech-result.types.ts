// Type tests, checked by `npm run typecheck`, never run: the speech model's result is V3's, and its V4
// field (`usage`) is V4's own type, so the V4 entry hands it on without a cast.
import type { SpeechModelV3 } from '@ai-sdk/provider';
import type { SpeechModelV4Result } from '@ai-sdk/provider-v4';
import { expectTypeOf } from 'vitest';
import type { UnigateSpeechModel, UnigateSpeechResult } from '../../src/speech/unigate-speech-model';

type V3Result = Awaited<ReturnType<SpeechModelV3['doGenerate']>>;

expectTypeOf<Awaited<ReturnType<UnigateSpeechModel['doGenerate']>>>().toEqualTypeOf<UnigateSpeechResult>();
expectTypeOf<UnigateSpeechResult>().toExtend<V3Result>();
expectTypeOf<UnigateSpeechResult['usage']>().toExtend<SpeechModelV4Result['usage']>();
