import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// A budgeted chat or messages call reserves from the request body it sends (docs/budgets.md#what-a-call-reserves):
// the model builds that request once, for the reservation, and the call sends it as built. Counted by the reads
// of `providerOptions.unigate`, which building a request makes (the budget's key is set, so it reads none).
const PRICE = { inputPerMillionTokens: 1, outputPerMillionTokens: 1 };

/** Call options whose `providerOptions.unigate` counts its reads. */
function countingOptions(): { options: LanguageModelV3CallOptions; reads: () => number } {
  let reads = 0;
  const providerOptions = {
    get unigate() {
      reads++;
      return { user: 'user-42' };
    },
  };
  const options: LanguageModelV3CallOptions = {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }],
    maxOutputTokens: 50,
    providerOptions,
  };
  return { options, reads: () => reads };
}

async function readsOfOneCall(budgeted: boolean, id: string, stream: boolean): Promise<number> {
  const emulator = createUnigateEmulator();
  const gw = createUnigate({
    ...emulator.settings,
    pricing: { [id]: PRICE },
    ...(budgeted && { budget: { maxCredits: 1_000, period: 'day', key: () => undefined } }),
  });
  const model = gw(id);
  const { options, reads } = countingOptions();
  if (stream) {
    const reader = (await model.doStream(options)).stream.getReader();
    while (!(await reader.read()).done);
  } else await model.doGenerate(options);
  return reads();
}

describe('a budgeted language-model call builds its request once', () => {
  for (const id of ['gpt-4o-mini', 'claude-sonnet-4-5'])
    for (const stream of [false, true])
      it(`${id}, ${stream ? 'doStream' : 'doGenerate'}: as many reads of its options as without a budget`, async () => {
        const plain = await readsOfOneCall(false, id, stream);
        expect(plain).toBeGreaterThan(0);
        expect(await readsOfOneCall(true, id, stream)).toBe(plain);
      });
});
