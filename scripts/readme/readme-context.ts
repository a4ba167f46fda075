// What a README block may use without defining it, because an earlier block (or the text around it)
// did: the README lane imports from here the names a block uses but does not declare. The lane adds
// the names that differ between AI SDK majors (generateSpeech, transcribe). Keep each value what the
// README says it is; `gw` reads UNIGATE_API_KEY and UNIGATE_SITE_URL, which the lane points at the
// emulator. Written for ai@7, as the blocks are: on ai@6 the lane imports the root entry instead of /v4.
import { tool } from 'ai';
import { z } from 'zod';
import { createUnigate } from 'unigate-ai-provider/v4';
import type { UnigateVideoJob } from 'unigate-ai-provider/v4';

export {
  APICallError,
  cosineSimilarity,
  createProviderRegistry,
  embed,
  embedMany,
  experimental_generateVideo,
  experimental_generateVideo as generateVideo,
  generateImage,
  generateText,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
export { z } from 'zod';
export { createUnigate, toSrt, toVtt, unigate } from 'unigate-ai-provider/v4';
export type {
  UnigateChatProviderOptions,
  UnigateEmbeddingProviderOptions,
  UnigateErrorData,
  UnigateImageProviderMetadata,
  UnigateMessagesProviderOptions,
  UnigatePriceTable,
  UnigateSpeechProviderMetadata,
} from 'unigate-ai-provider/v4';
export { createUnigateEmulator } from 'unigate-ai-provider/testing';
export { readFile, writeFile } from 'node:fs/promises';

/**
 * The Setup section's provider. The lane's emulator server answers video jobs at once; polling it every
 * 20 ms (as `server.settings` does) keeps the video blocks from waiting 5 s a poll.
 */
export const gw = createUnigate({ videoPollIntervalMs: 20 });

/**
 * The Video section's `emulator`: here the lane's server, whose files `download` fetches (the AI SDK's
 * own download refuses loopback hosts).
 */
export const emulator = {
  download: async ({ url, abortSignal }: { url: URL; abortSignal?: AbortSignal }) => {
    const response = await fetch(url, { signal: abortSignal });
    if (!response.ok) throw new Error(`Download of ${url} failed with HTTP ${response.status}`);
    return {
      data: new Uint8Array(await response.arrayBuffer()),
      mediaType: response.headers.get('content-type') ?? undefined,
    };
  },
};

/** The fallback section's "another provider": here a second provider over the lane's emulator. */
export const otherProvider = createUnigate();

/** The chat section's tool. */
export const weather = tool({
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, temperature: 21, unit: 'C' }),
});

/** "a Uint8Array or a base64 string": a 1x1 PNG. */
export const pngBytes = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  char => char.charCodeAt(0),
);

/** "Texts longer than 4096 characters". */
export const longText = 'The gateway reads this sentence aloud. '.repeat(120);

/** The free names of the `gw.videoJobs` block: a job's request and wait options. */
export const prompt = 'A paper boat drifting down a rainy street';
export const user = 'user-42';
export const pollIntervalMs = 100;
export const timeoutMs = 30_000;
export const abortSignal = AbortSignal.timeout(60_000);
export const onStatus = (job: UnigateVideoJob): void => {
  void job.status;
};
