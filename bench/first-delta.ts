/**
 * Time to first delta: `streamText` for the contenders (what a user calls: ai@6's, or ai@7's in the ai@7
 * line's rows), fetch for the floor. Each sample is one request, timed from the call to the first text
 * delta; the rest is drained untimed.
 */
import { contenderRunnables, type LanguageContender, type WireFormat } from './contenders';
import { interleave, type Runnable, type Series } from './interleave';
import { checkOutcome } from './measure';
import { floorStream } from './raw-floor';
import { FLOOR } from './stream-cpu';
import type { DrainStreamText } from './stream-text';
import { scenarioModelId, type Scenario } from './wire-fixtures';

export const FIRST_DELTA_SCENARIO: Scenario = { kind: 'text', deltas: 32 };

export function measureFirstDelta<MODEL>(
  upstream: string,
  contenders: LanguageContender<MODEL>[],
  format: WireFormat,
  requests: number,
  drain: DrainStreamText<MODEL>,
): Promise<Record<string, Series>> {
  const scenario = FIRST_DELTA_SCENARIO;
  const modelId = scenarioModelId(scenario.kind, scenario.deltas);
  const runnables: Runnable[] = [
    {
      name: FLOOR,
      run: async () => {
        const start = performance.now();
        const outcome = await floorStream(upstream, format, modelId, AbortSignal.timeout(30_000));
        checkOutcome(outcome, scenario);
        return outcome.firstDeltaAt! - start;
      },
    },
  ];
  runnables.push(
    ...contenderRunnables(contenders, format, modelId, async model => {
      const start = performance.now();
      const outcome = await drain(model, AbortSignal.timeout(30_000));
      checkOutcome(outcome, scenario);
      return outcome.firstDeltaAt! - start;
    }),
  );
  return interleave(runnables, { reps: requests, warmups: 3 });
}
