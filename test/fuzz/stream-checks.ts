import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { http } from 'msw';
import { expect } from 'vitest';
import { createUnigate } from '../../src';
import { createMockFetch } from '../helpers/mock-fetch';

// The harness of the stream fuzz suite: a body that hands out one chunk per pull, reading with a hang
// limit, and the checks every stream must pass whatever went in.

export type Part = LanguageModelV3StreamPart;

/** A read that takes longer than this is a hang. */
export const HANG_MS = 2_000;

/**
 * An SSE response whose body hands out one chunk per pull. (Enqueueing 10^5 chunks up front, as
 * sseResponse does, is quadratic inside Node's web streams; one per pull is also how a socket behaves.)
 */
export function pulledSseResponse(chunks: Uint8Array[]): Response {
  let next = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next < chunks.length) controller.enqueue(chunks[next++]);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/**
 * Settles like `promise`, or fails as a hang after `ms`. A stream fed by microtasks alone never lets
 * the timer run, so a read that settles late also counts as a hang.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: ${what} did not settle within ${ms} ms`)), ms);
  });
  const started = performance.now();
  try {
    const value = await Promise.race([promise, hang]);
    const took = performance.now() - started;
    if (took > ms) throw new Error(`hang: ${what} took ${Math.round(took)} ms (limit ${ms} ms)`);
    return value;
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a stream to its end; every read is raced against HANG_MS, and a read that throws fails. */
export async function readWithin<T>(stream: ReadableStream<T>, ms = HANG_MS): Promise<T[]> {
  const reader = stream.getReader();
  const out: T[] = [];
  for (;;) {
    let result: ReadableStreamReadResult<T>;
    try {
      result = await within(reader.read(), ms, `read #${out.length + 1} of the stream`);
    } catch (error) {
      await reader.cancel().catch(() => {});
      if (error instanceof Error && error.message.startsWith('hang:')) throw error;
      throw new Error(`the stream threw instead of ending with an error part: ${String(error)}`);
    }
    if (result.done) return out;
    out.push(result.value);
  }
}

export const withoutRaw = (parts: Part[]) => parts.filter(part => part.type !== 'raw');

const OPENINGS_AND_DELTAS = new Set([
  'stream-start',
  'response-metadata',
  'text-start',
  'text-delta',
  'reasoning-start',
  'reasoning-delta',
  'tool-input-start',
  'tool-input-delta',
]);

/** What a stream said before it stopped: the parts that open or extend something (no ends, no calls). */
export const said = (parts: Part[]) => parts.filter(part => OPENINGS_AND_DELTAS.has(part.type));

export const errorsOf = (parts: Part[]) =>
  parts.filter((part): part is Extract<Part, { type: 'error' }> => part.type === 'error').map(part => part.error);

export const finishOf = (parts: Part[]) => parts.at(-1) as Extract<Part, { type: 'finish' }>;

export function deltas(
  parts: Part[],
  type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta',
  id?: string,
): string[] {
  return parts.flatMap(part => (part.type === type && (id === undefined || part.id === id) ? [part.delta] : []));
}

/** The message of an error part's error; it must be an Error with a message that says something. */
export function messageOf(error: unknown): string {
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  expect(typeof message).toBe('string');
  expect(message.trim().length).toBeGreaterThan(0);
  return message;
}

/**
 * What holds for every stream, whatever came in: stream-start first, exactly one finish and it is
 * last, every error part carries an Error with a message, and the finish says `error` iff there was one
 * (V4's `interrupted` with it, for a body cut off before its end: the format's own oracle says when).
 */
export function expectWellFramed(parts: Part[]): void {
  expect(parts.length).toBeGreaterThanOrEqual(2);
  expect(parts[0].type).toBe('stream-start');
  expect(parts.filter(part => part.type === 'stream-start')).toHaveLength(1);
  expect(parts.filter(part => part.type === 'finish')).toHaveLength(1);
  expect(parts.at(-1)!.type).toBe('finish');
  const errors = errorsOf(parts);
  for (const error of errors) messageOf(error);
  const unified: string = finishOf(parts).finishReason.unified;
  expect(unified === 'error' || (unified === 'interrupted' && errors.length > 0)).toBe(errors.length > 0);
}

/**
 * Every text, reasoning and tool input is started once, extended only while open, and ended at most
 * once (exactly once when `closed`); a tool-call carries exactly the input its deltas streamed
 * (or `emptyInput` when none was streamed).
 */
export function expectLifecycles(parts: Part[], closed: boolean, emptyInput?: string): void {
  const state = new Map<string, 'open' | 'ended'>();
  const inputs = new Map<string, string>();
  const calls = new Set<string>();
  for (const part of parts) {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start':
      case 'tool-input-start': {
        const key = `${part.type.split('-start')[0]}:${part.id}`;
        expect(state.has(key), `${key} started twice`).toBe(false);
        state.set(key, 'open');
        if (part.type === 'tool-input-start') inputs.set(part.id, '');
        break;
      }
      case 'text-delta':
      case 'reasoning-delta':
      case 'tool-input-delta': {
        const key = `${part.type.split('-delta')[0]}:${part.id}`;
        expect(state.get(key), `${part.type} outside ${key}`).toBe('open');
        if (part.type === 'tool-input-delta') inputs.set(part.id, inputs.get(part.id)! + part.delta);
        break;
      }
      case 'text-end':
      case 'reasoning-end':
      case 'tool-input-end': {
        const key = `${part.type.split('-end')[0]}:${part.id}`;
        expect(state.get(key), `${part.type} of ${key}`).toBe('open');
        state.set(key, 'ended');
        break;
      }
      case 'tool-call':
        expect(state.get(`tool-input:${part.toolCallId}`), `tool-call before its input ended`).toBe('ended');
        expect(calls.has(part.toolCallId), `two tool-calls for ${part.toolCallId}`).toBe(false);
        calls.add(part.toolCallId);
        {
          const streamed = inputs.get(part.toolCallId);
          expect(part.input).toBe(streamed === '' && emptyInput !== undefined ? emptyInput : streamed);
        }
        break;
    }
  }
  if (closed) for (const [key, value] of state) expect(value, `${key} never ended`).toBe('ended');
}

/** The text parses as JSON: the break rule completes a tool call left open only then. */
export function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The break rule, read off the parts alone: every text, reasoning and tool input that started also
 * ended (an id may start again after its end), deltas come only while their block is open, a
 * `tool-call` comes once, after its input ended. And no started tool call vanished: each has its
 * `tool-call`, or the stream has an error part, and then an error names one of the calls that got
 * none (`label` gives a call's name in errors, e.g. `id (name)`).
 */
export function expectNoneVanished(parts: Part[], label: (toolCallId: string, toolName: string) => string): void {
  const open = new Set<string>();
  const names = new Map<string, string>();
  const called = new Set<string>();
  for (const part of parts) {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start':
      case 'tool-input-start': {
        const key = `${part.type.slice(0, -'-start'.length)}:${part.id}`;
        expect(open.has(key), `${key} started while open`).toBe(false);
        open.add(key);
        if (part.type === 'tool-input-start') names.set(part.id, part.toolName);
        break;
      }
      case 'text-delta':
      case 'reasoning-delta':
      case 'tool-input-delta':
        expect(open.has(`${part.type.slice(0, -'-delta'.length)}:${part.id}`), `${part.type} outside its block`).toBe(
          true,
        );
        break;
      case 'text-end':
      case 'reasoning-end':
      case 'tool-input-end': {
        const key = `${part.type.slice(0, -'-end'.length)}:${part.id}`;
        expect(open.delete(key), `${part.type} of ${key}, which is not open`).toBe(true);
        break;
      }
      case 'tool-call':
        expect(
          names.has(part.toolCallId) && !open.has(`tool-input:${part.toolCallId}`),
          'tool-call before its input ended',
        ).toBe(true);
        expect(called.has(part.toolCallId), `two tool-calls for ${part.toolCallId}`).toBe(false);
        called.add(part.toolCallId);
        break;
    }
  }
  expect([...open], 'blocks never ended').toEqual([]);
  const vanished = [...names].filter(([id]) => !called.has(id)).map(([id, name]) => label(id, name));
  if (vanished.length === 0) return;
  const messages = errorsOf(parts).map(messageOf);
  expect(messages.length, `tool calls ${vanished.join(', ')} vanished without an error part`).toBeGreaterThan(0);
  expect(
    vanished.some(call => messages.some(message => message.includes(call))),
    `no error names any of ${vanished.join(', ')}: ${messages.join(' | ')}`,
  ).toBe(true);
}

/** `prefix` is a prefix of `whole` (element-wise deep equality). */
export function expectPrefix<T>(prefix: T[], whole: T[]): void {
  expect(prefix.length).toBeLessThanOrEqual(whole.length);
  expect(prefix).toEqual(whole.slice(0, prefix.length));
}

/** Every item of `part` appears in `whole`, in order. */
export function isSubsequence<T>(part: T[], whole: T[]): boolean {
  let at = 0;
  for (const item of part) {
    while (at < whole.length && whole[at] !== item) at++;
    if (at === whole.length) return false;
    at++;
  }
  return true;
}

/** The key the fuzzed models use: properties check it never reaches an error. */
export const FUZZ_API_KEY = 'sk-unigate-fuzz-key-0123456789abcdef';

/**
 * `doStream` of one wire format over whatever body a property hands it: returns the function that
 * serves `chunks` (one per read) and collects the parts, every step raced against the hang limit.
 * `mergeStreamDeltas` is the provider setting (default on: deltas of one read merge).
 */
export function streamDriver(format: 'chat' | 'messages', { mergeStreamDeltas }: { mergeStreamDeltas?: boolean } = {}) {
  const site = 'https://gw.fuzz.test';
  const path = format === 'chat' ? '/v1/chat/completions' : '/api/v1/messages';
  const prompt: LanguageModelV3Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }];
  let body: Uint8Array[] = [];
  const { fetch } = createMockFetch(http.post(`${site}${path}`, () => pulledSseResponse(body)));
  // One stream's rules: a resume (its own tests: test/*/*-resume*.test.ts, fuzz/resume-streams) would send a second request.
  const gw = createUnigate({ apiKey: FUZZ_API_KEY, siteURL: site, fetch, mergeStreamDeltas, resume: 'off' });
  const model = format === 'chat' ? gw.chat('fuzz-model') : gw.messages('fuzz-model');
  return async (chunks: Uint8Array[], includeRawChunks = false): Promise<Part[]> => {
    body = chunks;
    const { stream } = await within(Promise.resolve(model.doStream({ prompt, includeRawChunks })), HANG_MS, 'doStream');
    return readWithin(stream);
  };
}
