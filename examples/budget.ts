import { APICallError, generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { costExceeds, createUnigate, unigateCost, type UnigateErrorData } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

// One credit per token keeps the figures readable: the emulator's "Hello there" costs 7 credits.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };

/**
 * A budget that refuses the third call: two calls of 7 credits reach `maxCredits: 14`, so the third
 * fails before any request. On an in-process emulator, so it spends nothing even when the demo is live.
 */
async function budgetRefusesTheThirdCall(): Promise<void> {
  console.log('\n# A budget that refuses the third call (maxCredits 14, period day)');
  const emulator = createUnigateEmulator();
  const capped = createUnigate({ ...emulator.settings, pricing: PRICES, budget: { maxCredits: 14, period: 'day' } });
  for (const call of [1, 2, 3]) {
    try {
      const result = await generateText({ model: capped('gpt-4o-mini'), prompt: 'Hello there' });
      console.log(`  call ${call}: answered, cost ${unigateCost(result)?.total} credits`);
    } catch (error) {
      if (!APICallError.isInstance(error) || (error.data as UnigateErrorData).kind !== 'budget') throw error;
      console.log(`  call ${call}: refused (kind ${(error.data as UnigateErrorData).kind}): ${error.message}`);
    }
  }
  const sent = emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length;
  console.log(`  requests the gateway received: ${sent}`);
}

/** An agent loop stopped by `costExceeds`: the first step already costs more than the limit. */
async function agentLoopStoppedByCost(): Promise<void> {
  console.log('\n# An agent loop stopped by costExceeds(5)');
  const emulator = createUnigateEmulator();
  const priced = createUnigate({ ...emulator.settings, pricing: PRICES });
  const weather = tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21, unit: 'C' }),
  });
  const result = await generateText({
    model: priced('gpt-4o-mini'),
    tools: { weather },
    stopWhen: [stepCountIs(20), costExceeds(5)],
    prompt: 'What is the weather in Paris?',
  });
  const perStep = result.steps.map(step => unigateCost(step)?.total);
  console.log(
    `  steps run: ${result.steps.length} (cost per step: ${perStep.join(', ')}), finish reason: ${result.finishReason}`,
  );
  console.log(
    `  total: ${unigateCost(result)?.total} credits; without the limit the loop would have gone on to answer`,
  );
}

export async function budget(): Promise<void> {
  await budgetRefusesTheThirdCall();
  await agentLoopStoppedByCost();
}
