import type { UnigateBudgetStore } from '../../src';
import { addCredits } from '../../src/budget/budget-stores';
import type { Cell } from './ending-cells';
import { modelCalls, ownEvents, settlementProbe } from './ending-checks';
import { callCell, cellGateway } from './ending-gateway';

// The mixed run of issue 39's probe: calls of every common ending against one budget store, many at a
// time, each through its own provider. What it answers is what the store can be checked against: the
// model calls made, the onCharge events that arrived, and the sum of their costs.

const cell = (kind: Cell['kind'], mode: Cell['mode'], ending: Cell['ending'], more: Partial<Cell> = {}): Cell => ({
  kind,
  mode,
  ending,
  resume: true,
  budget: true,
  fallback: false,
  k: 2,
  ...more,
});

/** Ten calls, eleven model calls (the chain tries both its members): the mix repeats. */
export const MIX: readonly Cell[] = [
  cell('chat', 'stream', 'complete'),
  cell('messages', 'generate', 'complete'),
  cell('chat', 'stream', 'abort'),
  cell('messages', 'stream', 'abort', { k: 3 }),
  cell('messages', 'stream', 'drop-after-close'),
  cell('chat', 'stream', 'drop-after-end', { resume: false }),
  cell('chat', 'generate', 'http-5xx', { fallback: true }),
  cell('embedding', 'generate', 'complete'),
  cell('chat', 'stream', 'drop-after-overloaded', { resume: false, k: 3 }),
  cell('image', 'generate', 'abort'),
];

export interface MixedRunResult {
  /** Calls made, and the model calls they made (a chain's members each count). */
  calls: number;
  modelCalls: number;
  /** onCharge events received, and the sum of their costs (an event without a cost counts as NaN). */
  events: number;
  charged: number;
}

/** Runs `count` calls of the mix (from `offset` in it), `concurrency` at a time, all spending `store`. */
export async function mixedRun(
  store: UnigateBudgetStore,
  { count, concurrency, offset = 0 }: { count: number; concurrency: number; offset?: number },
): Promise<MixedRunResult> {
  const result: MixedRunResult = { calls: 0, modelCalls: 0, events: 0, charged: 0 };
  const one = async (index: number) => {
    const each = MIX[(index + offset) % MIX.length]!;
    const gateway = await cellGateway(each, store);
    await callCell(each, gateway, {});
    // The next admission waits for the provider's settlements, and the events come with them.
    await settlementProbe(gateway.gw).catch(() => undefined);
    const events = ownEvents(each, gateway.events);
    result.calls++;
    result.modelCalls += modelCalls(each, gateway.sent);
    result.events += events.length;
    for (const event of events) result.charged = addCredits(result.charged, event.cost?.total ?? Number.NaN);
  };
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, at) => one(start + at));
    await Promise.all(batch);
  }
  return result;
}
