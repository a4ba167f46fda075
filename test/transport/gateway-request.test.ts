import { APICallError } from '@ai-sdk/provider';
import {
  createJsonResponseHandler,
  getRuntimeEnvironmentUserAgent,
  isBrowserRuntime,
  VERSION as PROVIDER_UTILS_VERSION,
} from '@ai-sdk/provider-utils';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { createJsonHandler, MultipartBody, sendGatewayRequest } from '../../src/transport/gateway-request';
import { createGatewayConnection, VERSION } from '../../src/settings/gateway-connection';
import { createMockFetch } from '../helpers/mock-fetch';
import { failure } from '../helpers/test-kit';

const ok = createJsonResponseHandler(z.object({ ok: z.boolean() }));

describe('sendGatewayRequest', () => {
  it('messages family: x-api-key, anthropic-version and JSON content type, no bearer', async () => {
    const { fetch, requests } = createMockFetch(
      http.post('https://gw.test/api/v1/messages', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({ apiKey: 'sk-unigate-test-key', siteURL: 'https://gw.test', fetch });
    await sendGatewayRequest({
      config,
      auth: 'x-api-key',
      url: 'https://gw.test/api/v1/messages',
      body: { model: 'm', max_tokens: 5 },
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers['x-api-key']).toBe('sk-unigate-test-key');
    expect(requests[0].headers['anthropic-version']).toBe('2023-06-01');
    expect(requests[0].headers['content-type']).toBe('application/json');
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].body).toEqual({ model: 'm', max_tokens: 5 });
  });

  it("per-call headers join the configured ones by name; the user's user agent comes first", async () => {
    const { fetch, requests } = createMockFetch(
      http.post('https://gw.test/v1/x', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({
      apiKey: 'k-123456789',
      siteURL: 'https://gw.test',
      headers: { 'User-Agent': 'my-app/1', 'X-Team': 'design', 'x-dropped': 'set', 'x-a': '1' },
      fetch,
    });
    await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://gw.test/v1/x',
      body: { a: 1 },
      // A header given as undefined removes the configured one; the caller's content type is kept.
      headers: { 'x-dropped': undefined, 'Content-Type': 'application/json; charset=utf-8', 'x-b': '2' },
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers).toEqual({
      authorization: 'Bearer k-123456789',
      'content-type': 'application/json; charset=utf-8',
      'user-agent': `my-app/1 unigate-ai-provider/${VERSION} ai-sdk/provider-utils/${PROVIDER_UTILS_VERSION} ${getRuntimeEnvironmentUserAgent()}`,
      'x-team': 'design',
      'x-a': '1',
      'x-b': '2',
    });
  });

  it('sends neither the key nor custom headers to a host that is not the gateway', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://cdn.example/video.mp4', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test',
      altBaseURL: 'https://alt.gw.test/v1',
      headers: { 'x-secret': 's' },
      fetch,
    });
    await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://cdn.example/video.mp4',
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].headers['x-secret']).toBeUndefined();
  });

  it('does send the key to the alt base origin', async () => {
    const { fetch, requests } = createMockFetch(
      http.get('https://alt.gw.test/v1/videos/status/vid-1', () => HttpResponse.json({ ok: true })),
    );
    const config = createGatewayConnection({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test',
      altBaseURL: 'https://alt.gw.test/v1',
      fetch,
    });
    await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://alt.gw.test/v1/videos/status/vid-1',
      successfulResponseHandler: ok,
    });
    expect(requests[0].headers.authorization).toBe('Bearer sk-unigate-test-key');
  });

  it('maps a network failure to a retryable error without the key', async () => {
    const config = createGatewayConnection({
      apiKey: 'sk-unigate-test-key',
      siteURL: 'https://gw.test',
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
      },
    });
    const error = await sendGatewayRequest({
      config,
      auth: 'bearer',
      url: 'https://gw.test/v1/models',
      successfulResponseHandler: ok,
    }).catch(e => e);
    expect(error.isRetryable).toBe(true);
    // A cause that names no failed connection is reported in the AI SDK's words, the cause kept.
    expect(error.message).toBe('Cannot connect to API: connect ECONNREFUSED');
    expect(error.cause).toMatchObject({ message: 'connect ECONNREFUSED' });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('sk-unigate-test-key');
  });

  it("a response handler's own failure is an APICallError naming the status, not retryable", async () => {
    const { fetch } = createMockFetch(http.get('https://gw.test/v1/models', () => HttpResponse.json({ ok: true })));
    const bug = new RangeError('the handler broke');
    const error = await failure(
      sendGatewayRequest({
        config: createGatewayConnection({ apiKey: 'k-123456789', siteURL: 'https://gw.test', fetch }),
        auth: 'bearer',
        url: 'https://gw.test/v1/models',
        successfulResponseHandler: async () => {
          throw bug;
        },
      }),
    );
    expect(error).toMatchObject({
      message: 'Failed to process successful response',
      statusCode: 200,
      url: 'https://gw.test/v1/models',
      requestBodyValues: {},
      isRetryable: false,
      cause: bug,
    });
    expect(APICallError.isInstance(error)).toBe(true);
  });
});

const ENDPOINT = 'https://gw.test/api/v1/messages';
const requestBodyValues = { model: 'claude-sonnet-4-5' };
const headers = { 'content-type': 'application/json', 'x-request-id': 'req-7' };

const block = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), input: z.record(z.string(), z.unknown()) }),
]);
const messageSchema = z.object({
  id: z.string(),
  content: z.array(block),
  usage: z.object({ input_tokens: z.number() }),
});

function handle<SCHEMA extends z.ZodType>(schema: SCHEMA, body: string, status = 200) {
  return createJsonHandler(schema)({
    url: ENDPOINT,
    requestBodyValues,
    response: new Response(body, { status, headers }),
  });
}

/** The APICallError a body is rejected with; fails the test when the body is accepted. */
async function rejection<SCHEMA extends z.ZodType>(schema: SCHEMA, body: string, status = 200): Promise<APICallError> {
  const error = await failure(handle(schema, body, status));
  expect(APICallError.isInstance(error)).toBe(true);
  return error as APICallError;
}

describe('createJsonHandler', () => {
  it('returns the parsed value, the raw JSON (unknown fields kept) and the response headers', async () => {
    const raw = {
      id: 'msg_1',
      content: [{ type: 'text', text: 'Hi', citations: [] }],
      usage: { input_tokens: 3 },
      service_tier: 'standard',
    };
    expect(await handle(messageSchema, JSON.stringify(raw))).toEqual({
      value: { id: 'msg_1', content: [{ type: 'text', text: 'Hi' }], usage: { input_tokens: 3 } },
      rawValue: raw,
      responseHeaders: headers,
    });
  });

  it('says the body is empty, also when it is only whitespace, and never calls that retryable', async () => {
    for (const body of ['', '  \n']) {
      const error = await rejection(messageSchema, body);
      expect(error.message).toBe('Unigate returned an unexpected response body: the body is empty');
      expect(error.responseBody).toBe(body);
      expect(error.isRetryable).toBe(false);
    }
  });

  it('says the body is not JSON, keeping the body, the status, the request and the headers for inspection', async () => {
    const error = await rejection(messageSchema, '<html>Bad gateway</html>', 202);
    expect(error.message).toBe('Unigate returned an unexpected response body: the body is not JSON');
    expect(error.responseBody).toBe('<html>Bad gateway</html>');
    expect(error.statusCode).toBe(202);
    expect(error.url).toBe(ENDPOINT);
    expect(error.requestBodyValues).toEqual(requestBodyValues);
    expect(error.responseHeaders).toEqual(headers);
    expect(error.isRetryable).toBe(false);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('names the path of a field of the wrong type and what was expected', async () => {
    const body = JSON.stringify({ id: 'msg_1', content: [], usage: { input_tokens: '3' } });
    const error = await rejection(messageSchema, body);
    expect(error.message).toBe(
      'Unigate returned an unexpected response body: usage.input_tokens: Invalid input: expected number, received string',
    );
    expect(error.responseBody).toBe(body);
    expect(error.statusCode).toBe(200);
    expect(error.isRetryable).toBe(false);
  });

  it('says "the body" when the top level itself is wrong', async () => {
    expect((await rejection(messageSchema, '[1]')).message).toBe(
      'Unigate returned an unexpected response body: the body: Invalid input: expected object, received array',
    );
  });

  it('inside a union, names the field of the branch the body matches, not just "Invalid input"', async () => {
    const error = await rejection(
      messageSchema,
      JSON.stringify({ id: 'msg_1', content: [{ type: 'tool_use', input: {} }], usage: { input_tokens: 1 } }),
    );
    expect(error.message).toBe(
      'Unigate returned an unexpected response body: content.0.id: Invalid input: expected string, received undefined',
    );
  });

  it('follows the branch that got furthest, whatever the order of the branches, through nested unions', async () => {
    const inner = z.union([z.object({ c: z.string() }), z.object({ d: z.object({ e: z.number() }) })]);
    const body = '{"a":{"b":{"d":{"e":"x"}}}}';
    const expected =
      'Unigate returned an unexpected response body: a.b.d.e: Invalid input: expected number, received string';
    const objectFirst = z.object({ a: z.union([z.object({ b: inner }), z.null()]) });
    const nullFirst = z.object({ a: z.union([z.null(), z.object({ b: inner })]) });
    expect((await rejection(objectFirst, body)).message).toBe(expected);
    expect((await rejection(nullFirst, body)).message).toBe(expected);
  });
});

async function bytesOf(body: ReadableStream<Uint8Array> | Blob): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

const file = (bytes: Uint8Array, name = 'audio.wav') => ({ field: 'file', name, mediaType: 'audio/wav', bytes });

describe('MultipartBody', () => {
  it('encodes the fields, then the file, as multipart/form-data that a Request parses back', async () => {
    const audio = new Uint8Array(200_000).map((_, i) => i & 0xff);
    const upload = new MultipartBody({ model: 'whisper-1', prompt: 'Grüße, "hi"' }, file(audio));
    const { body, streamed } = upload.content();
    // The edge-runtime VM has a `window`, so it takes the Blob path there; Node streams.
    expect(streamed).toBe(!isBrowserRuntime());
    const encoded = await bytesOf(body);
    expect(encoded.byteLength).toBe(upload.contentLength);
    const form = await new Request('http://x.test', {
      method: 'POST',
      body: encoded.slice().buffer,
      headers: { 'content-type': upload.contentType },
    }).formData();
    expect([...form.keys()]).toEqual(['model', 'prompt', 'file']);
    expect(form.get('prompt')).toBe('Grüße, "hi"');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('audio.wav');
    expect(sent.type).toBe('audio/wav');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(audio);
    expect(upload.values).toEqual({ model: 'whisper-1', prompt: 'Grüße, "hi"' });
  });

  it("streams views of the caller's bytes outside browsers, never copies, and leaves them usable", async () => {
    const audio = new Uint8Array(150_000).fill(7);
    const { body, streamed } = new MultipartBody({}, file(audio)).content();
    if (!streamed) {
      expect(body).toBeInstanceOf(Blob);
      expect(isBrowserRuntime()).toBe(true);
      return;
    }
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    // Head, three 64 KB pieces of the file (the last one shorter), tail.
    expect(chunks.map(chunk => chunk.byteLength).slice(1, -1)).toEqual([65_536, 65_536, 18_928]);
    expect(chunks.slice(1, -1).every(chunk => chunk.buffer === audio.buffer)).toBe(true);
    expect(audio.byteLength).toBe(150_000);
    expect(audio[149_999]).toBe(7);
  });

  it('percent-encodes quotes and line breaks in names, and uses a fresh boundary per body', async () => {
    const upload = new MultipartBody({}, file(new Uint8Array([1]), 'a"b\r\n.wav'));
    const text = new TextDecoder().decode(await bytesOf(upload.content().body));
    expect(text).toContain('filename="a%22b%0D%0A.wav"');
    expect(new MultipartBody({}, file(new Uint8Array([1]))).contentType).not.toBe(upload.contentType);
  });

  it('is one Blob in a browser, which cannot stream a request body over HTTP/1.1', async () => {
    const globals = globalThis as { window?: unknown };
    const had = 'window' in globals;
    const previous = globals.window;
    globals.window = {};
    try {
      const upload = new MultipartBody({ model: 'whisper-1' }, file(new Uint8Array([1, 2, 3])));
      const { body, streamed } = upload.content();
      expect(streamed).toBe(false);
      expect(body).toBeInstanceOf(Blob);
      expect((body as Blob).type).toBe(upload.contentType);
      expect((body as Blob).size).toBe(upload.contentLength);
    } finally {
      if (had) globals.window = previous;
      else delete globals.window;
    }
  });
});
