import { failArgument } from '../checks/validate-argument';
import { unigateCost } from '../pricing/unigate-cost';
import { addCredits } from './memory-budget-store';

/** What `costExceeds` reads of the AI SDK's stop-condition argument: the steps so far. */
export interface UnigateCostSteps {
  readonly steps: ReadonlyArray<{ readonly providerMetadata?: Readonly<Record<string, unknown>> | undefined }>;
}

/**
 * An AI SDK `StopCondition` for agent loops: stops once the steps so far have cost more than `credits`,
 * summing each step's `providerMetadata.unigate.cost.total`. The step that crosses the limit has already
 * run: the loop stops after it. A step without a cost (pricing off, a model nothing prices, a catalog that
 * could not load within `priceWaitMs`) also stops the loop: what it cost is unknown, so the loop cannot
 * know it is still within the limit. Its `providerMetadata.unigate.costUnavailable` says why.
 *
 * @example
 * ```ts
 * await generateText({ model: gw('gpt-4o-mini'), tools, stopWhen: [stepCountIs(20), costExceeds(0.5)] });
 * ```
 */
export function costExceeds(credits: number): (options: UnigateCostSteps) => boolean {
  if (typeof credits !== 'number' || Number.isNaN(credits) || credits < 0) {
    failArgument('credits', 'a number of credits, at least 0', credits);
  }
  return ({ steps }) => {
    let sum = 0;
    for (const step of steps) {
      const total = unigateCost({ providerMetadata: step.providerMetadata })?.total;
      if (total === undefined) return true;
      sum = addCredits(sum, total);
    }
    return sum > credits;
  };
}
