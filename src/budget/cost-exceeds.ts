import { InvalidArgumentError } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/values';
import { failArgument } from '../checks/validate-argument';
import { unigateCost } from '../pricing/unigate-cost';
import { addCredits } from './budget-stores';

/** What `costExceeds` reads of the AI SDK's stop-condition argument: the steps so far. */
export interface UnigateCostSteps {
  readonly steps: ReadonlyArray<{ readonly providerMetadata?: Readonly<Record<string, unknown>> | undefined }>;
}

/** A step's `providerMetadata.unigate.costUnavailable`: the catalog could not price it in time. */
function costUnavailable(metadata: Readonly<Record<string, unknown>> | undefined): boolean {
  const unigate = metadata?.unigate;
  return isObjectRecord(unigate) && typeof unigate.costUnavailable === 'string';
}

/** A step nothing priced: under the default `pricing: false`, every step. */
function unpricedStep(index: number): never {
  throw new InvalidArgumentError({
    argument: 'pricing',
    message:
      `costExceeds cannot tell what step ${index + 1} cost: its result has no providerMetadata.unigate.cost. ` +
      "Create the provider with the pricing setting, pricing: 'catalog' or a price table; the default, " +
      "pricing: false, prices nothing. A model neither prices, or another provider's model, has no cost either.",
  });
}

/**
 * An AI SDK `StopCondition` for agent loops: stops once the steps so far have cost more than `credits`,
 * summing each step's `providerMetadata.unigate.cost.total`. The step that crosses the limit has already
 * run: the loop stops after it. A step whose price the catalog could not give in time
 * (`providerMetadata.unigate.costUnavailable` says why) stops the loop: what it cost is unknown, so the
 * loop cannot know it is still within the limit. A step nothing prices at all (the provider's default
 * `pricing: false`, a model neither the table nor the catalog prices, another provider's model) fails
 * the loop with an `InvalidArgumentError` naming the `pricing` setting, at the first such step.
 *
 * @example
 * ```ts
 * const gw = createUnigate({ pricing: 'catalog' });
 * await generateText({ model: gw('gpt-4o-mini'), tools, stopWhen: [stepCountIs(20), costExceeds(0.5)] });
 * ```
 */
export function costExceeds(credits: number): (options: UnigateCostSteps) => boolean {
  if (typeof credits !== 'number' || Number.isNaN(credits) || credits < 0) {
    failArgument('credits', 'a number of credits, at least 0', credits);
  }
  return ({ steps }) => {
    let sum = 0;
    for (const [index, step] of steps.entries()) {
      const total = unigateCost({ providerMetadata: step.providerMetadata })?.total;
      if (total === undefined) {
        if (costUnavailable(step.providerMetadata)) return true;
        unpricedStep(index);
      }
      sum = addCredits(sum, total);
    }
    return sum > credits;
  };
}
