/**
 * Time to first delta: `streamText` for the contenders (what a user calls: ai@6's, or ai@7's in the ai@7
 * line's rows), fetch for the floor. Each sample is one request, timed from the call to the first text
 * delta; the rest is drained untimed. `ideal` makes the ideal provider's model (the least any provider
 * could do, through the same `streamText`), interleaved with the others.
 */
import { contenderRunnables, IDEAL_FIRST_DELTA, type LanguageContender, type WireFormat } from './contenders';
import { interleave, type Runnable, type Series } from './interleave';
import { checkOutcome } from './measure';
import type { Row } from './report';
import { floorStream } from './raw-floor';
import { FLOOR } from './stream-cpu';
import type { DrainStreamText } from './stream-text';
import { scenarioModelId, type Scenario } from './wire-fixtures';

export const FIRST_DELTA_SCENARIO: Scenario = { kind: 'text', deltas: 32 };

/**
 * Lets the previous sample's leftovers run out (its stream's closing work, the connection going back to
 * the pool) before the next sample is timed: without it, a sample paid for the one before it, and the
 * interleave's fixed cyclic order made that always the same contender (measured: whoever followed the
 * floor read 0.4-1.5 ms faster than whoever followed a peer).
 */
function settle(): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, 1));
}

export function measureFirstDelta<MODEL>(
  upstream: string,
  contenders: LanguageContender<MODEL>[],
  format: WireFormat,
  requests: number,
  drain: DrainStreamText<MODEL>,
  ideal: (format: WireFormat, modelId: string) => MODEL,
): Promise<Record<string, Series>> {
  const scenario = FIRST_DELTA_SCENARIO;
  const modelId = scenarioModelId(scenario.kind, scenario.deltas);
  const runnables: Runnable[] = [
    {
      name: FLOOR,
      run: async () => {
        await settle();
        const start = performance.now();
        const outcome = await floorStream(upstream, format, modelId, AbortSignal.timeout(30_000));
        checkOutcome(outcome, scenario);
        return outcome.firstDeltaAt! - start;
      },
    },
  ];
  runnables.push(
    ...contenderRunnables(
      [...contenders, { name: IDEAL_FIRST_DELTA, format, model: id => ideal(format, id) }],
      format,
      modelId,
      async model => {
        await settle();
        const start = performance.now();
        const outcome = await drain(model, AbortSignal.timeout(30_000));
        checkOutcome(outcome, scenario);
        return outcome.firstDeltaAt! - start;
      },
    ),
  );
  return interleave(runnables, { reps: requests, warmups: 3 });
}

/**
 * Writes each of `names`' figure as a ratio to `reference`'s (the best peer's when `reference` lists
 * several: the lowest median) into its cell's detail, e.g. "(0.96x best peer)".
 */
export function markRatios(row: Row, names: readonly string[], reference: readonly string[], label: string): void {
  const values = reference.map(name => row.cells[name]?.value).filter((value): value is number => value !== undefined);
  if (values.length === 0) return;
  const best = Math.min(...values);
  for (const name of names) {
    const cell = row.cells[name];
    if (cell?.value !== undefined) cell.detail = `(${(cell.value / best).toFixed(2)}x ${label})`;
  }
}
