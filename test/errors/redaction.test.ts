import { APICallError, type LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProvider } from '../../src';
import { imageCallOptions, videoCallOptions } from '../helpers/call-options';
import { catalogFirst } from '../helpers/catalog-timing';
import { failure, readAll } from '../helpers/test-kit';
import { synthesizeWav } from '../transcription/transcription-fixtures';

// A gateway that echoes the API key everywhere it can: in error messages and bodies, in every response
// header, in job errors, in stream error events and in the links it sends. Every error the package can
// throw is walked deeply, and no form of the key may be found in it.

/** Characters a URL or a JSON writer escapes: every echoed form differs from the key as sent. */
const KEY = 'sk-ug/Echo+Key=0123456789abcdef';
const ENCODED = encodeURIComponent(KEY);
/** The forms searched for: as sent, percent-encoded (both hex cases), JSON with an escaped slash. */
const FORMS = [KEY, ENCODED, ENCODED.replace(/%[0-9A-F]{2}/g, hex => hex.toLowerCase()), KEY.replace('/', '\\/')];
const SITE = 'https://gw.test';
const SAID = `Invalid API key ${KEY} (Authorization: Bearer ${KEY}; key=${ENCODED})`;

/** Every response header echoes the key: as sent, as the request carried it, in a challenge, encoded. */
function echoHeaders(request: Request, contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'x-echo-key': KEY,
    'x-echo-authorization': request.headers.get('authorization') ?? request.headers.get('x-api-key') ?? 'none',
    'www-authenticate': `Bearer error="invalid_token", key="${KEY}"`,
    'x-echo-encoded': ENCODED,
    link: `<${SITE}/v1/models?key=${ENCODED}>; rel="next"`,
  };
}

/** JSON as a PHP-style writer sends it: the first occurrence of the key with its slash escaped. */
function echoJson(value: unknown): string {
  return JSON.stringify(value).replace(KEY, KEY.replace('/', '\\/'));
}

const json = (request: Request, value: unknown, status = 200) =>
  new Response(echoJson(value), { status, headers: echoHeaders(request, 'application/json') });
const text = (request: Request, body: string, contentType = 'text/plain', status = 200) =>
  new Response(body, { status, headers: echoHeaders(request, contentType) });

const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'auth_error',
  403: 'permission_error',
  404: 'not_found_error',
  408: 'timeout_error',
  429: 'rate_limit_error',
  500: 'server_error',
  503: 'overloaded_error',
};
const STATUSES = [400, 401, 403, 404, 408, 429, 500, 503];

/** An error answer in the endpoint family's style, the key in every field the gateway could fill. */
function errorAnswer(request: Request, status: number, style: 'chat' | 'messages' = 'chat'): Response {
  const error = { type: TYPES[status], message: `${status === 429 ? 'Daily limit. ' : ''}${SAID}`, param: ENCODED };
  const body =
    style === 'messages'
      ? { type: 'error', error, echo: { 'x-api-key': KEY } }
      : { error: { ...error, code: status }, echo: { authorization: `Bearer ${KEY}` } };
  return json(request, body, status);
}

type Route = (request: Request, path: string) => Response | Promise<Response>;

/** A provider whose every request (catalog and downloads included) is answered by `route`. */
function routedGateway(route: Route): UnigateProvider {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return route(request, new URL(request.url).pathname);
  };
  // Catalog pricing: the calls read the catalog too, and warn when it fails. The catalog answers first,
  // so its failure (and the key it echoes) reaches each call's warnings, as a slower model would let it.
  return createUnigate({ apiKey: KEY, siteURL: SITE, fetch: catalogFirst(fetch), pricing: 'catalog' });
}

/** Every request fails with `status`, messages-style on the messages endpoint. */
const failingWith =
  (status: number): Route =>
  (request, path) =>
    errorAnswer(request, status, path === '/v1/messages' ? 'messages' : 'chat');

/** Every request gets this 200 answer (the catalog, which pricing reads, fails with an echo). */
const answering =
  (answer: (request: Request) => Response): Route =>
  (request, path) =>
    path === '/api/public/models' ? errorAnswer(request, 500) : answer(request);

/** `answer` for the call named: the catalog's own calls get it on the catalog path too. */
const routeFor = (name: string, answer: (request: Request) => Response): Route =>
  name === 'catalog.page' ? request => answer(request) : answering(answer);

const CHAT = 'echo-chat-1';
const MESSAGES = 'echo-messages-1';
const prompt: LanguageModelV3CallOptions = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] };
const sse = (request: Request, body: string) => text(request, body, 'text/event-stream');
const FAST = { pollIntervalMs: 1 };
const videoCall = videoCallOptions();
const imageCall = imageCallOptions();
const transcriptionCall = (responseFormat = 'verbose_json') => ({
  audio: synthesizeWav(0.1),
  mediaType: 'audio/wav',
  providerOptions: { unigate: { responseFormat } },
});

/** One call per endpoint family and helper: the error it rejects with. */
const CALLS: Record<string, (gw: UnigateProvider) => Promise<unknown>> = {
  'chat doGenerate': gw => failure(gw.chat(CHAT).doGenerate(prompt)),
  'chat doStream': gw => failure(gw.chat(CHAT).doStream(prompt)),
  'messages doGenerate': gw => failure(gw.messages(MESSAGES).doGenerate(prompt)),
  'messages doStream': gw => failure(gw.messages(MESSAGES).doStream(prompt)),
  'embedding doEmbed': gw => failure(gw.embedding('text-embedding-3-small').doEmbed({ values: ['a'] })),
  'speech doGenerate': gw => failure(gw.speech('tts-1').doGenerate({ text: 'Hi' })),
  'transcription doGenerate': gw => failure(gw.transcription('whisper-1').doGenerate(transcriptionCall())),
  'image doGenerate': gw => failure(gw.image('dall-e-3').doGenerate(imageCall)),
  'video doGenerate': gw => failure(gw.video('veo-3').doGenerate(videoCall)),
  'videoJobs.create': gw => failure(gw.videoJobs.create({ model: 'veo-3', prompt: 'x' }, { maxRetries: 0 })),
  'videoJobs.get': gw => failure(gw.videoJobs.get('vid-1', { maxRetries: 0 })),
  listModels: gw => failure(gw.listModels({ maxRetries: 0 })),
  'catalog.page': gw => failure(gw.catalog.page({}, { maxRetries: 0 })),
};

/** Every string reachable from `value`: own properties (enumerable or not), message, stack, cause, String(), JSON. */
function reachableText(value: unknown, seen = new Set<unknown>(), out: string[] = []): string[] {
  if (typeof value === 'string') {
    out.push(value);
    return out;
  }
  if (value === null || typeof value !== 'object' || seen.has(value) || ArrayBuffer.isView(value)) return out;
  seen.add(value);
  const holder = value as Record<string | symbol, unknown>;
  if (value instanceof Error || Object.prototype.toString.call(value) === '[object Error]') {
    out.push(String(value));
    for (const name of ['message', 'stack', 'cause']) reachableText(holder[name], seen, out);
  }
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch {
    // Not serialisable: the walk below still reads every property.
  }
  for (const name of [...Object.getOwnPropertyNames(value), ...Object.getOwnPropertySymbols(value)]) {
    out.push(String(name));
    let property: unknown;
    try {
      property = holder[name];
    } catch {
      continue;
    }
    reachableText(property, seen, out);
  }
  return out;
}

/** Each form of the key found in `value`, with what surrounds it: empty when the key is nowhere. */
function keyOccurrences(value: unknown): string[] {
  const found: string[] = [];
  for (const piece of reachableText(value)) {
    for (const form of FORMS) {
      const at = piece.indexOf(form);
      if (at !== -1) found.push(`${form} in …${piece.slice(Math.max(0, at - 60), at + form.length + 20)}…`);
    }
  }
  return found;
}

/** The key is nowhere in `value`, and the gateway's text did reach it (redacted): the echo was tested. */
function expectRedacted(value: unknown): void {
  expect(keyOccurrences(value)).toEqual([]);
  expect(reachableText(value).join('\n')).toContain('[redacted]');
}

describe('the walk itself', () => {
  it('finds the key in a cause two levels down, a header, a non-enumerable property and in its encoded form', () => {
    const inner = new Error('inner', { cause: { data: { deep: [`x ${KEY}`] } } });
    expect(keyOccurrences(new Error('outer', { cause: inner }))).not.toEqual([]);
    const headers = new APICallError({
      message: 'm',
      url: 'u',
      requestBodyValues: {},
      responseHeaders: { a: ENCODED },
    });
    expect(keyOccurrences(headers)).not.toEqual([]);
    const hidden = new Error('m');
    Object.defineProperty(hidden, 'secret', { value: KEY.replace('/', '\\/'), enumerable: false });
    expect(keyOccurrences(hidden)).not.toEqual([]);
  });
});

describe('no error holds the key: HTTP error answers', () => {
  for (const [name, call] of Object.entries(CALLS)) {
    it(`${name}: every status`, async () => {
      for (const status of STATUSES) {
        const error = await call(routedGateway(failingWith(status)));
        expect(APICallError.isInstance(error), `${name} ${status}`).toBe(true);
        expect((error as APICallError).statusCode).toBe(status);
        expectRedacted(error);
      }
    });
  }
});

describe('no error holds the key: unexpected and invalid bodies', () => {
  const notJson = (request: Request) => text(request, `<html>Proxy error for ${KEY}</html>`, 'text/html');
  for (const name of Object.keys(CALLS).filter(name => !/Stream|speech/.test(name))) {
    it(`${name}: a body that is not JSON (the parser's error, the cause, quotes it)`, async () => {
      const error = await CALLS[name]!(routedGateway(routeFor(name, notJson)));
      expect((error as Error).message).toMatch(/not JSON|Failed to process|unexpected response body/);
      expectRedacted(error);
    });
  }

  const mismatches: Array<[string, unknown, (gw: UnigateProvider) => Promise<unknown>]> = [
    ['chat doGenerate', { choices: KEY }, CALLS['chat doGenerate']!],
    [
      'messages doGenerate',
      { type: 'error', error: { type: 'api_error', message: SAID } },
      CALLS['messages doGenerate']!,
    ],
    ['embedding doEmbed', { data: [{ index: 0, embedding: KEY }], object: KEY }, CALLS['embedding doEmbed']!],
    [
      'embedding doEmbed, one vector for two inputs',
      { data: [{ index: 0, embedding: [0.5] }], model: KEY },
      gw => failure(gw.embedding('text-embedding-3-small').doEmbed({ values: ['a', 'b'] })),
    ],
    ['transcription doGenerate', { text: 7, language: KEY }, CALLS['transcription doGenerate']!],
    ['image doGenerate', { data: KEY }, CALLS['image doGenerate']!],
    ['videoJobs.create', { job_id: 7, status: KEY }, CALLS['videoJobs.create']!],
    ['videoJobs.get', { status: KEY }, CALLS['videoJobs.get']!],
    ['listModels (a zod issue that quotes the value)', { data: [{ id: 'm', created: KEY }] }, CALLS.listModels!],
    ['catalog.page', { data: [{ id: KEY }] }, CALLS['catalog.page']!],
  ];
  for (const [name, body, call] of mismatches) {
    it(`${name}: a body of the wrong shape`, async () => {
      expectRedacted(await call(routedGateway(routeFor(name, request => json(request, body)))));
    });
  }

  it('chat doGenerate: an error object in a 200 answer', async () => {
    const gw = routedGateway(
      answering(request => json(request, { error: { type: 'server_error', message: SAID, code: 500 } })),
    );
    const error = await CALLS['chat doGenerate']!(gw);
    expect((error as APICallError).message).toContain(
      'Unigate chat completion failed (server_error): Invalid API key [redacted]',
    );
    expectRedacted(error);
  });

  it('speech doGenerate: a JSON error object, or another media type, instead of audio', async () => {
    const errorObject = answering(request => json(request, { error: { type: 'server_error', message: SAID } }));
    expectRedacted(await CALLS['speech doGenerate']!(routedGateway(errorObject)));
    expectRedacted(
      await CALLS['speech doGenerate']!(routedGateway(answering(request => text(request, SAID, 'text/html')))),
    );
  });

  it('transcription doGenerate: subtitles with an unreadable time range', async () => {
    const srt = `1\n00:00:${KEY} --> 00:00:01,000\nHi\n`;
    const gw = routedGateway(answering(request => text(request, srt)));
    expectRedacted(await failure(gw.transcription('whisper-1').doGenerate(transcriptionCall('srt'))));
  });

  it('image doGenerate: an image without data, and a link whose download fails', async () => {
    expectRedacted(
      await CALLS['image doGenerate']!(
        routedGateway(answering(request => json(request, { data: [{ revised_prompt: SAID }] }))),
      ),
    );
    const link = answering(request =>
      request.method === 'POST'
        ? json(request, { data: [{ url: `${SITE}/files/${ENCODED}/1.png?key=${ENCODED}` }] })
        : errorAnswer(request, 404),
    );
    expectRedacted(await CALLS['image doGenerate']!(routedGateway(link)));
  });

  it('catalog.page: a catalog answer with success false', async () => {
    const gw = routedGateway(request => json(request, { success: false, error: SAID }));
    const error = await CALLS['catalog.page']!(gw);
    expect((error as APICallError).message).toContain('Unigate catalog request failed: Invalid API key [redacted]');
    expectRedacted(error);
  });
});

describe('no error holds the key: stream error parts', () => {
  const streams: Array<[string, string, (gw: UnigateProvider) => Promise<unknown>]> = [
    [
      'chat: an {error} chunk',
      `data: ${echoJson({ error: { type: 'server_error', message: SAID, code: 500 } })}\n\n`,
      async gw => (await gw.chat(CHAT).doStream(prompt)).stream,
    ],
    [
      'chat: a chunk of the wrong shape',
      `data: ${echoJson({ choices: KEY })}\n\n`,
      async gw => (await gw.chat(CHAT).doStream(prompt)).stream,
    ],
    [
      'chat: a chunk that is not JSON',
      `data: {"choices": [${KEY}\n\n`,
      async gw => (await gw.chat(CHAT).doStream(prompt)).stream,
    ],
    [
      'messages: an error event',
      `event: error\ndata: ${echoJson({ type: 'error', error: { type: 'api_error', message: SAID } })}\n\n`,
      async gw => (await gw.messages(MESSAGES).doStream(prompt)).stream,
    ],
    [
      'messages: an event of the wrong shape',
      `event: message_start\ndata: ${echoJson({ type: 'message_start', message: KEY })}\n\n`,
      async gw => (await gw.messages(MESSAGES).doStream(prompt)).stream,
    ],
  ];
  for (const [name, body, open] of streams) {
    it(`${name}: every part, the error part and the pricing warning included`, async () => {
      const stream = (await open(routedGateway(answering(request => sse(request, body))))) as ReadableStream<{
        type: string;
      }>;
      const parts = await readAll(stream);
      expect(parts.some(part => part.type === 'error')).toBe(true);
      const start = parts[0] as { type: string; warnings: unknown[] };
      expect(start.type).toBe('stream-start');
      expect(JSON.stringify(start.warnings)).toContain('The Unigate catalog could not be loaded');
      expectRedacted(parts);
    });
  }
});

describe('no error holds the key: video jobs', () => {
  const created = { job_id: 'vid-1', status: 'pending', status_url: `${SITE}/v1/videos/status/vid-1?key=${ENCODED}` };
  /** Creation succeeds; every status read gets `status`. */
  const jobs = (status: (request: Request) => Response): Route =>
    answering(request => (request.method === 'POST' ? json(request, created) : status(request)));
  const failed = jobs(request => json(request, { job_id: 'vid-1', status: 'failed', error: { message: SAID } }));

  it('a failed job: from the video model, gw.videoJobs.wait and gw.videoJobs.generate, job object included', async () => {
    const errors = [
      await failure(routedGateway(failed).video('veo-3').doGenerate(videoCall)),
      await failure(routedGateway(failed).videoJobs.wait('vid-1', FAST)),
      await failure(routedGateway(failed).videoJobs.generate({ model: 'veo-3', prompt: 'x' }, FAST)),
    ];
    for (const error of errors) {
      expect(error.name).toBe('UnigateVideoJobError');
      expect(error.job.error.message).toBe(
        'Invalid API key [redacted] (Authorization: Bearer [redacted]; key=[redacted])',
      );
      expectRedacted(error);
    }
  });

  it('a failed job: the status from doStatus and the job from gw.videoJobs.get', async () => {
    const gw = routedGateway(failed);
    const status = await gw.video('veo-3').doStatus({ operation: { jobId: 'vid-1' } });
    expect(status.status).toBe('error');
    // The rest of the status is a successful answer's metadata (its headers as sent), not an error.
    expectRedacted(status.status === 'error' && status.error);
    expectRedacted(await gw.videoJobs.get('vid-1'));
  });

  it('a completed job without its video, the job id echoing the key', async () => {
    const gw = routedGateway(jobs(request => json(request, { job_id: `vid-${KEY}`, status: 'completed' })));
    expectRedacted(await failure(gw.videoJobs.wait('vid-1', FAST)));
  });

  it('a status URL holding the key, whose reads fail', async () => {
    expectRedacted(
      await failure(
        routedGateway(jobs(request => errorAnswer(request, 404))).videoJobs.generate(
          { model: 'veo-3', prompt: 'x' },
          FAST,
        ),
      ),
    );
  });

  it('a wait that times out: the cause is the gateway’s last answer', async () => {
    const error = await failure(
      routedGateway(jobs(request => errorAnswer(request, 503))).videoJobs.wait('vid-1', { ...FAST, timeoutMs: 30 }),
    );
    expect(error.reason).toBe('timeout');
    expect(APICallError.isInstance(error.cause)).toBe(true);
    expectRedacted(error);
  });
});

describe('no warning holds the key', () => {
  it('a catalog that fails with the key in its answer: the pricing warning of a call that succeeds', async () => {
    const completion = {
      id: 'c',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
    };
    const result = await routedGateway(answering(request => json(request, completion)))
      .chat('gpt-4o')
      .doGenerate(prompt);
    expect(result.warnings.length).toBeGreaterThan(0);
    expect(keyOccurrences(result.warnings)).toEqual([]);
    expect(JSON.stringify(result.warnings)).toContain('[redacted]');
  });
});
