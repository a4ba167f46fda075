import { streamText } from 'ai7';
import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../../src/testing';
import type { UnigateChargeEvent } from '../../src';
import { createUnigate } from '../../src/v4';

// ai@7's own stream guards, met on the /v4 entry: `streamRetries` sends the whole call again after an
// `error` part, and `timeout.chunkMs` aborts a call whose output pauses. This package's `streamIdleMs`
// and resume act first where they can (docs/streaming.md#ai7-streamretries-and-timeout).
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const PROMPT = 'Describe a harbour.';

/** The /v4 provider over the emulator; `marker` is added to the first request's prompt only (a one-time fault). */
function gateway(marker: string, settings: Parameters<typeof createUnigate>[0] = {}) {
  const emulator = createUnigateEmulator();
  const events: UnigateChargeEvent[] = [];
  let first = true;
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (first && typeof init?.body === 'string' && init.body.includes(PROMPT)) {
      first = false;
      init = { ...init, body: init.body.replace(PROMPT, `${PROMPT} ${marker}`) };
    }
    return emulator.fetch(input, init);
  };
  const gw = createUnigate({ ...emulator.settings, fetch, onCharge: event => void events.push(event), ...settings });
  return { gw, events, emulator };
}

/** The text deltas of each text block of the full stream, in order. */
async function textBlocks(result: ReturnType<typeof streamText>): Promise<string[]> {
  const blocks: string[] = [];
  for await (const part of result.fullStream) {
    if (part.type === 'text-start') blocks.push('');
    if (part.type === 'text-delta') blocks[blocks.length - 1] += part.text;
  }
  return blocks;
}

const whole = 'You said: Describe a harbour.';

describe('ai@7 streamRetries with this provider (/v4)', () => {
  it('a model that cannot resume: the drop is an error part, ai@7 sends the call again; one charge event per model call', async () => {
    const { gw, events } = gateway('[[emulator:drop:3:close]]');
    const errors: unknown[] = [];
    const result = streamText({
      model: gw('gpt-4o'),
      prompt: PROMPT,
      streamRetries: 1,
      onError: ({ error }) => void errors.push(error),
    });
    // ai@7 ends the failed attempt's text block and streams the retry's answer from its start.
    expect(await textBlocks(result)).toEqual(['You said: Describe', whole]);
    expect(await result.text).toBe(whole);
    expect(await result.finishReason).toBe('stop');
    expect(errors).toHaveLength(1);
    expect(events.map(event => event.ended)).toEqual(['failed', 'completed']);
  });

  it('a model that resumes: the resume continues the same stream, no error part reaches ai@7, nothing is sent again', async () => {
    const { gw, events, emulator } = gateway('[[emulator:drop:3:close]]');
    const result = streamText({ model: gw('deepseek-chat'), prompt: PROMPT, streamRetries: 1 });
    expect(await textBlocks(result)).toEqual([whole]);
    expect((await result.providerMetadata)?.unigate?.resumed).toEqual([
      { afterCharacters: 18, reason: 'connection-closed', requestId: expect.any(String) },
    ]);
    expect(emulator.requests.filter(request => request.path === '/v1/chat/completions')).toHaveLength(2);
    expect(events.map(event => event.ended)).toEqual(['completed']);
  });

  it('a stall under streamIdleMs, below timeout.chunkMs: resumed before ai@7 would abort, the text shown once', async () => {
    const { gw, events } = gateway('[[emulator:stall:3]]', { streamIdleMs: 20 });
    const result = streamText({
      model: gw('deepseek-chat'),
      prompt: PROMPT,
      streamRetries: 1,
      timeout: { chunkMs: 10_000 },
    });
    expect(await textBlocks(result)).toEqual([whole]);
    expect(events.map(event => event.ended)).toEqual(['completed']);
  });

  it('a stall on a model that cannot resume: a timeout error part, then ai@7 retries the call once', async () => {
    const { gw, events } = gateway('[[emulator:stall:3]]', { streamIdleMs: 20 });
    const kinds: unknown[] = [];
    const result = streamText({
      model: gw('gpt-4o'),
      prompt: PROMPT,
      streamRetries: 1,
      onError: ({ error }) => void kinds.push((error as { data?: { kind?: string } }).data?.kind),
    });
    expect(await result.text).toBe(whole);
    expect(kinds).toEqual(['timeout']);
    expect(events.map(event => event.ended)).toEqual(['failed', 'completed']);
  });
});
