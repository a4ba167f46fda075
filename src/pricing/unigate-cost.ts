import { isObjectRecord, isThenable } from '../checks/values';
import { isUnigateCost, sumCosts, tokenCost } from './compute-cost';
import type { UnigateCost } from './unigate-pricing-types';

/**
 * What `unigateCost` reads: a result of `generateText`, `embed`, `embedMany`, `generateSpeech`,
 * `transcribe`, `generateImage` or `experimental_generateVideo`, one of its steps or calls, or a
 * `streamText` finish event. Loose on purpose, so every AI SDK major's result fits without a cast.
 */
export interface UnigateCostSource {
  /** Provider metadata, as any AI SDK major types it. */
  readonly providerMetadata?: Readonly<Record<string, unknown>> | undefined;
  /** `generateText`: one entry per step, each billed on its own. */
  readonly steps?: readonly unknown[];
  /** ai@7's `generateImage`: one entry per request. */
  readonly calls?: readonly unknown[];
  /** `experimental_generateVideo`: one entry per request, each with its own metadata. */
  readonly responses?: readonly unknown[];
  /** `embed` / `embedMany`: the tokens of every request. */
  readonly usage?: object;
}

/** A `streamText` result: its steps are known once the stream has finished. */
export interface UnigateStreamCostSource {
  readonly steps: PromiseLike<readonly unknown[]>;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** A copy of a cost found in metadata, when it is one (`isUnigateCost`, the readers' check too). */
function readCost(value: unknown): UnigateCost | undefined {
  if (!isUnigateCost(value)) return undefined;
  const { input, output, total, cacheRead, cacheWrite, estimated } = value;
  return {
    input,
    output,
    total,
    unit: 'credits',
    ...(cacheRead !== undefined && { cacheRead }),
    ...(cacheWrite !== undefined && { cacheWrite }),
    ...(estimated === true && { estimated }),
  };
}

/** Every cost, or `undefined` when one is missing: a sum with a hole would pass a part for the whole. */
function sumAll(costs: ReadonlyArray<UnigateCost | undefined>): UnigateCost | undefined {
  return costs.length > 0 && costs.every(isDefined) ? sumCosts(costs) : undefined;
}

/** The metadata of each request or step, when the result lists them (`steps`, `calls`, `responses`). */
function perRequestMetadata(source: Record<string, unknown>): unknown[] | undefined {
  for (const list of [source.steps, source.calls, source.responses]) {
    if (
      Array.isArray(list) &&
      list.length > 0 &&
      list.every(entry => isObjectRecord(entry) && 'providerMetadata' in entry)
    ) {
      return list.map(entry => (isObjectRecord(entry) ? entry.providerMetadata : undefined));
    }
  }
  return undefined;
}

/** One result's or request's cost from its metadata (and, for embeddings, its total tokens). */
function metadataCost(metadata: unknown, usage?: unknown): UnigateCost | undefined {
  const unigate = isObjectRecord(metadata) ? metadata.unigate : undefined;
  if (!isObjectRecord(unigate)) return undefined;
  // Embeddings: `cost` is one request's; a split `embedMany` is priced from its summed tokens.
  if (unigate.costScope === 'request' && typeof unigate.inputPerMillionTokens === 'number') {
    const tokens = isObjectRecord(usage) ? usage.tokens : undefined;
    if (typeof tokens !== 'number' || !Number.isFinite(tokens)) return undefined;
    return tokenCost({ inputPerMillionTokens: unigate.inputPerMillionTokens }, { inputTokens: tokens });
  }
  // Images: ai@6 concatenates `images` over requests but keeps only the last request's `cost`.
  if (Array.isArray(unigate.images)) {
    return sumAll(unigate.images.map(image => (isObjectRecord(image) ? readCost(image.cost) : undefined)));
  }
  return readCost(unigate.cost);
}

function settledCost(source: unknown): UnigateCost | undefined {
  if (!isObjectRecord(source)) return undefined;
  const requests = perRequestMetadata(source);
  return requests
    ? sumAll(requests.map(metadata => metadataCost(metadata)))
    : metadataCost(source.providerMetadata, source.usage);
}

/**
 * What a call cost in credits, summed over every request the AI SDK made for it (each step of
 * `generateText`, each request of a split `embedMany`, `generateImage` or `experimental_generateVideo`).
 * `undefined` when pricing is off or any request has no cost: never a part passed off as the whole.
 * For a `streamText` result it resolves once the stream has finished.
 *
 * @example
 * ```ts
 * const result = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hi' });
 * unigateCost(result)?.total; // 0.0000123
 * ```
 */
export function unigateCost(result: UnigateCostSource | undefined): UnigateCost | undefined;
export function unigateCost(result: UnigateStreamCostSource): Promise<UnigateCost | undefined>;
export function unigateCost(
  result: UnigateStreamCostSource | UnigateCostSource | undefined,
): Promise<UnigateCost | undefined> | UnigateCost | undefined {
  const steps = isObjectRecord(result) ? result.steps : undefined;
  if (isThenable(steps)) {
    // A settled value that is not a list prices nothing, as `settledCost` reads only lists.
    return Promise.resolve(steps).then(settled => settledCost({ steps: Array.isArray(settled) ? settled : undefined }));
  }
  return settledCost(result);
}
