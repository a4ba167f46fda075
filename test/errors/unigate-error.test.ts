import { APICallError } from '@ai-sdk/provider';
import { generateText, NoOutputGeneratedError, RetryError, streamText } from 'ai';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateErrorData, unigateError } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { CHAT_URL, MODEL, setup } from '../chat/chat-fixtures';
import { failure, SITE_URL } from '../helpers/test-kit';

// unigateError reads the error data of a failed call without a cast, whether the call failed at once
// (maxRetries: 0, or a kind that is not retried) or after the AI SDK's retries, as a RetryError.

/** A gateway answering every call with `status` and a chat-style error whose message numbers the attempt. */
function failing(status: number, type: string) {
  let attempt = 0;
  // retry-after-ms: 0 lets the AI SDK retry at once instead of after 2 s and 4 s.
  return setup([
    http.post(CHAT_URL, () =>
      HttpResponse.json(
        { error: { message: `attempt ${++attempt}`, type, code: status } },
        { status, headers: { 'retry-after-ms': '0' } },
      ),
    ),
  ]);
}

/**
 * A failed `streamText` call, read as the README shows: `text` is what `await result.text` gave (a
 * stream that failed after some text keeps it), `textError` what it rejected with otherwise, and
 * `read` the Unigate data of the error `onError` received.
 */
async function failedStream(model: Parameters<typeof streamText>[0]['model'], prompt: string, maxRetries = 0) {
  const reported: unknown[] = [];
  const result = streamText({ model, prompt, maxRetries, onError: ({ error }) => void reported.push(error) });
  let text: string | undefined;
  let textError: unknown;
  try {
    text = await result.text;
  } catch (error) {
    textError = error;
  }
  return { reported, text, textError, read: unigateError(reported.at(-1)) };
}

/** A model that fails, and the requests its gateway received. */
interface FailingModel {
  model: Parameters<typeof streamText>[0]['model'];
  requests: readonly unknown[];
}

/** A chat model on an emulator made with `options`. */
function emulated(options: Parameters<typeof createUnigateEmulator>[0] = {}): FailingModel {
  const emulator = createUnigateEmulator(options);
  return { model: createUnigate(emulator.settings)('gpt-4o-mini'), requests: emulator.requests };
}

/** A provider whose budget its first call spent ('one-call': admitted while anything was left), and how many requests the emulator had by then. */
async function spentBudget() {
  const emulator = createUnigateEmulator();
  const gw = createUnigate({
    ...emulator.settings,
    pricing: { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } },
    budget: { maxCredits: 1, period: 'total', overshoot: 'one-call' },
  });
  await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
  return { emulator, gw, sent: emulator.requests.length };
}

/** An APICallError carrying `data` (by default at the gateway's chat URL). */
function withData(data: unknown, url = `${SITE_URL}/v1/chat/completions`): APICallError {
  return new APICallError({ message: 'failed', url, requestBodyValues: {}, statusCode: 503, data });
}

describe('unigateError', () => {
  it('reads the APICallError of a call that failed without retries', async () => {
    const { gw, requests } = failing(500, 'server_error');
    const error = await failure(generateText({ model: gw(MODEL), prompt: 'Hi', maxRetries: 0 }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(requests).toHaveLength(1);
    expect(unigateError(error)).toEqual({
      kind: 'server',
      type: 'server_error',
      message: 'attempt 1',
      code: 500,
      dailyLimit: false,
    });
  });

  it.each([
    [500, 'server_error', 'server'],
    [429, 'rate_limit_error', 'rate-limit'],
  ] as const)(
    'after the default retries (HTTP %i), reads the last attempt of the RetryError',
    async (status, type, kind) => {
      const { gw, requests } = failing(status, type);
      const error = await failure(generateText({ model: gw(MODEL), prompt: 'Hi' }));
      expect(RetryError.isInstance(error)).toBe(true);
      // The RetryError itself has no data: its attempts do.
      expect(error.data).toBeUndefined();
      expect(requests).toHaveLength(3);
      expect(unigateError(error)).toEqual({ kind, type, message: 'attempt 3', code: status, dailyLimit: false });
      expect(unigateError(error)).toBe(error.lastError.data);
    },
  );

  it('reads a kind that is not retried, thrown as is with default retries (HTTP 401)', async () => {
    const { gw, requests } = failing(401, 'auth_error');
    const error = await failure(generateText({ model: gw(MODEL), prompt: 'Hi' }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(requests).toHaveLength(1);
    expect(unigateError(error)?.kind).toBe('authentication');
  });

  it('reads a budget refusal, which no request preceded', async () => {
    const { emulator, gw, sent } = await spentBudget();
    const error = await failure(generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' }));
    expect(emulator.requests).toHaveLength(sent);
    const data = unigateError(error);
    expect(data?.kind).toBe('budget');
    expect(data?.message).toBe(error.message);
    expect(data?.resetsAt).toBeUndefined();
  });

  it("is undefined for another provider's APICallError, even after retries", () => {
    // OpenAI's error body, as @ai-sdk/openai puts it in `data`.
    const foreign = withData(
      { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } },
      'https://api.other.example/v1/chat/completions',
    );
    expect(unigateError(foreign)).toBeUndefined();
    const retried = new RetryError({
      message: 'Failed after 3 attempts',
      reason: 'maxRetriesExceeded',
      errors: [foreign],
    });
    expect(unigateError(retried)).toBeUndefined();
  });

  it('is undefined for data that only looks like it: an unknown kind, a field of the wrong type', () => {
    expect(unigateError(withData({ kind: 'teapot', message: 'short and stout' }))).toBeUndefined();
    expect(unigateError(withData({ kind: 'server', message: 42 }))).toBeUndefined();
    expect(unigateError(withData({ dailyLimit: 'no' }))).toBeUndefined();
    expect(unigateError(withData({ message: 'no kind, no dailyLimit' }))).toBeUndefined();
    expect(unigateError(withData(undefined))).toBeUndefined();
    // An in-band error whose type says nothing known still carries dailyLimit: it is Unigate data.
    expect(unigateError(withData({ message: 'odd', dailyLimit: false }))).toEqual({
      message: 'odd',
      dailyLimit: false,
    });
  });

  it('is undefined for a plain Error, undefined, null and non-errors', () => {
    for (const value of [new Error('boom'), new TypeError('fetch failed'), undefined, null, 'failed', 42, {}]) {
      expect(unigateError(value)).toBeUndefined();
    }
  });

  it("reads a RetryError known by its name alone (another copy of `ai`) through its errors' last", () => {
    const last = withData({ kind: 'server', dailyLimit: false });
    const copy = Object.assign(new Error('Failed after 2 attempts'), {
      name: 'AI_RetryError',
      errors: [new Error('first'), last],
    });
    expect(unigateError(copy)).toEqual({ kind: 'server', dailyLimit: false });
  });
});

describe('unigateError along a cause chain', () => {
  const gateway = withData({ kind: 'server', type: 'server_error', message: 'down', dailyLimit: false });

  it('reads the error a wrapper keeps as its cause, however deep, a RetryError on the way included', () => {
    const wrapped = new Error('outer', { cause: new Error('middle', { cause: gateway }) });
    expect(unigateError(wrapped)).toBe(gateway.data);
    const retried = new RetryError({
      message: 'Failed after 3 attempts',
      reason: 'maxRetriesExceeded',
      errors: [gateway],
    });
    expect(unigateError(new Error('the step failed', { cause: retried }))).toBe(gateway.data);
    // The AI SDK's own errors keep a cause the same way.
    expect(unigateError(new NoOutputGeneratedError({ cause: gateway }))).toBe(gateway.data);
  });

  it("reads a cause of a RetryError's last attempt, and of another provider's APICallError", () => {
    const foreign = new APICallError({
      message: 'wrapped',
      url: 'https://api.other.example/v1/chat/completions',
      requestBodyValues: {},
      cause: gateway,
    });
    expect(unigateError(foreign)).toBe(gateway.data);
    const retried = new RetryError({ message: 'Failed', reason: 'maxRetriesExceeded', errors: [foreign] });
    expect(unigateError(retried)).toBe(gateway.data);
  });

  it('stops on a cycle and after 16 errors, and gives undefined when no cause is a Unigate error', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.assign(first, { cause: second });
    expect(unigateError(first)).toBeUndefined();
    // A cause getter that makes a new error on every read never ends: the reader gives up, it does not hang.
    let reads = 0;
    const endless = (): Error =>
      Object.defineProperty(new Error('again'), 'cause', { get: () => (reads++, endless()) });
    expect(unigateError(endless())).toBeUndefined();
    expect(reads).toBe(16);
    let chain: Error = gateway;
    for (let depth = 0; depth < 15; depth++) chain = new Error(`wrapper ${depth}`, { cause: chain });
    expect(unigateError(chain)).toBe(gateway.data);
    expect(unigateError(new Error('one more', { cause: chain }))).toBeUndefined();
    expect(unigateError(new Error('plain', { cause: 'a string' }))).toBeUndefined();
  });
});

// streamText reports a failure to `onError`, and nowhere else that unigateError can read: a call that
// failed before any text rejects `result.text` with NoOutputGeneratedError, which ai@6 and ai@7 make
// without a cause (their dist: `new NoOutputGeneratedError({ message })`), and one that failed after some
// text resolves `result.text` with that text. The README's "Errors from streams" block reads onError's.
describe('unigateError on a failed streamText, as the README reads it', () => {
  const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

  function expectNoCause(textError: unknown) {
    expect(NoOutputGeneratedError.isInstance(textError)).toBe(true);
    expect(textError).toHaveProperty('cause', undefined);
    expect(unigateError(textError)).toBeUndefined();
  }

  it('budget, refused before any request', async () => {
    const { emulator, gw, sent } = await spentBudget();
    const { reported, textError, read } = await failedStream(gw('gpt-4o-mini'), 'Hello there');
    expectNoCause(textError);
    expect(emulator.requests).toHaveLength(sent);
    expect(reported).toHaveLength(1);
    expect(read?.kind).toBe('budget');
    expect(reported[0]).toHaveProperty('message', read?.message);
  });

  // Each case: how the call fails, what `result.text` gives (the text so far, or `undefined` for a
  // rejection), how many requests were sent, and the data read from what onError received.
  const CASES: Array<[string, () => FailingModel, string, number, string | undefined, number, UnigateErrorData]> = [
    [
      'daily-limit',
      () => emulated({ dailyRequestLimit: 0, now: () => NOW }),
      'Hi',
      0,
      undefined,
      1,
      {
        kind: 'daily-limit',
        type: 'rate_limit_exceeded',
        message: 'Daily request limit reached; resets at midnight UTC',
        code: 429,
        dailyLimit: true,
        resetsAt: '2026-11-23T00:00:00.000Z',
      },
    ],
    [
      'rate-limit',
      () => emulated(),
      'Hi [[emulator:status:429]]',
      0,
      undefined,
      1,
      {
        kind: 'rate-limit',
        type: 'rate_limit_error',
        message: 'Emulated HTTP 429 ([[emulator:status:429]])',
        code: 429,
        dailyLimit: false,
      },
    ],
    [
      'a server error in the middle of the stream: result.text keeps the text before it',
      () => emulated(),
      'Tell me a story [[emulator:stream-error]]',
      0,
      'You said: Tell',
      1,
      {
        kind: 'server',
        type: 'server_error',
        message: 'Emulated stream error ([[emulator:stream-error]])',
        code: 500,
        dailyLimit: false,
      },
    ],
    [
      "a RetryError, after the AI SDK's default retries: its last attempt",
      () => {
        const { gw, requests } = failing(503, 'server_error');
        return { model: gw(MODEL), requests };
      },
      'Hi',
      2,
      undefined,
      3,
      { kind: 'server', type: 'server_error', message: 'attempt 3', code: 503, dailyLimit: false },
    ],
  ];

  it.each(CASES)('%s', async (_title, make, prompt, maxRetries, expectedText, sent, data) => {
    const { model, requests } = make();
    const { reported, text, textError, read } = await failedStream(model, prompt, maxRetries);
    if (expectedText === undefined) expectNoCause(textError);
    else expect(textError).toBeUndefined();
    expect(text).toBe(expectedText);
    expect(requests).toHaveLength(sent);
    expect(reported).toHaveLength(1);
    expect(RetryError.isInstance(reported[0])).toBe(maxRetries > 0);
    expect(read).toEqual(data);
  });
});
