import type { EmulatorModel } from './emulator-context';
import { createEmulatorDownload, type UnigateEmulatorDownload } from './emulator-download';
import { createEmulatorRouter, type EmulatorRequestLogEntry } from './emulator-router';
import { BYTE_COUNTING, WORD_COUNTING } from './emulator-text';
import { createPromptCache } from './prompt-cache';
import { SAMPLE_MODELS } from './sample-catalog';
import { createVideoJobStore, type VideoJobTiming } from './video-jobs';

/** The origin `emulator.settings` uses; any host works, the emulator routes by path. */
export const EMULATOR_ORIGIN = 'http://unigate.emulator';

/**
 * The key `emulator.settings.apiKey` carries when no `apiKey` option is given. It is no password: without
 * that option the emulator accepts any non-empty key, this one included.
 */
export const EMULATOR_API_KEY = 'sk-unigate-emulator';

/**
 * The `videoPollIntervalMs` of the emulator's settings: a job that completes on its second poll (the
 * default) is done in about 40 ms instead of the 10 s the gateway's 5-second loop would take.
 */
export const EMULATOR_VIDEO_POLL_INTERVAL_MS = 20;

/** Options of `createUnigateEmulator`. */
export interface UnigateEmulatorOptions {
  /**
   * Narrows the accepted keys to this one or these; any other key gets 401 "Invalid API key: this emulator
   * accepts only the key(s) given in its apiKey option". Default: any non-empty key is accepted (bearer, or
   * `x-api-key` on the messages endpoint); a missing key is always 401. `settings.apiKey` is the first key
   * given, else `EMULATOR_API_KEY`.
   */
  apiKey?: string | readonly string[];
  /**
   * Authenticated requests allowed per UTC day (by `now`); the next one gets 429 until midnight UTC.
   * Every endpoint with a key counts, the public catalog does not. Default: no limit.
   */
  dailyRequestLimit?: number;
  /** Clock in ms since epoch, for `created` fields, the daily limit and `Date` headers. Default `Date.now`. */
  now?: () => number;
  /** Models the key may not use: 403 in the endpoint's error shape. Default: none. */
  deniedModels?: readonly string[];
  /**
   * Models whose upstream is down: every request for one gets 503 (kind `server`) in the endpoint's error
   * shape while other models answer, e.g. to drive a fallback. Default: none.
   */
  downModels?: readonly string[];
  /** Replaces the sample catalog (see SAMPLE_CATALOG_NOTE). */
  models?: readonly EmulatorModel[];
  /** Pause between SSE events in ms, to watch a stream arrive (demos, loopback tests). Default 0. */
  streamDelayMs?: number;
  /**
   * Prompt caching, as the upstreams do it. Default `true`: on the messages endpoint, the prefix up to each
   * `cache_control` breakpoint (of 1,024 tokens or more) is remembered for its `ttl` (5 minutes by default,
   * or `'1h'`, by `now`): a request that repeats it reports those tokens as `cache_read_input_tokens`, one
   * that caches it first as `cache_creation_input_tokens` (split by TTL in `cache_creation`), and
   * `input_tokens` is the rest. On chat
   * completions, every message-boundary prefix of 1,024 tokens or more is cached by itself for 5 minutes,
   * and a repeat reports `usage.prompt_tokens_details.cached_tokens` (within `prompt_tokens`). `false`:
   * nothing is cached, every input token is fresh, so a test can show the difference.
   */
  caching?: boolean;
  /**
   * How input tokens are counted. `'words'` (default): a word, number or punctuation mark is a token, an
   * image 85. `'bytes'`: as pessimistically as any real tokenizer, a token per UTF-8 byte of text, an image
   * 1,600, and chat completions' tool definitions counted too: for tests that a bound holds.
   */
  tokenCounting?: 'words' | 'bytes';
  /**
   * When video jobs finish: after `pollsToComplete` status polls (default 2: `processing`, then
   * `completed`), or `msToComplete` ms of `now` after creation. Jobs live in this emulator instance.
   */
  videoJob?: VideoJobTiming;
}

/** Settings for `createUnigate(...)` that point the provider at an emulator. */
export interface UnigateEmulatorSettings {
  siteURL: string;
  baseURL: string;
  altBaseURL: string;
  apiKey: string;
  /** `EMULATOR_VIDEO_POLL_INTERVAL_MS` (20): video jobs finish in milliseconds, not seconds. */
  videoPollIntervalMs: number;
  /** Set for the in-process emulator; absent for a listening server (the real fetch reaches it). */
  fetch?: typeof globalThis.fetch;
}

/** A running loopback server of the emulator. */
export interface UnigateEmulatorServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Settings for `createUnigate(server.settings)` against this server (no custom fetch). */
  settings: UnigateEmulatorSettings;
  /**
   * The AI SDK's `download` option for this server's files (`experimental_generateVideo({ download })`):
   * the SDK's default downloader refuses loopback URLs. Fetches only URLs on `url`.
   */
  download: UnigateEmulatorDownload;
  /** Stops the server and ends open connections. */
  close(): Promise<void>;
}

/** The emulator: one Fetch-API handler for the whole documented surface, three ways to use it. */
export interface UnigateEmulator {
  /** `(request) => Promise<Response>`: mount it in msw or any Fetch-API server. */
  handler: (request: Request) => Promise<Response>;
  /** A `fetch` served in process by `handler` (honours abort signals): `createUnigate({ fetch })`. */
  fetch: typeof globalThis.fetch;
  /** `{ siteURL, baseURL, altBaseURL, apiKey, videoPollIntervalMs, fetch }` for `createUnigate(emulator.settings)`. */
  settings: UnigateEmulatorSettings;
  /**
   * The AI SDK's `download` option for the emulator's files (`experimental_generateVideo({ download })`),
   * served in process by `handler`: the emulator's host resolves nowhere.
   */
  download: UnigateEmulatorDownload;
  /** Serves `handler` on 127.0.0.1 (Node only; `port` 0 or absent picks a free one). */
  listen(options?: { port?: number }): Promise<UnigateEmulatorServer>;
  /** Every request answered, in order, for counting requests in tests. */
  requests: EmulatorRequestLogEntry[];
  /** The catalog in use, by id. */
  models: ReadonlyMap<string, EmulatorModel>;
  /** Authenticated requests counted today (UTC day of `now`). */
  dailyRequestCount(): number;
  /** Sets today's count back to 0. */
  resetDailyCount(): void;
}

function settingsFor(origin: string, apiKey: string, fetch?: typeof globalThis.fetch): UnigateEmulatorSettings {
  const settings: UnigateEmulatorSettings = {
    siteURL: origin,
    baseURL: `${origin}/v1`,
    altBaseURL: `${origin}/alt/v1`,
    apiKey,
    videoPollIntervalMs: EMULATOR_VIDEO_POLL_INTERVAL_MS,
  };
  if (fetch) settings.fetch = fetch;
  return settings;
}

/** A body that errors with the signal's reason when it aborts, like a real fetch's body does. */
function abortableBody(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let onAbort = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        controller.error(signal.reason);
        void reader.cancel(signal.reason).catch(() => {});
      };
      signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) {
        signal.removeEventListener('abort', onAbort);
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      signal.removeEventListener('abort', onAbort);
      return reader.cancel(reason);
    },
  });
}

/**
 * An in-process emulator of the Unigate gateway, written from the wire facts in the repository's docs/README.md,
 * deterministic (same request, same answer; time only from `now`). Serves: `GET /api/public/models`,
 * `GET /v1/models`, `POST /v1/chat/completions`,
 * `POST /v1/embeddings` (hashed bag-of-words vectors, float or base64, `dimensions`),
 * `POST /v1/audio/speech` (decodable mp3, opus, aac, flac or wav with its Content-Type),
 * `POST /v1/audio/transcriptions` (all five response formats; segment times fit the audio's length),
 * `POST /v1/images/generations` (real PNGs drawn from the prompt, `b64_json` or `url`; the links at
 * `GET /files/images/<name>.png`; a prompt under four words gets a `revised_prompt`),
 * `POST /api/v1/messages`, `POST /v1/videos/generations`, `GET /v1/videos/status/:jobId` (jobs
 * move pending -> processing -> completed by polls or the clock: option `videoJob`) and the finished
 * files at `GET /files/videos/:jobId/video.mp4|thumbnail.jpg` (a small real MP4 and JPEG). Chat, images
 * and video are also served under `/alt/v1`, so a site URL alone or the settings' alt base both work.
 * Other paths answer 404. Any non-empty key works unless `apiKey` narrows it; every answer carries a
 * `Date` header from `now`.
 *
 * Markers in the last user message force behaviour: `[[emulator:status:<code>]]` (HTTP error in the
 * family's shape), `[[emulator:stream-error]]` (error mid-stream), `[[emulator:cut]]` (a stream that ends
 * without its completion signal), `[[emulator:truncate]]` (body cut mid-JSON) (see EmulatorFault), `[[emulator:parallel-tools]]` (call every offered tool at once), and,
 * in a video prompt, `[[emulator:video-fail]]` (the job ends `failed` with an `error.message`).
 *
 * @example
 * const emulator = createUnigateEmulator();
 * const gw = createUnigate(emulator.settings);
 * const { text } = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello' }); // 'You said: Hello'
 * const { video } = await experimental_generateVideo({ model: gw.video('veo-3'), prompt: 'A boat', download: emulator.download });
 */
export function createUnigateEmulator(options: UnigateEmulatorOptions = {}): UnigateEmulator {
  const { apiKey } = options;
  const apiKeys = apiKey === undefined ? undefined : typeof apiKey === 'string' ? [apiKey] : [...apiKey];
  if (apiKeys?.length === 0) throw new Error('createUnigateEmulator: apiKey must name at least one key');
  const settingsKey = apiKeys?.[0] ?? EMULATOR_API_KEY;
  const models = new Map((options.models ?? SAMPLE_MODELS).map(model => [model.id, model]));
  const requests: EmulatorRequestLogEntry[] = [];
  const now = options.now ?? Date.now;
  const router = createEmulatorRouter({
    apiKeys,
    dailyRequestLimit: options.dailyRequestLimit ?? Infinity,
    now,
    deniedModels: new Set(options.deniedModels ?? []),
    downModels: new Set(options.downModels ?? []),
    models,
    streamDelayMs: options.streamDelayMs ?? 0,
    log: requests,
    videoJobs: createVideoJobStore(now, options.videoJob),
    promptCache: createPromptCache(now, options.caching ?? true),
    inputCounting: options.tokenCounting === 'bytes' ? BYTE_COUNTING : WORD_COUNTING,
  });
  const handler = (request: Request) => router.handle(request);

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // A streamed request body needs duplex 'half' in Node's Request; callers of fetch rarely set it.
    const needsDuplex = init?.body instanceof ReadableStream && !('duplex' in init);
    const request = new Request(input, needsDuplex ? ({ ...init, duplex: 'half' } as RequestInit) : init);
    const { signal } = request;
    if (signal.aborted) throw signal.reason;
    const response = await handler(request);
    if (signal.aborted) throw signal.reason;
    if (response.body === null) return response;
    return new Response(abortableBody(response.body, signal), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  return {
    handler,
    fetch: fetch as typeof globalThis.fetch,
    settings: settingsFor(EMULATOR_ORIGIN, settingsKey, fetch as typeof globalThis.fetch),
    download: createEmulatorDownload(fetch as typeof globalThis.fetch),
    async listen({ port } = {}) {
      const { startNodeServer } = await import('./node-server');
      const server = await startNodeServer(handler, port);
      return {
        url: server.url,
        settings: settingsFor(server.url, settingsKey),
        download: createEmulatorDownload(globalThis.fetch, server.url),
        close: server.close,
      };
    },
    requests,
    models,
    dailyRequestCount: router.dailyCount,
    resetDailyCount: router.resetDailyCount,
  };
}
