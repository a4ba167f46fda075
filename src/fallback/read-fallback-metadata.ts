import { type FieldChecks, hasFields, isString, listOf, shape } from '../checks/field-checks';
import {
  readWhenSettled,
  type UnigateMetadataSource,
  type UnigateStreamMetadataSource,
  unigateEntry,
} from '../checks/read-unigate-metadata';
import { isObjectRecord } from '../checks/narrow';
import { isUnigateErrorKind } from '../errors/unigate-error';
import type { UnigateFallbackAttempt } from './fallback-failure';
import type { UnigateFallbackMetadata } from './unigate-fallback-model';

const ATTEMPT_FIELDS: FieldChecks<UnigateFallbackAttempt> = {
  modelId: isString,
  kind: isUnigateErrorKind,
  message: isString,
};

const FALLBACK_FIELDS: FieldChecks<UnigateFallbackMetadata> = {
  answeredBy: isString,
  attempts: listOf(shape(ATTEMPT_FIELDS)),
};

function readFallback(source: unknown): UnigateFallbackMetadata | undefined {
  const unigate = unigateEntry(source);
  const fallback = isObjectRecord(unigate) ? unigate.fallback : undefined;
  return hasFields(fallback, FALLBACK_FIELDS) ? fallback : undefined;
}

/**
 * What a `gw.fallback(models)` model records in `providerMetadata.unigate.fallback`, typed: the model
 * that answered (`answeredBy`) and the ones tried before it (`attempts`: `modelId`, error `kind`,
 * `message`). `undefined` for a model that is not a fallback or metadata not of that shape. Takes a
 * `generateText` result, a step, a `streamText` finish event, or a `streamText` result: then a promise,
 * settled when the stream has finished.
 *
 * @example
 * ```ts
 * const result = await generateText({ model: gw.fallback(['gpt-4o', 'gpt-4o-mini']), prompt: 'Hi' });
 * unigateFallback(result)?.answeredBy; // 'gpt-4o-mini' when gpt-4o failed with a kind that moves on
 * ```
 */
export function unigateFallback(result: UnigateStreamMetadataSource): Promise<UnigateFallbackMetadata | undefined>;
export function unigateFallback(result: UnigateMetadataSource | undefined): UnigateFallbackMetadata | undefined;
export function unigateFallback(
  result: UnigateStreamMetadataSource | UnigateMetadataSource | undefined,
): Promise<UnigateFallbackMetadata | undefined> | UnigateFallbackMetadata | undefined {
  return readWhenSettled(result, readFallback);
}
