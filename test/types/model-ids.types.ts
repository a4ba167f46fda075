// Type tests of the generated model ids: checked by `npm run typecheck`, never run. `string & {}` accepts
// any string, so "a known id extends the union" would pass even if the union collapsed to `string`; these
// assert the literal members themselves, which is what the editor offers after `gw('`.
import { expectTypeOf } from 'vitest';
import {
  createUnigate,
  type UnigateChatModelId,
  type UnigateEmbeddingModelId,
  type UnigateImageModelId,
  type UnigateMessagesModelId,
  type UnigateSpeechModelId,
  type UnigateTranscriptionModelId,
  type UnigateVideoModelId,
} from '../../src';

/** The literal members of an id union: `never` when it is only `string` (or `string & {}`). */
type Literals<T> = T extends string ? (string extends T ? never : T) : never;

expectTypeOf<Literals<UnigateChatModelId>>().not.toBeNever();
expectTypeOf<Literals<UnigateMessagesModelId>>().not.toBeNever();
expectTypeOf<Literals<UnigateEmbeddingModelId>>().not.toBeNever();
expectTypeOf<Literals<UnigateImageModelId>>().not.toBeNever();
expectTypeOf<Literals<UnigateSpeechModelId>>().not.toBeNever();
expectTypeOf<Literals<UnigateTranscriptionModelId>>().not.toBeNever();
expectTypeOf<Literals<UnigateVideoModelId>>().not.toBeNever();

// A known catalog id of each kind is a literal member.
expectTypeOf<'gpt-4o-mini'>().toExtend<Literals<UnigateChatModelId>>();
expectTypeOf<'claude-sonnet-4-5'>().toExtend<Literals<UnigateMessagesModelId>>();
expectTypeOf<'text-embedding-3-small'>().toExtend<Literals<UnigateEmbeddingModelId>>();
expectTypeOf<'dall-e-3'>().toExtend<Literals<UnigateImageModelId>>();
expectTypeOf<'tts-1'>().toExtend<Literals<UnigateSpeechModelId>>();
expectTypeOf<'whisper-1'>().toExtend<Literals<UnigateTranscriptionModelId>>();
expectTypeOf<'veo-3'>().toExtend<Literals<UnigateVideoModelId>>();

// Audio ids are split: speech and transcription do not offer each other's ids; kinds do not mix.
expectTypeOf<'whisper-1'>().not.toExtend<Literals<UnigateSpeechModelId>>();
expectTypeOf<'tts-1'>().not.toExtend<Literals<UnigateTranscriptionModelId>>();
expectTypeOf<'text-embedding-3-small'>().not.toExtend<Literals<UnigateChatModelId>>();
expectTypeOf<'gpt-4o-mini'>().not.toExtend<Literals<UnigateImageModelId>>();

// Any string still works, for models added after the file was generated.
expectTypeOf<string>().toExtend<UnigateChatModelId>();
expectTypeOf<string>().toExtend<UnigateTranscriptionModelId>();
expectTypeOf<string>().toExtend<UnigateVideoModelId>();

// The provider's entry points take these unions, so `gw('` and `gw.messages('` autocomplete them.
const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test' });
expectTypeOf(gw).parameter(0).toEqualTypeOf<UnigateChatModelId>();
expectTypeOf(gw.chat).parameter(0).toEqualTypeOf<UnigateChatModelId>();
expectTypeOf(gw.messages).parameter(0).toEqualTypeOf<UnigateMessagesModelId>();
expectTypeOf(gw.embedding).parameter(0).toEqualTypeOf<UnigateEmbeddingModelId>();
expectTypeOf(gw.image).parameter(0).toEqualTypeOf<UnigateImageModelId>();
expectTypeOf(gw.speech).parameter(0).toEqualTypeOf<UnigateSpeechModelId>();
expectTypeOf(gw.transcription).parameter(0).toEqualTypeOf<UnigateTranscriptionModelId>();
expectTypeOf(gw.video).parameter(0).toEqualTypeOf<UnigateVideoModelId>();
