// What runs INSIDE each runtime (workerd, Deno, Bun, Chromium, and Node for the reference).
// It only observes: every call's outcome is returned as plain JSON, and run.mjs judges it in Node,
// so the assertions live in one place and a runtime cannot pass by accident.
// Uses web APIs only: this file is bundled with the built package and `ai` for runtimes without Node.
import { createUnigate } from '../dist/index.js';
import {
  embedMany,
  experimental_generateSpeech as generateSpeech,
  experimental_transcribe as transcribe,
  generateImage,
  generateText,
  streamText,
} from 'ai';
import {
  CHAT_MODEL,
  EMBED_TEXTS,
  EMBEDDING_MODEL,
  IMAGE_MODEL,
  IMAGE_PROMPT,
  MESSAGES_MODEL,
  PROMPT,
  REDIRECT_HEADER,
  SPEECH_FORMATS,
  SPEECH_MODEL,
  SPEECH_TEXT,
  TRANSCRIPTION_MODEL,
  VIDEO_MODEL,
  VIDEO_PROMPT,
  WAV_SAMPLE_RATE,
  WAV_SECONDS,
} from './check-names.mjs';

// One call may not hang the runtime: it ends in an error the report shows.
const CALL_TIMEOUT_MS = 15_000;

function describeError(error) {
  if (error instanceof Error || (error && typeof error === 'object')) {
    return {
      name: String(error.name ?? 'Error'),
      message: String(error.message ?? error),
      statusCode: typeof error.statusCode === 'number' ? error.statusCode : undefined,
      isRetryable: typeof error.isRetryable === 'boolean' ? error.isRetryable : undefined,
    };
  }
  return { name: typeof error, message: String(error) };
}

async function attempt(run) {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}

function usageNumbers(usage) {
  return { inputTokens: usage?.inputTokens, outputTokens: usage?.outputTokens, totalTokens: usage?.totalTokens };
}

async function generated(model) {
  const result = await generateText({
    model,
    prompt: PROMPT,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return {
    text: result.text,
    finishReason: result.finishReason,
    usage: usageNumbers(result.usage),
    warnings: result.warnings ?? [],
    modelId: result.response?.modelId,
  };
}

async function streamed(model) {
  const result = streamText({
    model,
    prompt: PROMPT,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const deltas = [];
  const errors = [];
  const partTypes = [];
  for await (const part of result.fullStream) {
    if (partTypes[partTypes.length - 1] !== part.type) partTypes.push(part.type);
    if (part.type === 'text-delta') deltas.push(part.text);
    if (part.type === 'error') errors.push(describeError(part.error));
  }
  // The AI SDK reports a failed stream as error parts; name the first one rather than a later symptom.
  if (errors.length > 0) {
    const error = new Error(`error part in the stream: ${errors[0].name}: ${errors[0].message}`);
    error.name = 'StreamErrorPart';
    throw error;
  }
  return {
    text: deltas.join(''),
    deltaCount: deltas.length,
    // Consecutive duplicates collapsed: the part sequence's shape, independent of chunk counts.
    partTypes,
    finishReason: await result.finishReason,
    usage: usageNumbers(await result.usage),
    warnings: (await result.warnings) ?? [],
  };
}

function callSettings() {
  return { maxRetries: 0, abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) };
}

/** The first `count` bytes, as numbers (JSON-safe). */
function firstBytes(bytes, count) {
  return Array.from(bytes.subarray(0, count));
}

/** True when two lists of vectors hold the same float64 bits (so -0 and NaN are compared exactly too). */
function bitIdentical(left, right) {
  if (left.length !== right.length) return false;
  return left.every((vector, i) => {
    if (vector.length !== right[i].length) return false;
    const a = new Float64Array(vector);
    const b = new Float64Array(right[i]);
    const aBits = new Uint32Array(a.buffer);
    const bBits = new Uint32Array(b.buffer);
    return aBits.every((word, j) => word === bBits[j]);
  });
}

// Embeddings: the default base64 encoding (decoded by the package with atob) and float must agree bit for bit.
async function embedded(gw) {
  const model = gw.embedding(EMBEDDING_MODEL);
  const base64 = await embedMany({ model, values: EMBED_TEXTS, ...callSettings() });
  const float = await embedMany({
    model,
    values: EMBED_TEXTS,
    providerOptions: { unigate: { encodingFormat: 'float' } },
    ...callSettings(),
  });
  return {
    count: base64.embeddings.length,
    lengths: base64.embeddings.map(vector => vector.length),
    floatLengths: float.embeddings.map(vector => vector.length),
    identical: bitIdentical(base64.embeddings, float.embeddings),
    first: base64.embeddings[0].slice(0, 3),
    // The emulator's vectors are sparse (hashed words): the first non-zero entries, as [index, value].
    firstNonZero: base64.embeddings.map(vector =>
      vector.flatMap((value, index) => (value === 0 ? [] : [[index, value]])).slice(0, 3),
    ),
    norms: base64.embeddings.map(vector => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0))),
    usageTokens: base64.usage?.tokens,
  };
}

async function spoken(gw) {
  const results = {};
  for (const outputFormat of SPEECH_FORMATS) {
    const result = await generateSpeech({
      model: gw.speech(SPEECH_MODEL),
      text: SPEECH_TEXT,
      outputFormat,
      ...callSettings(),
    });
    const bytes = result.audio.uint8Array;
    results[outputFormat] = {
      byteLength: bytes.byteLength,
      firstBytes: firstBytes(bytes, 4),
      mediaType: result.providerMetadata?.unigate?.mediaType,
      audioMediaType: result.audio.mediaType,
      warnings: result.warnings ?? [],
    };
  }
  return results;
}

/**
 * A 16-bit PCM mono WAV of a 400 Hz square wave, built with DataView (no Node API). Written here, not
 * taken from the emulator (whose WAV writer is internal and not exported): the upload is the caller's.
 * Integer samples only, so every runtime uploads the same bytes.
 */
function synthesiseWav(sampleRate, seconds) {
  const samples = sampleRate * seconds;
  const dataBytes = samples * 2;
  const view = new DataView(new ArrayBuffer(44 + dataBytes));
  const ascii = (at, text) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples; i++) {
    view.setInt16(44 + i * 2, Math.floor((i * 800) / sampleRate) % 2 === 0 ? 8000 : -8000, true);
  }
  return new Uint8Array(view.buffer);
}

// The multipart upload: a streamed body outside browsers (ReadableStream + duplex 'half'), one Blob in browsers.
// A provider whose fetch notes the upload's body kind, then hands the call to the runtime's own fetch.
async function transcribed(siteURL, apiKey) {
  const uploads = [];
  const recordingFetch = (input, init) => {
    const body = init?.body;
    const kind = body instanceof ReadableStream ? 'stream' : body instanceof Blob ? 'blob' : typeof body;
    uploads.push(kind === 'stream' ? `stream, duplex ${init.duplex}` : kind);
    return globalThis.fetch(input, init);
  };
  const gw = createUnigate({ ...gatewaySettings(siteURL, apiKey), fetch: recordingFetch });
  const audio = synthesiseWav(WAV_SAMPLE_RATE, WAV_SECONDS);
  const result = await transcribe({ model: gw.transcription(TRANSCRIPTION_MODEL), audio, ...callSettings() });
  return {
    // Differs by design: 'blob' in browsers, 'stream, duplex half' elsewhere (judged per runtime).
    uploads,
    uploadBytes: audio.byteLength,
    text: result.text,
    segmentCount: result.segments.length,
    language: result.language,
    durationInSeconds: result.durationInSeconds,
    warnings: result.warnings ?? [],
  };
}

async function imaged(gw) {
  const result = await generateImage({
    model: gw.image(IMAGE_MODEL),
    prompt: IMAGE_PROMPT,
    size: '256x256',
    n: 1,
    ...callSettings(),
  });
  const bytes = result.images[0].uint8Array;
  return {
    count: result.images.length,
    byteLength: bytes.byteLength,
    signature: firstBytes(bytes, 8),
    mediaType: result.images[0].mediaType,
    revisedPrompt: result.providerMetadata?.unigate?.images?.[0]?.revisedPrompt,
    warnings: result.warnings ?? [],
  };
}

// Not downloaded: the AI SDK's downloader refuses loopback addresses.
async function videoed(gw, siteURL) {
  const job = await gw.videoJobs.generate(
    { model: VIDEO_MODEL, prompt: VIDEO_PROMPT },
    { pollIntervalMs: 10, ...callSettings() },
  );
  const origin = new URL(siteURL).origin;
  const onOrigin = url => typeof url === 'string' && new URL(url).origin === origin;
  // The paths with the job id (different each run) replaced, so runtimes compare equal.
  const pathOf = url => (typeof url === 'string' ? new URL(url).pathname.split(job.jobId).join(':jobId') : undefined);
  return {
    status: job.status,
    hasJobId: typeof job.jobId === 'string' && job.jobId.length > 0,
    videoPath: pathOf(job.result?.videoUrl),
    thumbnailPath: pathOf(job.result?.thumbnailUrl),
    videoUrlOnOrigin: onOrigin(job.result?.videoUrl),
    thumbnailUrlOnOrigin: onOrigin(job.result?.thumbnailUrl),
  };
}

async function costed(siteURL, apiKey) {
  const gw = createUnigate({ ...gatewaySettings(siteURL, apiKey), pricing: 'catalog' });
  // A call never waits for its price: with the catalog loaded first, the chat call is priced whichever
  // of the two requests the emulator answers first.
  await gw.catalog.get(CHAT_MODEL, { abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const result = await generateText({ model: gw.chat(CHAT_MODEL), prompt: PROMPT, ...callSettings() });
  const estimate = await gw.estimateCost({ model: SPEECH_MODEL, characters: 1000 });
  return {
    chatCost: result.providerMetadata?.unigate?.cost,
    warnings: result.warnings ?? [],
    speechEstimate: estimate,
  };
}

/**
 * Redirects, through the page server's `redirectBase` (`.../__redirect/<runtime>`): a 307 off the
 * gateway (to the foreign host) must fail before anything is sent there; a 307 that stays on the
 * gateway's origin is followed, replaying the streamed upload. Browsers hide every redirect's target
 * (an opaque redirect), so in Chromium both are refused.
 */
async function redirected(redirectBase, apiKey) {
  const away = createUnigate({
    ...gatewaySettings(`${redirectBase}/away`, apiKey),
    headers: { [REDIRECT_HEADER]: 'smoke' },
  });
  const offOrigin = await attempt(() => generated(away.messages(MESSAGES_MODEL)));
  const onOrigin = await attempt(() => transcribed(`${redirectBase}/hop`, apiKey));
  // The base names the runtime and the page server's port: replaced, so runtimes compare equal.
  return JSON.parse(JSON.stringify({ offOrigin, onOrigin }).split(redirectBase).join(':redirectBase'));
}

/** The provider settings for the emulator at `siteURL`: images and video live under its `/alt/v1` base. */
function gatewaySettings(siteURL, apiKey) {
  return { siteURL, altBaseURL: `${siteURL.replace(/\/$/, '')}/alt/v1`, apiKey };
}

/** Facts about the runtime itself, so run.mjs can prove the code ran where it claims. */
export function describeRuntime() {
  return {
    userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
    hasProcess: typeof globalThis.process !== 'undefined',
    hasBuffer: typeof globalThis.Buffer !== 'undefined',
    hasDeno: typeof globalThis.Deno !== 'undefined',
    hasBun: typeof globalThis.Bun !== 'undefined',
    hasWindow: typeof globalThis.window !== 'undefined',
  };
}

/**
 * Runs every check against the gateway at `siteURL` (the redirect check against `redirectBase`) and
 * returns what happened, as JSON-safe data:
 * `{ runtime, checks: { [name]: { ok: true, value } | { ok: false, error } } }`.
 */
export async function observe({ siteURL, apiKey, redirectBase }) {
  const gw = createUnigate(gatewaySettings(siteURL, apiKey));
  const checks = {};
  checks.listModels = await attempt(() =>
    gw.listModels({ maxRetries: 0, abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
  );
  checks['catalog.page'] = await attempt(() =>
    gw.catalog.page({}, { maxRetries: 0, abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
  );
  // A model accessor that throws (e.g. NoSuchModelError while a format is missing) fails its checks.
  checks['chat generateText'] = await attempt(() => generated(gw.chat(CHAT_MODEL)));
  // One part per upstream delta: the checks compare delta counts across runtimes, and merging (the
  // default) depends on how each runtime's fetch happens to split the body into reads.
  const unmerged = createUnigate({ ...gatewaySettings(siteURL, apiKey), mergeStreamDeltas: false });
  checks['chat streamText'] = await attempt(() => streamed(unmerged.chat(CHAT_MODEL)));
  checks['messages generateText'] = await attempt(() => generated(gw.messages(MESSAGES_MODEL)));
  checks['messages streamText'] = await attempt(() => streamed(unmerged.messages(MESSAGES_MODEL)));
  checks['embed base64'] = await attempt(() => embedded(gw));
  checks.speech = await attempt(() => spoken(gw));
  checks.transcription = await attempt(() => transcribed(siteURL, apiKey));
  checks.image = await attempt(() => imaged(gw));
  checks.video = await attempt(() => videoed(gw, siteURL));
  checks.cost = await attempt(() => costed(siteURL, apiKey));
  checks.redirect = await attempt(() => redirected(redirectBase, apiKey));
  // The spec of the entry this bundle loaded: v3 at the root, v4 at /v4.
  return { runtime: { ...describeRuntime(), spec: gw.chat(CHAT_MODEL).specificationVersion }, checks };
}
