import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateError } from '../../src';
import { unigateFallback } from '../../src/fallback/unigate-fallback-model';
import { createUnigateEmulator } from '../../src/testing';
import { failure } from '../helpers/test-kit';

// gw.fallback with @ai-sdk/openai-compatible members aimed at the emulator with the same key, as the
// demo does, failing the ways another provider's model fails: an error object inside an HTTP-200 stream
// (an error part with no status), an HTTP error, a thrown fetch error. Through the real `ai` package; in
// the ai@7 lane the chain is the /v4 entry's, the member adapted to V4.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const KEY = 'sk-fallback-foreign-0123456789';
const ANSWER = 'You said: Hi';

/** How the member's requests for one model id fail, in place of the emulator's answer. */
type Failing = Record<string, (request: Request) => Response | Promise<Response>>;

/** An error object in an HTTP-200 answer: an SSE event for a stream, the JSON body otherwise. */
const inStream = (error: unknown) => async (request: Request) =>
  ((await request.json()) as { stream?: boolean }).stream
    ? new Response(`data: ${JSON.stringify({ error })}\n\n`, { headers: { 'content-type': 'text/event-stream' } })
    : Response.json({ error });

function setup(failing: Failing) {
  const emulator = createUnigateEmulator({ apiKey: KEY });
  const tried: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const { model } = (await request.clone().json()) as { model: string };
    tried.push(model);
    return failing[model]?.(request) ?? emulator.fetch(request);
  };
  const compat = createOpenAICompatible({ name: 'compat', baseURL: emulator.settings.baseURL, apiKey: KEY, fetch });
  const gw = createUnigate({ ...emulator.settings, fetch: emulator.fetch });
  const gwTried = () =>
    emulator.requests.filter(entry => entry.path === '/v1/chat/completions').map(entry => entry.model);
  return { gw, compat, tried, gwTried };
}

/** A streamText call read to its end: the part types, the errors, the text and the fallback metadata. */
async function streamed(model: Parameters<typeof streamText>[0]['model']) {
  const result = streamText({ model, prompt: 'Hi', maxRetries: 0, onError: () => {} });
  const types: string[] = [];
  const errors: unknown[] = [];
  let text = '';
  for await (const part of result.fullStream) {
    types.push(part.type);
    if (part.type === 'error') errors.push(part.error);
    if (part.type === 'text-delta') text += part.text;
  }
  // A stream that failed has no steps: `steps` rejects (NoOutputGeneratedError).
  const finishStep = (await Promise.resolve(result.steps).catch(() => [])).at(-1);
  return { types, errors, text, fallback: unigateFallback(finishStep) };
}

describe("gw.fallback: another provider's error part before any content moves the chain on", () => {
  it.each([
    ['a bare server_error type (no message: the member reports a chunk it could not read)', { type: 'server_error' }],
    ['an overloaded type with a message', { message: 'Upstream overloaded', type: 'overloaded_error', code: null }],
    ['a numeric code standing in for a status', { message: 'Bad gateway', code: 502 }],
    ['an error that says nothing known', { message: 'Something broke' }],
  ])('%s', async (_label, error) => {
    const { gw, compat, tried } = setup({ flaky: inStream(error) });
    const result = await streamed(gw.fallback([compat('flaky'), 'gpt-4o-mini']));
    expect(result.text).toBe(ANSWER);
    expect(result.errors).toEqual([]);
    expect(tried).toEqual(['flaky']);
    expect(result.fallback?.answeredBy).toBe('gpt-4o-mini');
    expect(result.fallback?.attempts.map(attempt => [attempt.modelId, attempt.kind])).toEqual([['flaky', 'server']]);
  });

  it('the kind is read from the type: a rate limit moves on only when `on` lists it', async () => {
    const failing = { flaky: inStream({ message: 'Slow down', type: 'rate_limit_error' }) };
    const moving = setup(failing);
    const moved = await streamed(moving.gw.fallback([moving.compat('flaky'), 'gpt-4o-mini']));
    expect(moved.fallback?.attempts).toEqual([{ modelId: 'flaky', kind: 'rate-limit', message: 'Slow down' }]);

    const staying = setup(failing);
    const stayed = await streamed(staying.gw.fallback([staying.compat('flaky'), 'gpt-4o-mini'], { on: ['server'] }));
    expect(stayed.text).toBe('');
    expect(staying.gwTried()).toEqual([]);
    expect(unigateError(stayed.errors[0])?.kind).toBe('rate-limit');
  });

  it('an invalid-request error part stops the chain; the caller’s error part carries its kind and the attempts', async () => {
    const { gw, compat, gwTried } = setup({
      bad: inStream({ message: 'Bad tool schema', type: 'invalid_request_error' }),
    });
    const result = await streamed(gw.fallback(['no-such-model', compat('bad'), 'gpt-4o-mini']));
    expect(gwTried()).toEqual(['no-such-model']);
    expect(result.text).toBe('');
    expect(result.errors).toHaveLength(1);
    expect(unigateError(result.errors[0])).toMatchObject({
      kind: 'invalid-request',
      type: 'invalid_request_error',
      message: 'Bad tool schema',
      fallback: {
        attempts: [
          { modelId: 'no-such-model', kind: 'not-found' },
          { modelId: 'bad', kind: 'invalid-request', message: 'Bad tool schema' },
        ],
      },
    });
  });
});

describe("gw.fallback: every member failing, the last one another provider's", () => {
  const down = {
    flaky: () => Response.json({ error: { message: 'Upstream down', type: 'server_error' } }, { status: 503 }),
  };

  it('generateText: the final error is an APICallError with data.kind and every attempt', async () => {
    const { gw, compat } = setup(down);
    const error = await failure(
      generateText({ model: gw.fallback(['no-such-model', compat('flaky')]), prompt: 'Hi', maxRetries: 0 }),
    );
    expect(error.statusCode).toBe(503);
    expect(unigateError(error)).toMatchObject({
      kind: 'server',
      message: 'Upstream down',
      fallback: {
        attempts: [
          { modelId: 'no-such-model', kind: 'not-found' },
          { modelId: 'flaky', kind: 'server', message: 'Upstream down' },
        ],
      },
    });
    expect(error.cause?.statusCode).toBe(503);
  });

  it.each([
    ['an HTTP 503', down],
    ['an error part before any content', { flaky: inStream({ message: 'Upstream down', type: 'server_error' }) }],
  ])('streamText, %s: the error part carries data.kind and every attempt', async (_label, failing) => {
    const { gw, compat } = setup(failing);
    const result = await streamed(gw.fallback(['no-such-model', compat('flaky')]));
    expect(result.text).toBe('');
    expect(result.errors).toHaveLength(1);
    expect(unigateError(result.errors[0])).toMatchObject({
      kind: 'server',
      message: 'Upstream down',
      fallback: { attempts: [{ modelId: 'no-such-model' }, { modelId: 'flaky', kind: 'server' }] },
    });
  });
});

describe('gw.fallback: the key another provider’s member echoes never reaches the caller', () => {
  const echo = `key ${KEY}, Bearer ${KEY}, url-encoded ${encodeURIComponent(KEY)}`;
  const echoes: Failing = {
    status: () => Response.json({ error: { message: echo, type: 'server_error', param: KEY } }, { status: 500 }),
    stream: inStream({ message: echo, type: 'server_error', param: KEY }),
    thrown: () => {
      throw new TypeError(`fetch failed: ${echo}`);
    },
  };
  const contains = (value: unknown) => JSON.stringify(value).includes(KEY.slice(3)) || String(value).includes(KEY);

  it('an HTTP error echoing the key: the attempt quotes it redacted, generateText and streamText', async () => {
    const { gw, compat } = setup(echoes);
    const chain = gw.fallback([compat('status'), 'gpt-4o-mini'], { cooldownMs: 0 });
    const attempts = [
      { modelId: 'status', kind: 'server', message: 'key [redacted], Bearer [redacted], url-encoded [redacted]' },
    ];
    expect(unigateFallback(await generateText({ model: chain, prompt: 'Hi', maxRetries: 0 }))?.attempts).toEqual(
      attempts,
    );
    expect((await streamed(chain)).fallback?.attempts).toEqual(attempts);
  });

  it('in the attempts of a call a later member answered: generateText and streamText', async () => {
    const { gw, compat } = setup(echoes);
    const chain = gw.fallback([compat('status'), compat('stream'), compat('thrown'), 'gpt-4o-mini'], { cooldownMs: 0 });
    const generated = await generateText({ model: chain, prompt: 'Hi', maxRetries: 0 });
    const fromStream = await streamed(chain);
    for (const fallback of [unigateFallback(generated), fromStream.fallback]) {
      expect(fallback?.attempts.map(attempt => attempt.modelId)).toEqual(['status', 'stream', 'thrown']);
      expect(fallback?.attempts.map(attempt => attempt.message.includes('key [redacted], Bearer [redacted]'))).toEqual([
        true,
        fallback === fromStream.fallback,
        true,
      ]);
      expect(contains(fallback)).toBe(false);
    }
    expect(contains(generated.providerMetadata)).toBe(false);
    expect(contains(generated.warnings)).toBe(false);
  });

  it.each(Object.keys(echoes))('in the final error when the last member fails (%s)', async last => {
    const { gw, compat } = setup(echoes);
    const others = Object.keys(echoes).filter(id => id !== last);
    const chain = gw.fallback([...others.map(id => compat(id)), compat(last)]);
    const error = await failure(generateText({ model: chain, prompt: 'Hi', maxRetries: 0 }));
    const fromStream = await streamed(chain);
    for (const caught of [error, fromStream.errors[0]]) {
      // A fetch that throws is a failed connection: `network`.
      expect(unigateError(caught)?.kind).toBe(last === 'thrown' ? 'network' : 'server');
      expect(contains(unigateError(caught))).toBe(false);
      expect(String(caught)).not.toContain(KEY);
    }
  });
});
