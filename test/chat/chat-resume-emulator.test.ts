import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// What a user sees of a chat resume through the AI SDK: the emulator drops the stream on a prompt marker
// and honours the flagged prefill of the continuation (prefix or partial, by family), so the answer comes
// whole, once. A model whose upstream documents no continuation fails as before.

async function answer(modelId: string, marker: string, maxResumes?: number) {
  const emulator = createUnigateEmulator();
  const bodies: Array<{ messages: Array<Record<string, unknown>> }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return emulator.fetch(input, init);
  };
  const gw = createUnigate({ ...emulator.settings, fetch, ...(maxResumes !== undefined && { maxResumes }) });
  const prompt = 'Tell me about the sea and the wind over it.';
  const expected = await streamText({ model: gw(modelId), prompt }).text;
  bodies.length = 0;
  const result = streamText({ model: gw(modelId), prompt: `${prompt} ${marker}` });
  return { expected, text: await result.text, metadata: await result.providerMetadata, requests: bodies };
}

const REASONS = {
  close: 'connection-closed',
  end: 'ended-early',
  overloaded: 'error-event',
  broken: 'malformed-chunk',
};

describe('chat resume through streamText, over the emulator', () => {
  it.each(['close', 'end', 'overloaded', 'broken'] as const)(
    'deepseek-chat, drop:3:%s: the whole answer once',
    async how => {
      const { expected, text, metadata, requests } = await answer('deepseek-chat', `[[emulator:drop:3:${how}]]`);
      expect(text).toBe(expected);
      expect(requests).toHaveLength(2);
      expect(metadata?.unigate?.resumed).toMatchObject([{ reason: REASONS[how] }]);
    },
  );

  it.each([
    ['kimi-k2', 'partial'],
    ['qwen-plus', 'partial'],
    ['mistral-large-2411', 'prefix'],
  ])('%s continues a prefill flagged %s', async (modelId, flag) => {
    const { expected, text, requests } = await answer(modelId, '[[emulator:drop:4:end]]');
    expect(text).toBe(expected);
    expect(requests).toHaveLength(2);
    const { messages } = requests[1];
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', [flag]: true });
    expect(expected.startsWith(String(messages.at(-1)?.content))).toBe(true);
  });

  it('two drops need maxResumes 2', async () => {
    const marker = '[[emulator:drop:2:end]] [[emulator:drop:5:close]]';
    const { expected, text, metadata, requests } = await answer('deepseek-chat', marker, 2);
    expect(text).toBe(expected);
    expect(requests).toHaveLength(3);
    expect(metadata?.unigate?.resumed).toMatchObject([{ reason: 'ended-early' }, { reason: 'connection-closed' }]);
  });

  it('a model without a documented continuation is not resumed: the text stops where the body did', async () => {
    const { expected, text, metadata, requests } = await answer('gpt-4o-mini', '[[emulator:drop:3:end]]');
    expect(requests).toHaveLength(1);
    expect(expected.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(expected.length);
    expect(metadata?.unigate?.resumed).toBeUndefined();
  });
});
