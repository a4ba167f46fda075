/**
 * Time to first delta: `streamText` from 'ai' for the contenders (what a user calls), fetch for the floor.
 * Each sample is one request, timed from the call to the first text delta; the rest is drained untimed.
 */
import { streamText } from 'ai';
import { contenderRunnables, type LanguageContender, type WireFormat } from './contenders';
import { interleave, type Runnable, type Series } from './interleave';
import { checkOutcome } from './measure';
import { floorStream } from './raw-floor';
import { FLOOR } from './stream-cpu';
import { scenarioModelId, type Scenario } from './wire-fixtures';

export const FIRST_DELTA_SCENARIO: Scenario = { kind: 'text', deltas: 32 };

export function measureFirstDelta(
  upstream: string,
  contenders: LanguageContender[],
  format: WireFormat,
  requests: number,
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
      const result = streamText({
        model,
        prompt: 'Say something.',
        abortSignal: AbortSignal.timeout(30_000),
        maxRetries: 0,
      });
      let first: number | undefined;
      let length = 0;
      let finished = false;
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          first ??= performance.now();
          length += part.text.length;
        } else if (part.type === 'finish') {
          finished = true;
        } else if (part.type === 'error') {
          throw part.error instanceof Error ? part.error : new Error(JSON.stringify(part.error));
        }
      }
      checkOutcome({ length, finished }, scenario);
      return first! - start;
    }),
  );
  return interleave(runnables, { reps: requests, warmups: 3 });
}
