import { createOpenAICompatible as createCompatibleV3 } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import aiPackage from 'ai/package.json';
import { createOpenAICompatible as createCompatibleV4 } from 'openai-compatible-v4';
import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../../src/testing';
import { unigateFallback } from '../../src/fallback/unigate-fallback-model';
import { pipelineModel } from '../../src/settings/model-kind';
// Each entry by its own path: in the ai@7 lane, '../../src' is routed to /v4 (vitest.ai7.config.ts).
import { createUnigate } from '../../src/provider/unigate-provider';
import { createUnigate as createUnigateV4 } from '../../src/v4';
import { readParts, scriptedV4 } from '../spec-adapters/spec-models';

// gw.fallback with another provider's models of either spec, on both entries, through the real `ai`
// package: @ai-sdk/openai-compatible 3 (V4) and 2 (V3), aimed at the emulator, next to Unigate ids. The
// root entry's chain is a V3 model (ai@6 and ai@7); the /v4 entry's is a V4 model, which only ai@7 takes,
// so under ai@6 its chains are called directly.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const ANSWER = 'You said: Hi';

function setup() {
  const emulator = createUnigateEmulator();
  const { baseURL, apiKey } = emulator.settings;
  const at = { baseURL, apiKey, fetch: emulator.fetch };
  const tried = () =>
    emulator.requests.filter(entry => entry.path === '/v1/chat/completions').map(entry => entry.model);
  return {
    gw: createUnigate(emulator.settings),
    gw4: createUnigateV4(emulator.settings),
    compat4: createCompatibleV4({ name: 'compat4', ...at }),
    compat3: createCompatibleV3({ name: 'compat3', ...at }),
    tried,
  };
}

/** What a skipped model's attempt records: the V4 provider's own message, or Unigate's. */
const skipped = (modelId: string, by: 'other' | 'unigate') => ({
  modelId,
  kind: 'not-found',
  message:
    by === 'other'
      ? `Unknown model '${modelId}'`
      : `Unigate request failed with HTTP 404 (not_found_error): Unknown model '${modelId}'. listModels() on the ` +
        'provider lists the ids this key can use.',
});

describe('root entry: a V4 model of another provider in gw.fallback (adapted to V3)', () => {
  it('moves on from a failing V4 model to a Unigate id: generateText and streamText', async () => {
    const { gw, compat4, tried } = setup();
    const chain = gw.fallback([compat4('no-such-model'), 'gpt-4o-mini']);
    const expected = { answeredBy: 'gpt-4o-mini', attempts: [skipped('no-such-model', 'other')] };

    const generated = await generateText({ model: chain, prompt: 'Hi' });
    expect(generated.text).toBe(ANSWER);
    expect(unigateFallback(generated)).toEqual(expected);

    const streamed = streamText({ model: chain, prompt: 'Hi' });
    expect(await streamed.text).toBe(ANSWER);
    expect(await unigateFallback(streamed)).toEqual(expected);
    expect(tried()).toEqual(['no-such-model', 'gpt-4o-mini', 'no-such-model', 'gpt-4o-mini']);
  });

  it('moves on from a failing Unigate id to a V4 model, which answers: generateText and streamText', async () => {
    const { gw, compat4, tried } = setup();
    const chain = gw.fallback(['no-such-model', compat4('gpt-4o')]);
    const expected = { answeredBy: 'gpt-4o', attempts: [skipped('no-such-model', 'unigate')] };

    const generated = await generateText({ model: chain, prompt: 'Hi' });
    expect(generated.text).toBe(ANSWER);
    expect(unigateFallback(generated)).toEqual(expected);
    expect(generated.finishReason).toBe('stop');
    expect(generated.providerMetadata).toHaveProperty('compat4');

    const streamed = streamText({ model: chain, prompt: 'Hi' });
    expect(await streamed.text).toBe(ANSWER);
    expect(await unigateFallback(streamed)).toEqual(expected);
    expect(await streamed.finishReason).toBe('stop');
    expect(tried()).toEqual(['no-such-model', 'gpt-4o', 'no-such-model', 'gpt-4o']);
  });
});

describe(`/v4 entry: models of either spec in gw.fallback, through ${major >= 7 ? 'ai@7' : 'doGenerate / doStream (ai@6 takes no V4 model)'}`, () => {
  type Chain = ReturnType<ReturnType<typeof setup>['gw4']['fallback']>;

  /** The chain's text and fallback metadata, both ways (generate, stream). */
  async function answers(chain: Chain) {
    if (major >= 7) {
      const generated = await generateText({ model: chain as never, prompt: 'Hi' });
      const streamed = streamText({ model: chain as never, prompt: 'Hi' });
      return [
        { text: generated.text, fallback: unigateFallback(generated) },
        { text: await streamed.text, fallback: await unigateFallback(streamed) },
      ];
    }
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
    const generated = await chain.doGenerate({ prompt });
    const parts = await readParts((await chain.doStream({ prompt })).stream);
    const finish = parts.find(part => part.type === 'finish');
    return [
      {
        text: generated.content.map(part => (part.type === 'text' ? part.text : '')).join(''),
        fallback: unigateFallback(generated),
      },
      {
        text: parts.map(part => (part.type === 'text-delta' ? part.delta : '')).join(''),
        fallback: unigateFallback(finish),
      },
    ];
  }

  it('moves on from a failing V4 model to a Unigate id', async () => {
    const { gw4, compat4, tried } = setup();
    const expected = {
      text: ANSWER,
      fallback: { answeredBy: 'gpt-4o-mini', attempts: [skipped('no-such-model', 'other')] },
    };
    expect(await answers(gw4.fallback([compat4('no-such-model'), 'gpt-4o-mini']))).toEqual([expected, expected]);
    expect(tried()).toEqual(['no-such-model', 'gpt-4o-mini', 'no-such-model', 'gpt-4o-mini']);
  });

  it('moves on from a failing Unigate id to a V4 model, which answers as it is', async () => {
    const { gw4, compat4, tried } = setup();
    const expected = {
      text: ANSWER,
      fallback: { answeredBy: 'gpt-4o', attempts: [skipped('no-such-model', 'unigate')] },
    };
    expect(await answers(gw4.fallback(['no-such-model', compat4('gpt-4o')]))).toEqual([expected, expected]);
    expect(tried()).toEqual(['no-such-model', 'gpt-4o', 'no-such-model', 'gpt-4o']);
  });

  it('a mixed chain: a failing V3 model and a failing V4 model, then a Unigate id', async () => {
    const { gw4, compat3, compat4, tried } = setup();
    const chain = gw4.fallback([compat3('missing-a'), compat4('missing-b'), 'gpt-4o-mini']);
    const attempts = [
      { modelId: 'missing-a', kind: 'not-found', message: "Unknown model 'missing-a'" },
      { modelId: 'missing-b', kind: 'not-found', message: "Unknown model 'missing-b'" },
    ];
    const expected = { text: ANSWER, fallback: { answeredBy: 'gpt-4o-mini', attempts } };
    expect(await answers(chain)).toEqual([expected, expected]);
    expect(tried()).toEqual(['missing-a', 'missing-b', 'gpt-4o-mini', 'missing-a', 'missing-b', 'gpt-4o-mini']);
  });

  it('a mixed chain: a failing Unigate id, then a V3 model (adapted to V4) that answers before the V4 one', async () => {
    const { gw4, compat3, compat4, tried } = setup();
    const chain = gw4.fallback(['no-such-model', compat3('gpt-4o'), compat4('gpt-4o-mini')]);
    const expected = {
      text: ANSWER,
      fallback: { answeredBy: 'gpt-4o', attempts: [skipped('no-such-model', 'unigate')] },
    };
    expect(await answers(chain)).toEqual([expected, expected]);
    expect(tried()).toEqual(['no-such-model', 'gpt-4o', 'no-such-model', 'gpt-4o']);
  });
});

describe('a V4 member’s part V3 has no place for, in a root chain', () => {
  const USAGE = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  const leftOut = {
    type: 'other',
    message:
      'A streamed custom part of the answer of V4 model "other4-model" (other4.chat) is a custom part of kind ' +
      '"other4.note": a V3 result has no place for it, so it was left out.',
  };

  it('is left out after content with a warning that reaches the step’s warnings, beside the chain’s own', async () => {
    const { gw } = setup();
    const { model } = scriptedV4({
      parts: [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hi' },
        { type: 'text-end', id: 't' },
        { type: 'custom', kind: 'other4.note' },
        { type: 'finish', usage: USAGE, finishReason: { unified: 'stop', raw: 'stop' } },
      ],
    });
    // The missing id makes the chain add a warning of its own to stream-start.
    const streamed = streamText({ model: gw.fallback(['no-such-model', model]), prompt: 'Hi' });
    expect(await streamed.text).toBe('Hi');
    const warnings = await streamed.warnings;
    expect(warnings).toContainEqual(leftOut);
    expect(warnings?.map(warning => (warning as { message?: string }).message?.slice(0, 32))).toEqual([
      'Fallback model "no-such-model" w',
      leftOut.message.slice(0, 32),
    ]);
  });
});

describe('gw.fallback: which member the chain calls', () => {
  const membersOf = (chain: object): unknown[] => Reflect.get(Reflect.get(chain, 'chain'), 'models');

  it('takes a /v4 model of this package as its pipeline model in a V4 chain, and adapts it in a V3 one', () => {
    const { gw, gw4 } = setup();
    const front = gw4('gpt-4o-mini');
    expect(membersOf(Reflect.get(gw4.fallback([front]), pipelineModel))[0]).toBe(Reflect.get(front, pipelineModel));
    // Its pipeline speaks V4's values (interrupted, deprecated), which a V3 chain must not hand on.
    const inRoot = membersOf(gw.fallback([front]))[0] as { specificationVersion: string };
    expect(inRoot).not.toBe(Reflect.get(front, pipelineModel));
    expect(inRoot.specificationVersion).toBe('v3');
  });

  it('a /v4 model whose stream is cut finishes interrupted in a V4 chain and other in a V3 chain', async () => {
    const { gw, gw4 } = setup();
    const prompt = [
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'A long story [[emulator:cut]]' }] },
    ];
    const finishOf = async (chain: { doStream(options: never): PromiseLike<{ stream: ReadableStream<unknown> }> }) => {
      const { stream } = await chain.doStream({ prompt } as never);
      const parts = (await readParts(stream)) as Array<{ type: string; finishReason?: unknown }>;
      return parts.find(part => part.type === 'finish')?.finishReason;
    };
    expect(await finishOf(gw4.fallback([gw4('gpt-4o-mini')]))).toEqual({ unified: 'interrupted', raw: undefined });
    expect(await finishOf(gw.fallback([gw4('gpt-4o-mini')]))).toEqual({ unified: 'other', raw: undefined });
  });

  it('keeps a model of the chain’s spec as it is and adapts one of the other spec', () => {
    const { gw, gw4, compat3, compat4 } = setup();
    const v3 = compat3('gpt-4o');
    const v4 = compat4('gpt-4o');
    const root = membersOf(gw.fallback([v3, v4])) as Array<{ specificationVersion: string }>;
    const onV4 = membersOf(Reflect.get(gw4.fallback([v3, v4]), pipelineModel)) as Array<{
      specificationVersion: string;
    }>;
    expect(root[0]).toBe(v3);
    expect(root[1]!.specificationVersion).toBe('v3');
    expect(onV4[0]!.specificationVersion).toBe('v4');
    expect(onV4[1]).toBe(v4);
  });

  it('refuses a model of another specification version, naming it, before any request', () => {
    const { gw, gw4, tried } = setup();
    const v2 = { specificationVersion: 'v2', provider: 'old.chat', modelId: 'old', doGenerate() {}, doStream() {} };
    for (const provider of [gw, gw4]) {
      expect(() => provider.fallback(['gpt-4o', v2 as never])).toThrow(
        'Invalid argument models[1]: must be a model id, a LanguageModelV3 or a LanguageModelV4; received',
      );
    }
    expect(tried()).toEqual([]);
  });
});
