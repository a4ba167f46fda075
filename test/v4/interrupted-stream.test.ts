import { streamText } from 'ai7';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src/v4';
import { CHAT_URL, chunk, DONE, metadataPart, noUsage, usageChunk } from '../chat/chat-fixtures';
import { createMockFetch } from '../helpers/mock-fetch';
import { API_KEY, SITE_URL, sseResponse } from '../helpers/test-kit';
import {
  blockStop,
  messageDelta,
  messageStart,
  messageStop,
  textDelta,
  textStart,
} from '../messages/messages-test-kit';
import { type Entry, streamedParts } from './v4-kit';

// A stream whose body ends without the format's completion signal (chat: neither a finish_reason nor
// [DONE]; messages: no message_stop) may be missing the rest of the answer. V4 calls that finish
// `interrupted`; the root entry (V3, which has no such value) keeps the reason it has always given.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const entries: Entry[] = ['root', 'v4'];
const cutReason = (entry: Entry, rootReason: string, raw: string | undefined) => ({
  unified: entry === 'v4' ? 'interrupted' : rootReason,
  raw,
});
const chatText = (...deltas: string[]) => [
  { type: 'text-start', id: 'text-0' },
  ...deltas.map(delta => ({ type: 'text-delta', id: 'text-0', delta })),
  { type: 'text-end', id: 'text-0' },
];
const cutOff = {
  type: 'error',
  error: expect.objectContaining({
    name: 'AI_InvalidResponseDataError',
    message: 'Unigate messages stream: the body ended before message_stop: the response was cut off.',
  }),
};

describe.each(entries)('chat completions stream, %s entry', entry => {
  it("ends without finish_reason or [DONE]: the text that came, the cut-off error, then finish 'interrupted' on /v4, 'error' at the root", async () => {
    const parts = await streamedParts(entry, 'chat', [
      chunk({ role: 'assistant', content: 'Hel' }),
      chunk({ content: 'lo' }),
    ]);
    const text = chatText('Hel', 'lo');
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      metadataPart,
      ...text.slice(0, -1),
      {
        type: 'error',
        error: expect.objectContaining({
          name: 'AI_InvalidResponseDataError',
          message:
            'Unigate chat stream: the body ended with neither a finish_reason nor [DONE]: the response was cut off.',
        }),
      },
      text.at(-1),
      { type: 'finish', finishReason: cutReason(entry, 'error', undefined), usage: noUsage },
    ]);
  });

  it('ends after its finish_reason and usage but without [DONE]: finishes with that reason on both entries', async () => {
    const usage = { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 };
    const parts = await streamedParts(entry, 'chat', [chunk({ content: 'Hello' }, 'length'), usageChunk(usage)]);
    expect(parts.slice(2)).toEqual([
      ...chatText('Hello'),
      {
        type: 'finish',
        finishReason: { unified: 'length', raw: 'length' },
        usage: { inputTokens: { total: 3, noCache: 3 }, outputTokens: { total: 1, text: 1 }, raw: usage },
      },
    ]);
  });

  it('ends at [DONE] with no finish_reason: [DONE] is the completion signal, so the reason is not interrupted', async () => {
    const parts = await streamedParts(entry, 'chat', [chunk({ content: 'Hello' }), DONE]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'other', raw: undefined },
      usage: noUsage,
    });
  });
});

describe.each(entries)('messages stream, %s entry', entry => {
  const usage = (output: number) => ({
    inputTokens: { total: 12, noCache: 12 },
    outputTokens: { total: output },
    raw: { input_tokens: 12, output_tokens: output },
  });
  const metadata = { unigate: { stopSequence: null } };

  it("ends mid-text: the text, the cut-off error, the text's end, then finish 'interrupted' on /v4, 'error' at the root", async () => {
    const parts = await streamedParts(entry, 'messages', [messageStart(), textStart(0), textDelta(0, 'Hel')]);
    expect(parts.slice(2)).toEqual([
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Hel' },
      cutOff,
      { type: 'text-end', id: '0' },
      {
        type: 'finish',
        finishReason: cutReason(entry, 'error', undefined),
        usage: usage(1),
        providerMetadata: metadata,
      },
    ]);
  });

  it('ends after message_delta (stop reason and usage in) but before message_stop: the answer is whole, so it finishes as message_stop would', async () => {
    const events = [messageStart(), textStart(0), textDelta(0, 'Hello'), blockStop(0), messageDelta('end_turn', 2)];
    const parts = await streamedParts(entry, 'messages', events);
    expect(parts).not.toContainEqual(expect.objectContaining({ type: 'error' }));
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'end_turn' },
      usage: usage(2),
      providerMetadata: metadata,
    });
  });

  it('ends after the text but before message_delta: the raw reason is kept', async () => {
    const events = [messageStart(), textStart(0), textDelta(0, 'Hello'), blockStop(0)];
    const parts = await streamedParts(entry, 'messages', events);
    expect(parts.slice(-2)).toEqual([
      cutOff,
      {
        type: 'finish',
        finishReason: cutReason(entry, 'error', undefined),
        usage: usage(1),
        providerMetadata: metadata,
      },
    ]);
  });

  it('ends at message_stop: finishes with the stop reason on both entries', async () => {
    const events = [messageStart(), textStart(0), textDelta(0, 'Hello'), blockStop(0), messageDelta('end_turn', 2)];
    const parts = await streamedParts(entry, 'messages', [...events, messageStop]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'end_turn' },
      usage: usage(2),
      providerMetadata: metadata,
    });
  });
});

describe("ai@7's streamText over a /v4 model", () => {
  it("reports a chat stream cut before its finish_reason as finishReason 'interrupted', with the text that came", async () => {
    const { fetch } = createMockFetch(
      http.post(CHAT_URL, () => sseResponse([chunk({ role: 'assistant', content: 'Hel' }), chunk({ content: 'lo' })])),
    );
    const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch, resume: 'off' });
    const result = streamText({ model: gw('gpt-4o-mini'), prompt: 'Hi' });
    expect([await result.text, await result.finishReason]).toEqual(['Hello', 'interrupted']);
  });
});
