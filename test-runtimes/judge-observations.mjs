// What must hold for a runtime's observations (smoke-checks.mjs), judged in Node. Each check is
// asserted on its own (shape, exact values the emulator is known to give) and, where the Node
// reference run succeeded, must equal that reference exactly: the same package gives the same
// results everywhere.
import assert from 'node:assert/strict';
import {
  CHAT_MODEL,
  CHECK_NAMES,
  EMBED_TEXTS,
  IMAGE_PROMPT,
  MESSAGES_MODEL,
  PROMPT,
  REDIRECT_SIGNATURE,
  SPEECH_FORMATS,
  WAV_SAMPLE_RATE,
  WAV_SECONDS,
} from './check-names.mjs';

/** What each runtime must report about itself, so a check cannot pass in the wrong place. */
const IDENTITY = {
  node: r => {
    assert.ok(r.hasProcess && r.hasBuffer, 'Node has process and Buffer');
    assert.ok(!r.hasDeno && !r.hasBun, 'not Deno or Bun');
  },
  workerd: r => {
    assert.equal(r.userAgent, 'Cloudflare-Workers');
    // nodejs_compat is off: the package needs no Node API.
    assert.equal(r.hasProcess, false, 'workerd without nodejs_compat has no process');
    assert.equal(r.hasBuffer, false, 'workerd without nodejs_compat has no Buffer');
  },
  deno: r => {
    assert.equal(r.hasDeno, true, 'Deno global present');
    assert.match(r.userAgent ?? '', /^Deno\//);
  },
  bun: r => {
    assert.equal(r.hasBun, true, 'Bun global present');
    assert.match(r.userAgent ?? '', /^Bun\//);
  },
  chromium: r => {
    assert.equal(r.hasWindow, true, 'window present');
    assert.match(r.userAgent ?? '', /Chrome\//);
    assert.equal(r.hasProcess, false, 'a page has no process');
    assert.equal(r.hasBuffer, false, 'a page has no Buffer');
  },
};

function checkModels(models) {
  assert.ok(Array.isArray(models) && models.length > 0, 'a non-empty model list');
  for (const model of models) {
    assert.equal(typeof model.id, 'string', `model id is a string: ${JSON.stringify(model)}`);
    assert.equal(model.object, 'model');
    assert.equal(typeof model.created, 'number', `created is a number: ${JSON.stringify(model)}`);
    assert.equal(typeof model.ownedBy, 'string', `ownedBy is a string: ${JSON.stringify(model)}`);
  }
  const ids = models.map(model => model.id);
  assert.equal(new Set(ids).size, ids.length, 'model ids are unique');
  assert.ok(ids.includes(CHAT_MODEL), `the list has ${CHAT_MODEL}`);
  assert.ok(ids.includes(MESSAGES_MODEL), `the list has ${MESSAGES_MODEL}`);
}

function checkCatalogPage(page) {
  assert.equal(page.page, 1);
  assert.equal(page.limit, 50);
  assert.ok(page.entries.length > 0 && page.entries.length <= 50, `1..50 entries, got ${page.entries.length}`);
  assert.ok(page.total >= page.entries.length, 'total covers the page');
  assert.equal(page.pages, Math.ceil(page.total / page.limit));
  for (const entry of page.entries) {
    const shown = JSON.stringify(entry);
    assert.equal(typeof entry.id, 'string', shown);
    assert.equal(typeof entry.provider, 'string', shown);
    assert.equal(typeof entry.isNew, 'boolean', shown);
    // Normalised in the runtime: numeric strings have become numbers.
    for (const field of ['inputPrice', 'outputPrice', 'contextWindow']) {
      if (field in entry) assert.equal(typeof entry[field], 'number', `${field} is a number: ${shown}`);
    }
  }
  assert.ok(page.providers.length > 0, 'provider tabs present');
  for (const provider of page.providers) {
    assert.equal(typeof provider.name, 'string');
    assert.equal(typeof provider.count, 'number');
  }
}

function checkUsage(usage) {
  assert.ok(usage.inputTokens > 0, `inputTokens > 0, got ${usage.inputTokens}`);
  assert.ok(usage.outputTokens > 0, `outputTokens > 0, got ${usage.outputTokens}`);
  assert.equal(usage.totalTokens, usage.inputTokens + usage.outputTokens, 'totalTokens = input + output');
}

/** The parts of a one-step text stream, consecutive repeats collapsed. */
const TEXT_STREAM_PARTS = ['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'finish-step', 'finish'];

function checkGenerated(result, modelId) {
  assert.equal(typeof result.text, 'string');
  // The emulator echoes the prompt: it went through this runtime's request body intact.
  assert.ok(result.text.includes(PROMPT), `the answer echoes the prompt, got ${JSON.stringify(result.text)}`);
  assert.equal(result.finishReason, 'stop');
  assert.equal(result.modelId, modelId);
  checkUsage(result.usage);
  assert.deepEqual(result.warnings, []);
}

function checkStreamed(result, generated) {
  assert.ok(result.deltaCount >= 2, `the text arrives in several deltas, got ${result.deltaCount}`);
  assert.deepEqual(result.partTypes, TEXT_STREAM_PARTS);
  assert.ok(result.text.includes(PROMPT), `the streamed answer echoes the prompt, got ${JSON.stringify(result.text)}`);
  assert.equal(result.finishReason, 'stop');
  checkUsage(result.usage);
  assert.deepEqual(result.warnings, []);
  // The same prompt streamed gives the text generateText gave in this runtime.
  if (generated?.ok) assert.equal(result.text, generated.value.text, 'streamed text equals generated text');
}

/** Dimensions of text-embedding-3-small. */
const EMBEDDING_DIMENSIONS = 1536;

function checkEmbedded(result) {
  assert.equal(result.count, EMBED_TEXTS.length);
  assert.deepEqual(
    result.lengths,
    EMBED_TEXTS.map(() => EMBEDDING_DIMENSIONS),
  );
  assert.deepEqual(result.floatLengths, result.lengths, "float vectors have the base64 vectors' lengths");
  // Decoded with atob in this runtime, the base64 vectors equal the float ones bit for bit.
  assert.equal(result.identical, true, 'base64 and float vectors are bit-identical');
  assert.equal(result.first.length, 3);
  for (const value of result.first) assert.equal(typeof value, 'number');
  assert.equal(result.firstNonZero.length, EMBED_TEXTS.length);
  for (const entries of result.firstNonZero) {
    assert.ok(entries.length > 0, 'every vector has a non-zero entry');
    for (const [index, value] of entries) {
      assert.ok(Number.isInteger(index) && index >= 0 && index < EMBEDDING_DIMENSIONS, `index ${index}`);
      assert.ok(Number.isFinite(value) && value !== 0, `value ${value}`);
    }
  }
  for (const norm of result.norms) assert.ok(Math.abs(norm - 1) < 1e-6, `unit-length vectors, got norm ${norm}`);
  assert.ok(result.usageTokens > 0, `usage tokens > 0, got ${result.usageTokens}`);
}

/** What each speech format starts with and is labelled as. */
const SPEECH_EXPECTED = {
  wav: { mediaType: 'audio/wav', starts: bytes => bytes.every((b, i) => b === 'RIFF'.charCodeAt(i)) },
  // An MPEG frame sync (11 set bits), or an ID3 tag.
  mp3: {
    mediaType: 'audio/mpeg',
    starts: bytes =>
      (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) || String.fromCharCode(...bytes.slice(0, 3)) === 'ID3',
  },
};

function checkSpoken(result) {
  assert.deepEqual(Object.keys(result), SPEECH_FORMATS);
  for (const format of SPEECH_FORMATS) {
    const audio = result[format];
    const expected = SPEECH_EXPECTED[format];
    assert.ok(audio.byteLength > 44, `${format}: some audio bytes, got ${audio.byteLength}`);
    assert.equal(audio.firstBytes.length, 4);
    assert.ok(
      expected.starts(audio.firstBytes),
      `${format} starts like ${format}, got ${JSON.stringify(audio.firstBytes)}`,
    );
    assert.equal(audio.mediaType, expected.mediaType, `${format}: providerMetadata.unigate.mediaType`);
    assert.equal(audio.audioMediaType, expected.mediaType, `${format}: audio.mediaType`);
    assert.deepEqual(audio.warnings, []);
  }
}

function checkTranscribed(result, runtime) {
  // One multipart upload: one Blob in a browser, a ReadableStream sent half duplex everywhere else.
  assert.deepEqual(
    result.uploads,
    [runtime === 'chromium' ? 'blob' : 'stream, duplex half'],
    'the multipart body kind',
  );
  // The synthesised WAV: a 44-byte header and 16-bit mono samples, uploaded whole.
  assert.equal(result.uploadBytes, 44 + WAV_SAMPLE_RATE * WAV_SECONDS * 2);
  assert.equal(typeof result.text, 'string');
  assert.ok(result.text.length > 0, 'a transcript');
  assert.ok(result.segmentCount > 0, `segments, got ${result.segmentCount}`);
  assert.equal(result.language, 'en');
  // The emulator reads the duration from the uploaded WAV's header: the bytes arrived intact.
  assert.equal(result.durationInSeconds, WAV_SECONDS);
  assert.deepEqual(result.warnings, []);
}

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

function checkImaged(result) {
  assert.equal(result.count, 1);
  assert.ok(result.byteLength > PNG_SIGNATURE.length, `image bytes, got ${result.byteLength}`);
  assert.deepEqual(result.signature, PNG_SIGNATURE, 'a PNG');
  assert.equal(result.mediaType, 'image/png');
  assert.equal(typeof result.revisedPrompt, 'string');
  assert.ok(
    result.revisedPrompt.includes(IMAGE_PROMPT),
    `the revised prompt names the prompt, got ${JSON.stringify(result.revisedPrompt)}`,
  );
  assert.deepEqual(result.warnings, []);
}

function checkVideoed(result) {
  assert.equal(result.status, 'completed');
  assert.equal(result.hasJobId, true, 'a job id');
  assert.equal(result.videoUrlOnOrigin, true, "videoUrl is on the gateway's origin");
  assert.equal(result.thumbnailUrlOnOrigin, true, "thumbnailUrl is on the gateway's origin");
  assert.match(result.videoPath ?? '', /\.mp4$/);
  assert.equal(typeof result.thumbnailPath, 'string');
}

function checkCost(cost, label) {
  assert.ok(cost && typeof cost === 'object', `${label}: a cost, got ${JSON.stringify(cost)}`);
  for (const field of ['input', 'output', 'total']) {
    assert.ok(
      typeof cost[field] === 'number' && Number.isFinite(cost[field]) && cost[field] >= 0,
      `${label}.${field} is a number: ${JSON.stringify(cost)}`,
    );
  }
  assert.ok(
    Math.abs(cost.total - (cost.input + cost.output)) < 1e-12,
    `${label}: total = input + output: ${JSON.stringify(cost)}`,
  );
  assert.equal(cost.unit, 'credits');
}

function checkCosted(result) {
  checkCost(result.chatCost, 'chat cost');
  assert.ok(
    result.chatCost.input > 0 && result.chatCost.output > 0,
    `chat input and output are priced: ${JSON.stringify(result.chatCost)}`,
  );
  assert.deepEqual(result.warnings, []);
  checkCost(result.speechEstimate, 'tts-1 estimate');
  // tts-1: 3.75 credits per 1M characters (a documented fixed price).
  assert.deepEqual(result.speechEstimate, { input: 0.00375, output: 0, total: 0.00375, unit: 'credits' });
}

const REFUSED_AWAY =
  /^Unigate refused a redirect: HTTP 307 from :redirectBase\/away\/api\/v1\/messages leads to http:\/\/127\.0\.0\.1:\d+, which is not one of the gateway's origins; nothing was sent there\.$/;
const opaqueRefusal = path =>
  `Unigate refused a redirect from :redirectBase${path}: this runtime hides where it leads (an opaque redirect), so it cannot be checked to stay on the gateway's origins.`;

function checkRefusal(observed, label, message) {
  assert.equal(observed.ok, false, `${label}: the call fails, got ${JSON.stringify(observed.value)?.slice(0, 200)}`);
  const { name, message: actual, statusCode, isRetryable } = observed.error;
  assert.equal(name, 'AI_APICallError', `${label}: an APICallError, got ${name}: ${actual}`);
  if (message instanceof RegExp) assert.match(actual, message, `${label}: the message`);
  else assert.equal(actual, message, `${label}: the message`);
  assert.ok(!actual.includes(REDIRECT_SIGNATURE), `${label}: the target's query is not in the message`);
  assert.equal(isRetryable, false, `${label}: not retryable`);
  return statusCode;
}

/**
 * A redirect off the gateway fails naming status and origin (Chromium: as an opaque redirect); one on
 * the gateway's origin is followed with the streamed upload sent again (Chromium: refused, opaque).
 * Either way the foreign host received nothing from this runtime.
 */
function checkRedirected(result, runtime, checks, foreignRequests) {
  assert.deepEqual(foreignRequests, [], 'the foreign host received no request');
  if (runtime === 'chromium') {
    checkRefusal(result.offOrigin, 'off the gateway', opaqueRefusal('/away/api/v1/messages'));
    checkRefusal(result.onOrigin, 'on the gateway', opaqueRefusal('/hop/v1/audio/transcriptions'));
    return;
  }
  assert.equal(checkRefusal(result.offOrigin, 'off the gateway', REFUSED_AWAY), 307, 'off the gateway: statusCode');
  const followed = result.onOrigin;
  assert.ok(followed.ok, `on the gateway: followed, got ${JSON.stringify(followed.error)}`);
  // Two uploads: the first answered 307, the second a fresh stream over the same bytes.
  assert.deepEqual(followed.value.uploads, ['stream, duplex half', 'stream, duplex half'], 'the upload is sent again');
  const direct = checks.transcription;
  if (direct?.ok) {
    const { uploads: _followedUploads, ...rest } = followed.value;
    const { uploads: _directUploads, ...expected } = direct.value;
    assert.deepEqual(rest, expected, 'the followed transcription equals the direct one');
  }
}

function shapeCheck(name, value, checks, runtime, foreignRequests) {
  switch (name) {
    case 'listModels':
      return checkModels(value);
    case 'catalog.page':
      return checkCatalogPage(value);
    case 'chat generateText':
      return checkGenerated(value, CHAT_MODEL);
    case 'messages generateText':
      return checkGenerated(value, MESSAGES_MODEL);
    case 'chat streamText':
      return checkStreamed(value, checks['chat generateText']);
    case 'messages streamText':
      return checkStreamed(value, checks['messages generateText']);
    case 'embed base64':
      return checkEmbedded(value);
    case 'speech':
      return checkSpoken(value);
    case 'transcription':
      return checkTranscribed(value, runtime);
    case 'image':
      return checkImaged(value);
    case 'video':
      return checkVideoed(value);
    case 'cost':
      return checkCosted(value);
    case 'redirect':
      return checkRedirected(value, runtime, checks, foreignRequests);
    default:
      throw new Error(`unknown check ${name}`);
  }
}

/** The part of a check's value every runtime must share with Node: the upload's body kind differs by design. */
function comparable(name, value) {
  if (name !== 'transcription') return value;
  const { uploads, ...rest } = value;
  return rest;
}

function failure(error) {
  return error instanceof assert.AssertionError
    ? error.message.split('\n').filter(Boolean).slice(0, 6).join(' ')
    : String(error?.message ?? error);
}

/**
 * Judges `observations` of `runtime` against `reference` (the Node run; undefined when judging the
 * reference itself); `foreignRequests` are what reached the redirect check's foreign host from this
 * runtime, `spec` the spec of the entry it was to load. Returns `[{ title, ok, reason? }]`: the identity
 * check, then one per check.
 */
export function judge(runtime, observations, reference, { foreignRequests = [], spec = 'v3' } = {}) {
  const verdicts = [];
  try {
    IDENTITY[runtime](observations.runtime);
    assert.equal(observations.runtime.spec, spec, 'the models are of the entry it loaded');
    verdicts.push({ title: 'runtime identity', ok: true });
  } catch (error) {
    verdicts.push({
      title: 'runtime identity',
      ok: false,
      reason: `${failure(error)} (${JSON.stringify(observations.runtime)})`,
    });
  }
  for (const name of CHECK_NAMES) {
    const observed = observations.checks?.[name];
    try {
      if (!observed) throw new Error('no observation');
      if (!observed.ok) {
        const { name: errorName, message, statusCode } = observed.error;
        throw new Error(`${errorName}${statusCode ? ` (HTTP ${statusCode})` : ''}: ${message}`);
      }
      shapeCheck(name, observed.value, observations.checks, runtime, foreignRequests);
      const expected = reference?.checks?.[name];
      // A browser hides every redirect, so its redirect check differs from Node's by design.
      const browserOnly = runtime === 'chromium' && name === 'redirect';
      if (expected?.ok && !browserOnly)
        assert.deepEqual(
          comparable(name, observed.value),
          comparable(name, expected.value),
          'equals the Node reference run',
        );
      verdicts.push({ title: name, ok: true });
    } catch (error) {
      verdicts.push({ title: name, ok: false, reason: failure(error) });
    }
  }
  return verdicts;
}

/** Every check of `runtime` failed for one reason (the runtime could not run at all). */
export function allFailed(reason) {
  return ['runtime identity', ...CHECK_NAMES].map(title => ({ title, ok: false, reason }));
}
