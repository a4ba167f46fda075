// Type tests of the metadata readers: checked by `npm run typecheck`, never run. Every kind's result of
// both AI SDK majors goes in without a cast and comes out as its metadata type or undefined (a promise for
// a streamText result).
import type * as ai6 from 'ai';
import type * as ai7 from 'ai7';
import { expectTypeOf } from 'vitest';
import {
  type UnigateChatProviderMetadata,
  type UnigateFallbackMetadata,
  type UnigateFallbackSkip,
  type UnigateImageProviderMetadata,
  type UnigateMessagesProviderMetadata,
  type UnigateSpeechProviderMetadata,
  type UnigateTranscriptionProviderMetadata,
  type UnigateVideoProviderMetadata,
  unigateChatMetadata,
  unigateFallback,
  unigateImageMetadata,
  unigateMessagesMetadata,
  unigateSpeechMetadata,
  unigateTranscriptionMetadata,
  unigateVideoMetadata,
} from '../../src';

type Chat = UnigateChatProviderMetadata | undefined;
type Messages = UnigateMessagesProviderMetadata | undefined;
type Fallback = UnigateFallbackMetadata | undefined;
declare const tools: ai6.ToolSet;

declare const text6: ai6.GenerateTextResult<typeof tools, never>;
declare const stream6: ai6.StreamTextResult<typeof tools, never>;
declare const finish6: Parameters<NonNullable<Parameters<typeof ai6.streamText>[0]['onFinish']>>[0];
declare const image6: ai6.GenerateImageResult;
declare const speech6: ai6.Experimental_SpeechResult;
declare const transcript6: ai6.Experimental_TranscriptionResult;
declare const video6: Awaited<ReturnType<typeof ai6.experimental_generateVideo>>;

expectTypeOf(unigateChatMetadata(text6)).toEqualTypeOf<Chat>();
expectTypeOf(unigateChatMetadata(text6.steps[0]!)).toEqualTypeOf<Chat>();
expectTypeOf(unigateChatMetadata(finish6)).toEqualTypeOf<Chat>();
expectTypeOf(unigateChatMetadata(stream6)).toEqualTypeOf<Promise<Chat>>();
expectTypeOf(unigateMessagesMetadata(text6)).toEqualTypeOf<Messages>();
expectTypeOf(unigateMessagesMetadata(text6.reasoning[0]!)).toEqualTypeOf<Messages>();
expectTypeOf(unigateMessagesMetadata(stream6)).toEqualTypeOf<Promise<Messages>>();
expectTypeOf(unigateFallback(text6)).toEqualTypeOf<Fallback>();
expectTypeOf(unigateFallback(stream6)).toEqualTypeOf<Promise<Fallback>>();
expectTypeOf(unigateImageMetadata(image6)).toEqualTypeOf<UnigateImageProviderMetadata | undefined>();
expectTypeOf(unigateSpeechMetadata(speech6)).toEqualTypeOf<UnigateSpeechProviderMetadata | undefined>();
expectTypeOf(unigateTranscriptionMetadata(transcript6)).toEqualTypeOf<
  UnigateTranscriptionProviderMetadata | undefined
>();
expectTypeOf(unigateVideoMetadata(video6)).toEqualTypeOf<UnigateVideoProviderMetadata | undefined>();
expectTypeOf(unigateVideoMetadata(video6.responses[0]!)).toEqualTypeOf<UnigateVideoProviderMetadata | undefined>();

declare const text7: Awaited<ReturnType<typeof ai7.generateText>>;
declare const stream7: ReturnType<typeof ai7.streamText>;
declare const finish7: Parameters<NonNullable<Parameters<typeof ai7.streamText>[0]['onFinish']>>[0];
declare const image7: Awaited<ReturnType<typeof ai7.generateImage>>;
declare const speech7: Awaited<ReturnType<typeof ai7.generateSpeech>>;
declare const transcript7: Awaited<ReturnType<typeof ai7.transcribe>>;
declare const video7: Awaited<ReturnType<typeof ai7.experimental_generateVideo>>;
declare const videoStatus7: Awaited<ReturnType<typeof ai7.experimental_getVideoStatus>>;

expectTypeOf(unigateChatMetadata(text7)).toEqualTypeOf<Chat>();
expectTypeOf(unigateChatMetadata(text7.steps[0]!)).toEqualTypeOf<Chat>();
expectTypeOf(unigateChatMetadata(finish7)).toEqualTypeOf<Chat>();
expectTypeOf(unigateChatMetadata(stream7)).toEqualTypeOf<Promise<Chat>>();
expectTypeOf(unigateMessagesMetadata(text7)).toEqualTypeOf<Messages>();
expectTypeOf(unigateMessagesMetadata(text7.reasoning[0]!)).toEqualTypeOf<Messages>();
expectTypeOf(unigateMessagesMetadata(stream7)).toEqualTypeOf<Promise<Messages>>();
expectTypeOf(unigateFallback(text7)).toEqualTypeOf<Fallback>();
expectTypeOf(unigateFallback(stream7)).toEqualTypeOf<Promise<Fallback>>();
expectTypeOf(unigateImageMetadata(image7)).toEqualTypeOf<UnigateImageProviderMetadata | undefined>();
expectTypeOf(unigateImageMetadata(image7.calls[0]!)).toEqualTypeOf<UnigateImageProviderMetadata | undefined>();
expectTypeOf(unigateSpeechMetadata(speech7)).toEqualTypeOf<UnigateSpeechProviderMetadata | undefined>();
expectTypeOf(unigateTranscriptionMetadata(transcript7)).toEqualTypeOf<
  UnigateTranscriptionProviderMetadata | undefined
>();
expectTypeOf(unigateVideoMetadata(video7)).toEqualTypeOf<UnigateVideoProviderMetadata | undefined>();
expectTypeOf(unigateVideoMetadata(videoStatus7)).toEqualTypeOf<UnigateVideoProviderMetadata | undefined>();

// Not a result: rejected at compile time.
// @ts-expect-error a number is not a result
unigateSpeechMetadata(42);
// @ts-expect-error a string is not a result
unigateChatMetadata('gpt-4o-mini');

// A fallback attempt says why a member was skipped without a request, when it was.
expectTypeOf<UnigateFallbackMetadata['attempts'][number]['skipped']>().toEqualTypeOf<UnigateFallbackSkip | undefined>();
expectTypeOf<UnigateFallbackSkip>().toEqualTypeOf<'cooling-down' | 'context-window'>();
