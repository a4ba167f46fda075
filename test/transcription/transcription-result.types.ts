// Type tests, checked by `npm run typecheck`, never run: the transcription model's result is V3's, and its
// V4 fields (`words`, `usage`) are V4's own types, so the V4 entry hands them on without a cast.
import type { TranscriptionModelV3 } from '@ai-sdk/provider';
import type { TranscriptionModelV4Result } from '@ai-sdk/provider-v4';
import { expectTypeOf } from 'vitest';
import type {
  UnigateTranscriptionModel,
  UnigateTranscriptionResult,
} from '../../src/transcription/unigate-transcription-model';

type V3Result = Awaited<ReturnType<TranscriptionModelV3['doGenerate']>>;

expectTypeOf<
  Awaited<ReturnType<UnigateTranscriptionModel['doGenerate']>>
>().toEqualTypeOf<UnigateTranscriptionResult>();
expectTypeOf<UnigateTranscriptionResult>().toExtend<V3Result>();
expectTypeOf<UnigateTranscriptionResult['words']>().toExtend<TranscriptionModelV4Result['words']>();
expectTypeOf<UnigateTranscriptionResult['usage']>().toExtend<TranscriptionModelV4Result['usage']>();
