import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { generateText, type ModelMessage, streamText } from 'ai7';
import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../src/testing';
import { createUnigate } from '../src/provider/unigate-provider';
import { failure } from './helpers/test-kit';
import { DOCUMENT, IMAGE_URL, REFERENCE, referenceError } from './helpers/v4-prompt-parts';

// The root entry's V3 models under ai@7, which wraps each in its V3 adapter: the path an ai@7 app takes
// when it imports `unigate-ai-provider` instead of `/v4`. The suites' own ai@7 lane runs through /v4, so
// this file imports the root by path and ai@7 by name, in both lanes.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

function rootGateway() {
  const emulator = createUnigateEmulator();
  const bodies: Array<Record<string, any>> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return emulator.fetch(input, init);
  };
  return { gw: createUnigate({ ...emulator.settings, fetch }), bodies };
}

const toolTurns = (item: unknown): ModelMessage[] =>
  [
    { role: 'user', content: 'Show the chart.' },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'chart', input: {} }] },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'chart', output: { type: 'content', value: [item] } },
      ],
    },
  ] as ModelMessage[];

describe("the root entry's models under ai@7's adapter", () => {
  it('are V3 models, which ai@7 takes', async () => {
    const { gw } = rootGateway();
    expect(gw('gpt-4o-mini').specificationVersion).toBe('v3');
    const { text, finishReason } = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello' });
    expect({ text, finishReason }).toEqual({ text: 'You said: Hello', finishReason: 'stop' });
  });

  it('send inline text files as text, on both formats', async () => {
    for (const model of ['gpt-4o-mini', 'claude-sonnet-4-5']) {
      const { gw, bodies } = rootGateway();
      const file = { type: 'file', data: { type: 'text', text: DOCUMENT }, mediaType: 'text/plain' };
      await generateText({
        model: gw(model),
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Look:' }, file] }] as ModelMessage[],
      });
      expect(bodies[0].messages[0].content).toEqual([
        { type: 'text', text: 'Look:' },
        { type: 'text', text: DOCUMENT },
      ]);
    }
  });

  it('refuse the file-id item ai@7 makes of a reference in a tool result, naming it, before any request', async () => {
    const { gw, bodies } = rootGateway();
    const reference = { type: 'file', data: { type: 'reference', reference: REFERENCE }, mediaType: 'image/png' };
    const error = await failure(
      generateText({ model: gw.messages('claude-sonnet-4-5'), messages: toolTurns(reference) }),
    );
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      referenceError(
        'prompt[2].content[0].output.value[0]',
        'a file-id item, the form ai@7 gives `reference` file data in tool results',
      ),
    );
    expect(bodies).toHaveLength(0);
    const url = { type: 'file', data: { type: 'url', url: new URL(IMAGE_URL) }, mediaType: 'image/png' };
    await generateText({ model: gw.messages('claude-sonnet-4-5'), messages: toolTurns(url) });
    expect(bodies[0].messages.at(-1).content[0].content).toEqual([
      { type: 'image', source: { type: 'url', url: IMAGE_URL } },
    ]);
  });

  it("finish a stream cut before its completion signal with the V3 reason: 'error' on both formats", async () => {
    const { gw } = rootGateway();
    const prompt = 'A long story [[emulator:cut]]';
    const chat = streamText({ model: gw('gpt-4o-mini'), prompt, onError: () => {} });
    expect(await chat.finishReason).toBe('error');
    const messages = streamText({ model: gw.messages('claude-sonnet-4-5'), prompt, onError: () => {} });
    expect(await messages.finishReason).toBe('error');
  });
});
