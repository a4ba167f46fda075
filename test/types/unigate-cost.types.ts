// Type tests of unigateCost: checked by `npm run typecheck`, never run. Every kind's result of both AI SDK
// majors goes in without a cast and comes out as `UnigateCost | undefined` (a promise for streamText).
import type * as ai6 from 'ai';
import type * as ai7 from 'ai7';
import { expectTypeOf } from 'vitest';
import { unigateCost, type UnigateCost } from '../../src';

type Settled = UnigateCost | undefined;
declare const tools: ai6.ToolSet;

declare const text6: ai6.GenerateTextResult<typeof tools, never>;
declare const stream6: ai6.StreamTextResult<typeof tools, never>;
declare const embed6: ai6.EmbedResult;
declare const embedMany6: ai6.EmbedManyResult;
declare const image6: ai6.GenerateImageResult;
declare const speech6: ai6.Experimental_SpeechResult;
declare const transcript6: ai6.Experimental_TranscriptionResult;
declare const video6: Awaited<ReturnType<typeof ai6.experimental_generateVideo>>;

expectTypeOf(unigateCost(text6)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(text6.steps[0]!)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(stream6)).toEqualTypeOf<Promise<Settled>>();
expectTypeOf(unigateCost(embed6)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(embedMany6)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(image6)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(speech6)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(transcript6)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(video6)).toEqualTypeOf<Settled>();

declare const text7: Awaited<ReturnType<typeof ai7.generateText>>;
declare const stream7: ReturnType<typeof ai7.streamText>;
declare const embed7: Awaited<ReturnType<typeof ai7.embed>>;
declare const embedMany7: Awaited<ReturnType<typeof ai7.embedMany>>;
declare const image7: Awaited<ReturnType<typeof ai7.generateImage>>;
declare const speech7: Awaited<ReturnType<typeof ai7.generateSpeech>>;
declare const transcript7: Awaited<ReturnType<typeof ai7.transcribe>>;
declare const video7: Awaited<ReturnType<typeof ai7.experimental_generateVideo>>;

expectTypeOf(unigateCost(text7)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(text7.steps[0]!)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(stream7)).toEqualTypeOf<Promise<Settled>>();
expectTypeOf(unigateCost(embed7)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(embedMany7)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(image7)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(speech7)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(transcript7)).toEqualTypeOf<Settled>();
expectTypeOf(unigateCost(video7)).toEqualTypeOf<Settled>();

// Not a result: rejected at compile time.
// @ts-expect-error a number is not a result
unigateCost(42);
// @ts-expect-error a string is not a result
unigateCost('0.5');
