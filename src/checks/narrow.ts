// Type guards for values read off the wire or out of options, so reading code narrows instead of casting.

/**
 * A JSON object as parsed (not null, not an array), its fields still unknown. Shallow on purpose:
 * `isJSONObject` from `@ai-sdk/provider` walks every nested value, too much for each stream chunk.
 */
export function isObjectRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `value` is one of `values` (a list of literals such as the accepted voices or sizes). */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return values.some(known => known === value);
}

/** A thenable, such as `streamText`'s `steps` or `providerMetadata`. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return isObjectRecord(value) && typeof value.then === 'function';
}

/** `value` when it is a number (a usage count off the wire), else `undefined`. */
export function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
