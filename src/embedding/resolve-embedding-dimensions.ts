import type { SharedV3Warning } from '@ai-sdk/provider';
import { checkInteger, failArgument } from '../internal/validate-argument';
import { DIMENSIONS_MODEL_PREFIX, EMBEDDING_LIMITS, EMBEDDING_MODEL_DIMENSIONS } from './unigate-embedding-options';

/**
 * The `dimensions` to send, checked: ai@7's `embed({ dimensions })` call option (absent from the V3
 * call options, so read as unknown) wins over `providerOptions.unigate.dimensions`. Only
 * `text-embedding-3-*` models take it; it must be a positive integer, at most the model's size.
 */
export function resolveEmbeddingDimensions({
  modelId,
  callOption,
  providerOption,
  warnings,
}: {
  modelId: string;
  callOption: unknown;
  providerOption: number | undefined;
  warnings: SharedV3Warning[];
}): number | undefined {
  const fromCall = callOption !== undefined && callOption !== null;
  const value = fromCall ? callOption : providerOption;
  if (value === undefined) return undefined;
  const argument = fromCall ? 'dimensions' : 'providerOptions.unigate.dimensions';

  if (typeof value !== 'number') failArgument(argument, 'the gateway accepts an integer', value);
  if (!modelId.startsWith(DIMENSIONS_MODEL_PREFIX)) {
    failArgument(
      argument,
      `the gateway accepts dimensions only for ${DIMENSIONS_MODEL_PREFIX}* models, not "${modelId}"`,
      value,
    );
  }
  checkInteger(argument, value, { ...EMBEDDING_LIMITS.dimensions, max: EMBEDDING_MODEL_DIMENSIONS[modelId] });
  if (fromCall && providerOption !== undefined && providerOption !== value) {
    warnings.push({
      type: 'other',
      message: `dimensions (${value}) and providerOptions.unigate.dimensions (${providerOption}) differ; dimensions was sent.`,
    });
  }
  return value;
}
