import { describe, expect, it } from 'vitest';
import type { UnigateChargeEvent } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigate } from '../../src/v4';
import { createUnigateEmulator } from '../../src/testing';
import { readAll } from '../helpers/test-kit';

// The `/v4` entry imported as such, so the Node 20 lane (whose suites run the root entry) sees V4's
// `interrupted` too: a continuation cut again, with no resume left, finishes `interrupted`, and the call's
// one charge event says it failed (an `interrupted` finish is no clean end).

const MODEL = 'claude-sonnet-4-5';
const PRICES = { [MODEL]: { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };

describe('resume through the /v4 entry', () => {
  it('a continuation cut again finishes interrupted, resumed once, and its charge event is failed', async () => {
    const emulator = createUnigateEmulator();
    const events: UnigateChargeEvent[] = [];
    const gw = createUnigate({
      ...emulator.settings,
      pricing: PRICES,
      budget: { maxCredits: 1_000_000, period: 'total', store: memoryBudgetStore() },
      onCharge: event => void events.push(event),
    });
    const model = gw.messages(MODEL);
    const text = 'Tell me about the sea. [[emulator:drop:2:end]] [[emulator:drop:5:end]]';
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text }] }] });
    const parts = await readAll(stream);
    const finish = parts.at(-1);
    expect(finish).toMatchObject({ type: 'finish', finishReason: { unified: 'interrupted' } });
    const unigate = finish?.type === 'finish' ? finish.providerMetadata?.unigate : undefined;
    expect(unigate?.resumed).toEqual([expect.objectContaining({ reason: 'ended-early' })]);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ ended: 'failed' });
  });
});
