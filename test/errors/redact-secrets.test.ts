import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, withSecretsRedacted } from '../../src/errors/redact-secrets';
import { failure, thrown } from '../helpers/test-kit';

// Characters a URL or a JSON writer escapes, so every echoed form differs from the key as sent.
const KEY = 'sk-ug/Echo+Key=0123456789abcdef';
const ENCODED = encodeURIComponent(KEY);

describe('redactSecrets on text', () => {
  it('replaces the key as sent, inside Bearer and in a URL, keeping the text around it', () => {
    expect(redactSecrets(`Invalid key ${KEY}. Header was Bearer ${KEY}`, KEY)).toBe(
      'Invalid key [redacted]. Header was Bearer [redacted]',
    );
    expect(redactSecrets(`https://gw.test/v1/models?key=${KEY}&x=1`, KEY)).toBe(
      'https://gw.test/v1/models?key=[redacted]&x=1',
    );
  });

  it('replaces the percent-encoded key in either hex case, and a key encoded character by character', () => {
    expect(ENCODED).toBe('sk-ug%2FEcho%2BKey%3D0123456789abcdef');
    expect(redactSecrets(`?key=${ENCODED}`, KEY)).toBe('?key=[redacted]');
    expect(redactSecrets('?key=sk-ug%2fEcho%2bKey%3d0123456789abcdef', KEY)).toBe('?key=[redacted]');
    const everyByte = Array.from(KEY, c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    expect(redactSecrets(`[${everyByte}]`, KEY)).toBe('[[redacted]]');
  });

  it('replaces the JSON-escaped key: an escaped slash, or \\u escapes', () => {
    expect(redactSecrets(`{"key":"${KEY.replace('/', '\\/')}"}`, KEY)).toBe('{"key":"[redacted]"}');
    const unicode = Array.from(KEY, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    expect(redactSecrets(`{"key":"${unicode}"}`, KEY)).toBe('{"key":"[redacted]"}');
    const astral = 'sk-\u{1F600}-0123456789';
    expect(redactSecrets('{"key":"sk-\\ud83d\\uDE00-0123456789"}', astral)).toBe('{"key":"[redacted]"}');
    const quoted = 'sk-"quoted\\key-0123';
    expect(redactSecrets(JSON.stringify({ key: quoted }), quoted)).toBe('{"key":"[redacted]"}');
  });

  it('leaves text alone without a key, with a key under 8 characters, and where the key is only a prefix', () => {
    expect(redactSecrets(`x ${KEY}`, undefined)).toBe(`x ${KEY}`);
    expect(redactSecrets('abc abc', 'abc')).toBe('abc abc');
    expect(redactSecrets(KEY.slice(0, -1), KEY)).toBe(KEY.slice(0, -1));
    expect(REDACTED).toBe('[redacted]');
  });
});

describe('redactSecrets on errors and objects', () => {
  it('redacts an APICallError in place: message, stack, body, data, headers (names too), url and request body', () => {
    const headers = { 'www-authenticate': `Bearer ${KEY}`, [`x-${'k'}`]: ENCODED };
    const data = { message: `bad ${KEY}`, nested: [{ echo: KEY }], count: 1 };
    const requestBodyValues = { model: 'gpt-4o', prompt: `say ${KEY}` };
    const error = new APICallError({
      message: `Unigate request failed: bad ${KEY}`,
      url: `https://gw.test/v1/x?key=${ENCODED}`,
      requestBodyValues,
      statusCode: 401,
      responseHeaders: headers,
      responseBody: JSON.stringify({ error: { message: `bad ${KEY}` } }),
      data,
    });
    const stackBefore = error.stack!;
    expect(stackBefore).toContain(KEY);

    expect(redactSecrets(error, KEY)).toBe(error);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Unigate request failed: bad [redacted]');
    expect(error.stack).toBe(stackBefore.split(KEY).join('[redacted]'));
    expect(error.responseBody).toBe('{"error":{"message":"bad [redacted]"}}');
    expect(error.data).toEqual({ message: 'bad [redacted]', nested: [{ echo: '[redacted]' }], count: 1 });
    expect(error.responseHeaders).toEqual({ 'www-authenticate': 'Bearer [redacted]', 'x-k': '[redacted]' });
    expect(error.url).toBe('https://gw.test/v1/x?key=[redacted]');
    expect(error.requestBodyValues).toEqual({ model: 'gpt-4o', prompt: 'say [redacted]' });
    // The objects passed in may be the caller's: they are copied, never changed.
    expect(data.message).toBe(`bad ${KEY}`);
    expect(requestBodyValues.prompt).toBe(`say ${KEY}`);
    expect(headers['www-authenticate']).toBe(`Bearer ${KEY}`);
  });

  it('follows the cause chain, and overwrites a message that is a getter', () => {
    class GetterError extends Error {
      override get message(): string {
        return `computed ${KEY}`;
      }
    }
    const root = new GetterError();
    const middle = new SyntaxError(`Unexpected token in "${KEY}"`, { cause: root });
    const outer = new Error('outer', { cause: middle });
    redactSecrets(outer, KEY);
    expect(middle.message).toBe('Unexpected token in "[redacted]"');
    expect(middle.stack).not.toContain(KEY);
    expect(root.message).toBe('computed [redacted]');
    expect(outer.cause).toBe(middle);
  });

  it('returns what holds no key as the same object, and ends on cycles', () => {
    const clean = { a: [1, 'two', { three: null }] };
    expect(redactSecrets(clean, KEY)).toBe(clean);
    const bytes = new Uint8Array([1, 2]);
    expect(redactSecrets(bytes, KEY)).toBe(bytes);
    const cyclic: Record<string, unknown> = { text: KEY };
    cyclic.self = cyclic;
    const error = new Error(KEY, { cause: cyclic });
    (cyclic as { error?: unknown }).error = error;
    redactSecrets(error, KEY);
    expect(error.message).toBe('[redacted]');
    expect((error.cause as { text: string }).text).toBe('[redacted]');
  });

  it('leaves a frozen error as it is rather than throwing', () => {
    const error = Object.freeze(new Error(`frozen ${KEY}`));
    expect(redactSecrets(error, KEY)).toBe(error);
  });
});

describe('withSecretsRedacted', () => {
  it('redacts what the function throws or its promise rejects with, and passes results through', async () => {
    expect(
      thrown(() =>
        withSecretsRedacted(KEY, () => {
          throw new Error(`sync ${KEY}`);
        }),
      ).message,
    ).toBe('sync [redacted]');
    const rejected = await failure(
      withSecretsRedacted(KEY, async () => {
        throw new Error(`async ${KEY}`);
      }),
    );
    expect(rejected.message).toBe('async [redacted]');
    expect(withSecretsRedacted(KEY, () => KEY)).toBe(KEY);
    expect(await withSecretsRedacted(KEY, async () => 42)).toBe(42);
  });
});
