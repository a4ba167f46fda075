import { streamText } from 'ai';
import { fetch as undiciFetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUnigate, unigateError } from '../../src';
import { createUnigateEmulator, type UnigateEmulatorServer } from '../../src/testing';

// The endings of a stream over a real socket: the emulator served on 127.0.0.1, read by Node's fetch and
// by undici's own. A drop destroys the socket after the k-th delta (the client reads a body cut
// mid-chunk: undici's `terminated`); a stall leaves it open and silent. Either way the caller gets an
// error part and a finish, and neither process sees an uncaught exception.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const servers: UnigateEmulatorServer[] = [];
const uncaught: unknown[] = [];
const record = (error: unknown) => void uncaught.push(error);

beforeEach(() => {
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map(server => server.close()));
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
  expect(uncaught.splice(0)).toEqual([]);
});

async function served() {
  const server = await createUnigateEmulator().listen();
  servers.push(server);
  return server;
}

const fetches = [
  ['Node fetch', undefined],
  ['undici', undiciFetch as unknown as typeof fetch],
] as const;

describe.each(fetches)('over a real socket (%s)', (_name, fetch) => {
  it.each([
    ['chat', 'gpt-4o'],
    ['messages', 'claude-sonnet-4-5'],
  ] as const)(
    '%s (%s): drop:3:close ends in a network error part and finish error, nothing thrown',
    async (format, id) => {
      const server = await served();
      const gw = createUnigate({ ...server.settings, ...(fetch && { fetch }), resume: 'off' });
      const reported: unknown[] = [];
      const result = streamText({
        model: format === 'chat' ? gw.chat(id) : gw.messages(id),
        prompt: 'Describe a harbour. [[emulator:drop:3:close]]',
        onError: ({ error }) => void reported.push(error),
      });
      const types: string[] = [];
      for await (const part of result.fullStream) types.push(part.type);
      expect(types.slice(-4)).toEqual(['error', 'text-end', 'finish-step', 'finish']);
      expect(await result.finishReason).toBe('error');
      expect(reported).toHaveLength(1);
      expect(unigateError(reported[0])).toEqual({ kind: 'network', dailyLimit: false });
      expect((reported[0] as Error).message).toMatch(
        new RegExp(
          `^Unigate ${format} stream: the connection closed after \\d+ parts \\(\\d+ bytes\\) before the answer was whole: terminated`,
        ),
      );
    },
  );

  it('a stall past streamIdleMs ends in a timeout error part; the socket is let go, so the server closes', async () => {
    const server = await served();
    const gw = createUnigate({ ...server.settings, ...(fetch && { fetch }), resume: 'off', streamIdleMs: 30 });
    const reported: unknown[] = [];
    const result = streamText({
      model: gw('gpt-4o'),
      prompt: 'Describe a harbour. [[emulator:stall:2]]',
      onError: ({ error }) => void reported.push(error),
    });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text.length).toBeGreaterThan(0);
    expect(await result.finishReason).toBe('error');
    expect(unigateError(reported[0])?.kind).toBe('timeout');
  });
});
