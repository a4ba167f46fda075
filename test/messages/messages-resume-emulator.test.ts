import { jsonSchema, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { slowCatalog } from '../helpers/catalog-timing';
import { emulatorGateway } from '../helpers/emulator-gateway';

// What a user sees of a resume through the AI SDK: the emulator drops the stream on a prompt marker and
// honours the prefill of the continuation, so the answer comes whole, once.

async function answer(marker: string, maxResumes?: number) {
  const { gw, emulator } = emulatorGateway(undefined, maxResumes === undefined ? {} : { maxResumes });
  const prompt = 'Tell me about the sea.';
  const whole = await streamText({ model: gw.messages('claude-sonnet-4-5'), prompt });
  const expected = await whole.text;
  const before = emulator.requests.length;
  const result = streamText({ model: gw.messages('claude-sonnet-4-5'), prompt: `${prompt} ${marker}` });
  return {
    expected,
    text: await result.text,
    metadata: await result.providerMetadata,
    requests: emulator.requests.length - before,
  };
}

describe('messages resume through streamText, over the emulator', () => {
  it.each(['close', 'end', 'overloaded', 'broken'])('drop:3:%s gives the whole answer once', async how => {
    const { expected, text, metadata, requests } = await answer(`[[emulator:drop:3:${how}]]`);
    expect(text).toBe(expected);
    expect(requests).toBe(2);
    const reason = {
      close: 'connection-closed',
      end: 'ended-early',
      overloaded: 'error-event',
      broken: 'malformed-chunk',
    }[how];
    expect(metadata?.unigate?.resumed).toMatchObject([{ reason }]);
  });

  it('two drops need maxResumes 2', async () => {
    const { expected, text, metadata, requests } = await answer('[[emulator:drop:2:end]] [[emulator:drop:5:close]]', 2);
    expect(text).toBe(expected);
    expect(requests).toBe(3);
    expect(metadata?.unigate?.resumed).toMatchObject([{ reason: 'ended-early' }, { reason: 'connection-closed' }]);
  });
});

describe('a tool call cut by a drop, through streamText over the emulator', () => {
  it.each(['close', 'end'])('drop:1:%s: the call comes whole once, under the id the caller saw start', async how => {
    const { gw, emulator } = emulatorGateway();
    const tools = {
      weather: tool({
        inputSchema: jsonSchema<{ city: string }>({
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        }),
      }),
    };
    const options = { model: gw.messages('claude-sonnet-4-5'), tools, toolChoice: 'required' as const };
    const whole = streamText({ ...options, prompt: 'Weather in Oslo?' });
    const expected = await whole.toolCalls;
    const before = emulator.requests.length;
    const result = streamText({ ...options, prompt: `Weather in Oslo? [[emulator:drop:1:${how}]]` });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    expect(emulator.requests.length - before).toBe(2);
    const calls = await result.toolCalls;
    expect(calls.map(call => [call.toolCallId, call.input])).toEqual(
      expected.map(call => [call.toolCallId, call.input]),
    );
    const starts = parts.filter(part => part.type === 'tool-input-start').map(part => part.id);
    expect(starts).toEqual([calls[0]!.toolCallId]);
    const input = parts.flatMap(part => (part.type === 'tool-input-delta' ? [part.delta] : [])).join('');
    expect(input).toBe(JSON.stringify(expected[0]!.input));
  });
});

describe('the cost of a resumed stream', () => {
  it('counts both requests when the first fails before the catalog has loaded', async () => {
    const emulator = createUnigateEmulator();
    const catalog = slowCatalog(emulator.fetch);
    let messages = 0;
    // The catalog answers only once the continuation is sent: the first request failed without a price.
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (String(input).endsWith('/messages') && ++messages === 2) catalog.answer();
      return catalog.fetch(input, init);
    };
    const gw = createUnigate({ ...emulator.settings, fetch, pricing: 'catalog' });
    const result = streamText({ model: gw.messages('claude-sonnet-4-5'), prompt: 'Hi [[emulator:drop:1:end]]' });
    await result.consumeStream();
    const unigate = (await result.providerMetadata)?.unigate;
    expect(messages).toBe(2);
    expect(unigate?.resumed).toMatchObject([{ reason: 'ended-early' }]);
    expect(unigate?.costUnavailable).toBeUndefined();
    expect(unigate?.cost).toMatchObject({ unit: 'credits' });
  });
});
