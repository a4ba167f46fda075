import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateChatMetadata, unigateFallback } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// unigateFallback on real results of a gw.fallback model through the AI SDK (ai@6 here, ai@7 in the ai7
// lane), generated and streamed, and on metadata of the wrong shape. Results of other providers:
// test/checks/values.test.ts.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const FALLBACK = {
  answeredBy: 'gpt-4o-mini',
  attempts: [
    {
      modelId: 'gpt-4o',
      kind: 'permission',
      message:
        "Unigate request failed with HTTP 403 (permission_error): This key has no access to model 'gpt-4o'. " +
        'Use a model from listModels() on the provider, or a key whose tier includes it.',
    },
  ],
};

const gw = () => createUnigate(createUnigateEmulator({ deniedModels: ['gpt-4o'] }).settings);

describe('unigateFallback', () => {
  it('reads which model answered and why the ones before it were skipped', async () => {
    const result = await generateText({ model: gw().fallback(['gpt-4o', 'gpt-4o-mini']), prompt: 'Hi' });
    expect(unigateFallback(result)).toEqual(FALLBACK);
  });

  it('a first model that answers: no attempts', async () => {
    const result = await generateText({ model: gw().fallback(['gpt-4o-mini', 'gpt-4o']), prompt: 'Hi' });
    expect(unigateFallback(result)).toEqual({ answeredBy: 'gpt-4o-mini', attempts: [] });
  });

  it("streamText: a promise of the finished stream's fallback metadata", async () => {
    const result = streamText({ model: gw().fallback(['gpt-4o', 'gpt-4o-mini']), prompt: 'Hi' });
    const read = unigateFallback(result);
    expect(read).toBeInstanceOf(Promise);
    await result.consumeStream();
    expect(await read).toEqual(FALLBACK);
  });

  it('a model that is not a fallback: undefined, though its own metadata is there', async () => {
    const result = await generateText({
      model: gw()('gpt-4o-mini'),
      prompt: 'Hi',
      providerOptions: { unigate: { n: 2 } },
    });
    expect(unigateChatMetadata(result)?.choices).toHaveLength(2);
    expect(unigateFallback(result)).toBeUndefined();
  });

  it.each([
    ['a fallback that is a string', 'gpt-4o-mini'],
    ['no answeredBy', { attempts: [] }],
    ['attempts that are not an array', { answeredBy: 'gpt-4o-mini', attempts: {} }],
    ['an attempt of an unknown kind', { answeredBy: 'a', attempts: [{ modelId: 'b', kind: 'teapot', message: 'x' }] }],
    ['an attempt without a message', { answeredBy: 'a', attempts: [{ modelId: 'b', kind: 'server' }] }],
  ])('metadata with %s: undefined', (_case, fallback) => {
    expect(unigateFallback({ providerMetadata: { unigate: { fallback } } })).toBeUndefined();
  });
});
