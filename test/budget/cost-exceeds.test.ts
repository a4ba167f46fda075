import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { costExceeds, createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { expectInvalidArgument } from '../helpers/invalid-argument';

// One credit per token, so each step's cost is its token count.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };

function toolLoop(limit: number) {
  const emulator = createUnigateEmulator();
  const gw = createUnigate({ ...emulator.settings, pricing: PRICES });
  const weather = tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async () => ({ temperature: 21, unit: 'C' }),
  });
  return generateText({
    model: gw('gpt-4o-mini'),
    tools: { weather },
    stopWhen: [stepCountIs(5), costExceeds(limit)],
    prompt: 'What is the weather in Paris?',
  });
}

const stepTotal = (step: { providerMetadata?: Record<string, Record<string, unknown>> }) =>
  (step.providerMetadata?.unigate?.cost as { total: number }).total;

describe('costExceeds', () => {
  it('stops a tool loop after the step whose cost passes the limit', async () => {
    const full = await toolLoop(1_000);
    expect(full.steps).toHaveLength(2);
    const firstStep = stepTotal(full.steps[0]!);
    expect(firstStep).toBeGreaterThan(0);

    const stopped = await toolLoop(firstStep - 1);
    expect(stopped.steps).toHaveLength(1);
    expect(stopped.finishReason).toBe('tool-calls');
    expect(stepTotal(stopped.steps[0]!)).toBe(firstStep);
  });

  it('goes on while the sum equals the limit: it must exceed it', async () => {
    const full = await toolLoop(1_000);
    const atLimit = await toolLoop(stepTotal(full.steps[0]!));
    expect(atLimit.steps).toHaveLength(2);
  });

  it('sums every step; a step the catalog could not price in time stops the loop, its spend unknown', () => {
    const cost = (total: number) => ({ unigate: { cost: { input: total, output: 0, total, unit: 'credits' } } });
    const stop = costExceeds(0.3);
    expect(stop({ steps: [{ providerMetadata: cost(0.1) }, { providerMetadata: cost(0.2) }] })).toBe(false);
    expect(
      stop({
        steps: [{ providerMetadata: cost(0.1) }, { providerMetadata: cost(0.2) }, { providerMetadata: cost(1e-12) }],
      }),
    ).toBe(true);
    const unavailable = { unigate: { costUnavailable: 'The Unigate catalog could not be loaded' } };
    expect(stop({ steps: [{ providerMetadata: unavailable }] })).toBe(true);
    expect(costExceeds(1000)({ steps: [{ providerMetadata: cost(0.1) }, { providerMetadata: unavailable }] })).toBe(
      true,
    );
  });

  it('a step nothing priced fails the loop, naming the pricing setting: never a silent stop', () => {
    const cost = { unigate: { cost: { input: 0.1, output: 0, total: 0.1, unit: 'credits' } } };
    const message =
      "costExceeds cannot tell what step 2 cost: its result has no providerMetadata.unigate.cost. Create the provider with the pricing setting, pricing: 'catalog' or a price table; the default, pricing: false, prices nothing. A model neither prices, or another provider's model, has no cost either.";
    for (const unpriced of [undefined, { unigate: { stopSequence: null } }, { openai: {} }]) {
      const run = () => costExceeds(1000)({ steps: [{ providerMetadata: cost }, { providerMetadata: unpriced }] });
      expect(run).toThrow(expect.objectContaining({ name: 'AI_InvalidArgumentError', argument: 'pricing', message }));
    }
  });

  it('under the default pricing: false, a loop fails at its first step with that error, before a second request', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const weather = tool({
      description: 'Current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async () => ({ temperature: 21, unit: 'C' }),
    });
    const loop = generateText({
      model: gw('gpt-4o-mini'),
      tools: { weather },
      stopWhen: [stepCountIs(5), costExceeds(1_000)],
      prompt: 'What is the weather in Paris?',
    });
    await expect(loop).rejects.toThrow(
      expect.objectContaining({
        argument: 'pricing',
        message: expect.stringMatching(/^costExceeds cannot tell what step 1 cost: .*the default, pricing: false/),
      }),
    );
    expect(emulator.requests.filter(request => request.path.endsWith('/chat/completions'))).toHaveLength(1);
  });

  it('takes a limit of 0: a free step goes on, any spend stops the loop', () => {
    const cost = (total: number) => ({ unigate: { cost: { input: total, output: 0, total, unit: 'credits' } } });
    const stop = costExceeds(0);
    expect(stop({ steps: [{ providerMetadata: cost(0) }, { providerMetadata: cost(0) }] })).toBe(false);
    expect(stop({ steps: [{ providerMetadata: cost(0) }, { providerMetadata: cost(1e-12) }] })).toBe(true);
  });

  it('checks its limit', async () => {
    await expectInvalidArgument(
      Promise.resolve().then(() => costExceeds(NaN)),
      'credits',
      'Invalid argument credits: a number of credits, at least 0; received NaN.',
    );
    await expectInvalidArgument(
      Promise.resolve().then(() => costExceeds(-1)),
      'credits',
      'Invalid argument credits: a number of credits, at least 0; received -1.',
    );
  });
});
