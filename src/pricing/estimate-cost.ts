import { checkObject, failArgument } from '../checks/validate-argument';
import { characterCost, minuteCost, tokenCost, unitCost } from './compute-cost';
import type { UnigatePricingService } from './create-pricing';
import type { UnigateCost } from './unigate-pricing-types';

/** What `gw.estimateCost` prices: a model and the amount of the one thing its kind is billed for. */
export type UnigateCostEstimateRequest = { model: string; abortSignal?: AbortSignal } & (
  | {
      inputTokens: number;
      outputTokens?: number;
      /** Of `inputTokens`: those read from the prompt cache, priced at the cache-read price. */
      cacheReadTokens?: number;
      /** Of `inputTokens`: those written to the prompt cache, priced at the cache-write price (5-minute TTL). */
      cacheWriteTokens?: number;
      /** Of `cacheWriteTokens`: those written with a 1-hour TTL, priced at the 1-hour cache-write price. */
      cacheWrite1hTokens?: number;
    }
  | { characters: number }
  | { minutes: number }
  | { images: number }
  | { videos: number }
);

/** The amount fields of an estimate: fractions allowed (token counts are often averages), items are whole. */
const AMOUNTS = {
  inputTokens: false,
  outputTokens: false,
  cacheReadTokens: false,
  cacheWriteTokens: false,
  cacheWrite1hTokens: false,
  characters: false,
  minutes: false,
  images: true,
  videos: true,
} as const;
/** The fields one of which says what the estimate is for. */
const BASES = ['inputTokens', 'characters', 'minutes', 'images', 'videos'] as const;

/**
 * Checks an estimate request before any price lookup: a negative or non-finite amount would give a
 * negative or NaN cost, and an amount of the wrong type a cost of nothing.
 */
function checkEstimateRequest(request: UnigateCostEstimateRequest): (typeof BASES)[number] {
  checkObject('request', request, true);
  const fields: Readonly<Record<string, unknown>> = request;
  if (typeof fields.model !== 'string' || fields.model === '')
    failArgument('model', 'expected a model id (a non-empty string)', fields.model);
  for (const [field, whole] of Object.entries(AMOUNTS)) {
    const value = fields[field];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
      failArgument(field, `expected a ${whole ? 'whole' : 'finite'} number of at least 0`, value);
    }
  }
  const cached = Number(fields.cacheReadTokens ?? 0) + Number(fields.cacheWriteTokens ?? 0);
  if (cached > 0 && !(cached <= Number(fields.inputTokens))) {
    failArgument(
      'cacheReadTokens',
      'expected cacheReadTokens plus cacheWriteTokens to be at most inputTokens, of which they are part',
      cached,
    );
  }
  // A 1-hour write outside cacheWriteTokens would be priced at nothing: refuse it rather than under-count.
  if (Number(fields.cacheWrite1hTokens ?? 0) > Number(fields.cacheWriteTokens ?? 0)) {
    failArgument(
      'cacheWrite1hTokens',
      'expected cacheWrite1hTokens to be at most cacheWriteTokens, of which they are part',
      fields.cacheWrite1hTokens,
    );
  }
  const bases = BASES.filter(field => fields[field] !== undefined);
  if (bases.length !== 1) {
    const given = bases.length === 0 ? 'none' : bases.join(' and ');
    failArgument('request', `expected exactly one of ${BASES.join(', ')}`, bases, given);
  }
  return bases[0]!;
}

/**
 * The cost of a call before making it. Prices come from the price table, the built-in prices, then the
 * catalog (loaded if needed, whatever the `pricing` setting; a catalog that cannot be loaded rejects).
 * `undefined` when nothing prices the model for that basis.
 */
export async function estimateCost(
  pricing: UnigatePricingService,
  request: UnigateCostEstimateRequest,
): Promise<UnigateCost | undefined> {
  const basis = checkEstimateRequest(request);
  const { model, abortSignal } = request;
  // Read by the basis found, not by `in`: a key present with `undefined` names no basis.
  const amounts: Partial<Record<keyof typeof AMOUNTS, number>> = request;
  const amount = amounts[basis]!;
  switch (basis) {
    case 'inputTokens':
      return tokenCost(await pricing.priceFor(model, 'chat', abortSignal), {
        inputTokens: amount,
        outputTokens: amounts.outputTokens,
        cacheReadTokens: amounts.cacheReadTokens,
        cacheWriteTokens: amounts.cacheWriteTokens,
        cacheWrite1hTokens: amounts.cacheWrite1hTokens,
      });
    case 'characters':
      return characterCost(await pricing.priceFor(model, 'speech', abortSignal), amount);
    case 'minutes':
      return minuteCost(await pricing.priceFor(model, 'transcription', abortSignal), amount * 60);
    case 'images':
      return unitCost(await pricing.priceFor(model, 'image', abortSignal), 'image', amount);
    case 'videos':
      return unitCost(await pricing.priceFor(model, 'video', abortSignal), 'video', amount);
  }
}
