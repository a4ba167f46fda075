import { APICallError } from '@ai-sdk/provider';
import { generateText, RetryError } from 'ai';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateError } from '../../src';
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
    const emulator = createUnigateEmulator();
    const gw = createUnigate({
      ...emulator.settings,
      pricing: { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } },
      budget: { maxCredits: 1, period: 'total' },
    });
    await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    const sent = emulator.requests.length;
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
