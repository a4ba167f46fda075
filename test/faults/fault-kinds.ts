// Every model kind and gateway helper, called the way a user calls it (through the `ai` package where it
// has a function for the kind), so the fault suite can run each fault on each of them.
import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import type { UnigateProvider } from '../../src';
import { writeWav } from '../../src/testing/wav-writer';
import { videoCallOptions } from '../helpers/call-options';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
type Loose = (options: Record<string, unknown>) => Promise<unknown>;
const sdk = ai as unknown as Record<string, Loose | undefined>;
// ai@7 dropped the experimental_ prefix of these; ai@6 has only the prefixed names (images: both).
const generateSpeech = (major >= 7 ? sdk.generateSpeech : sdk.experimental_generateSpeech)!;
const transcribe = (major >= 7 ? sdk.transcribe : sdk.experimental_transcribe)!;
const generateImage = sdk.generateImage!;

/** When the call handed its result over (for streams: when the finish part arrived), `performance.now()`. */
export type CallResult = { finishedAt: number; value: unknown };

export interface FaultKind {
  name: string;
  /** The start of the gateway path the fault hits: the kind's first request, or the status poll. */
  path: string;
  /** True for the two language-model streams. */
  stream?: boolean;
  /** The kinds that report a cost, and so wait on the catalog when pricing is `'catalog'`. */
  priced: boolean;
  run(gw: UnigateProvider, abortSignal?: AbortSignal): Promise<CallResult>;
}

/** The error part is read from the stream itself; streamText's default console report is noise here. */
const quiet = () => {};

const done = (value: unknown): CallResult => ({ finishedAt: performance.now(), value });

/** Reads a `streamText` result to its finish part; an error part fails the call, as it does for users. */
async function streamToFinish(result: ReturnType<typeof ai.streamText>): Promise<CallResult> {
  let finishedAt: number | undefined;
  const parts: unknown[] = [];
  for await (const part of result.fullStream) {
    parts.push(part);
    if (part.type === 'error') throw part.error;
    if (part.type === 'finish') finishedAt = performance.now();
  }
  if (finishedAt === undefined) throw new Error('the stream ended without a finish part');
  return { finishedAt, value: parts };
}

const WAV = writeWav(new Int16Array(1600), 16_000);

const videoCall = (abortSignal: AbortSignal | undefined) => videoCallOptions({ abortSignal });

export const FAULT_KINDS: FaultKind[] = [
  {
    name: 'chat generateText',
    path: '/v1/chat/completions',
    priced: true,
    run: async (gw, abortSignal) =>
      done(await ai.generateText({ model: gw.chat('gpt-4o-mini'), prompt: 'Hi', maxRetries: 0, abortSignal })),
  },
  {
    name: 'chat streamText',
    path: '/v1/chat/completions',
    stream: true,
    priced: true,
    run: (gw, abortSignal) =>
      streamToFinish(
        ai.streamText({ model: gw.chat('gpt-4o-mini'), prompt: 'Hi', maxRetries: 0, abortSignal, onError: quiet }),
      ),
  },
  {
    name: 'messages generateText',
    path: '/api/v1/messages',
    priced: true,
    run: async (gw, abortSignal) =>
      done(
        await ai.generateText({ model: gw.messages('claude-sonnet-4-5'), prompt: 'Hi', maxRetries: 0, abortSignal }),
      ),
  },
  {
    name: 'messages streamText',
    path: '/api/v1/messages',
    stream: true,
    priced: true,
    run: (gw, abortSignal) =>
      streamToFinish(
        ai.streamText({
          model: gw.messages('claude-sonnet-4-5'),
          prompt: 'Hi',
          maxRetries: 0,
          abortSignal,
          onError: quiet,
        }),
      ),
  },
  {
    name: 'embed',
    path: '/v1/embeddings',
    priced: true,
    run: async (gw, abortSignal) =>
      done(
        await ai.embed({
          model: gw.embedding('text-embedding-3-small'),
          value: 'sunny day',
          maxRetries: 0,
          abortSignal,
        }),
      ),
  },
  {
    name: 'speech',
    path: '/v1/audio/speech',
    priced: true,
    run: async (gw, abortSignal) =>
      done(await generateSpeech({ model: gw.speech('tts-1'), text: 'Hello', maxRetries: 0, abortSignal })),
  },
  {
    name: 'transcription',
    path: '/v1/audio/transcriptions',
    priced: true,
    run: async (gw, abortSignal) =>
      done(await transcribe({ model: gw.transcription('whisper-1'), audio: WAV, maxRetries: 0, abortSignal })),
  },
  {
    name: 'image',
    path: '/alt/v1/images/generations',
    priced: true,
    run: async (gw, abortSignal) =>
      done(await generateImage({ model: gw.image('dall-e-3'), prompt: 'A red circle', maxRetries: 0, abortSignal })),
  },
  {
    name: 'video doGenerate',
    path: '/alt/v1/videos/generations',
    priced: true,
    run: async (gw, abortSignal) => done(await gw.video('veo-3').doGenerate(videoCall(abortSignal))),
  },
  {
    name: 'videoJobs.create',
    path: '/alt/v1/videos/generations',
    priced: false,
    run: async (gw, abortSignal) =>
      done(await gw.videoJobs.create({ model: 'veo-3', prompt: 'A paper boat' }, { abortSignal, maxRetries: 0 })),
  },
  {
    name: 'videoJobs.get (the status poll)',
    path: '/alt/v1/videos/status/',
    priced: false,
    run: async (gw, abortSignal) => {
      const { jobId } = await gw.videoJobs.create(
        { model: 'veo-3', prompt: 'A paper boat' },
        { abortSignal, maxRetries: 0 },
      );
      return done(await gw.videoJobs.get(jobId, { abortSignal, maxRetries: 0 }));
    },
  },
  {
    name: 'catalog.page',
    path: '/api/public/models',
    priced: false,
    run: async (gw, abortSignal) => done(await gw.catalog.page({}, { abortSignal, maxRetries: 0 })),
  },
  {
    name: 'listModels',
    path: '/v1/models',
    priced: false,
    run: async (gw, abortSignal) => done(await gw.listModels({ abortSignal, maxRetries: 0 })),
  },
];
