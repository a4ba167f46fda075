import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { createJsonHandler } from '../../src/transport/json-response';
import { failure } from '../helpers/test-kit';

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
