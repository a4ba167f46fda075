// Values the package did not make, read without a cast, and values it makes once:
// - type guards for what comes off the wire or out of options (`isObjectRecord`, `isOneOf`, ...);
// - field checks composed from them into a guard of an object's fields (`hasFields`, `shape`, ...), so code
//   that reads a JSON value it did not make (provider metadata handed back by the AI SDK) narrows it field by
//   field;
// - the shared part of the typed metadata readers (`unigateSpeechMetadata`, `unigateChatMetadata`, ...):
//   where `providerMetadata.unigate` is on a result, and waiting for it on a `streamText` result;
// - `lazy`, `builtOnce` and `loadOnce`: a schema, a request or a module made on first use and kept.

// Type guards.

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

// Field checks.

/** A check of one value; the guard narrows it to `V`. */
export type FieldCheck<V> = (value: unknown) => value is V;

/**
 * One check per field of `T`, every field included: a field added to `T` and not checked here fails to
 * compile. An optional field's check must accept `undefined` (`optional(...)`).
 */
export type FieldChecks<T> = { readonly [K in keyof T]-?: FieldCheck<T[K]> };

/** An error's message, or the thrown value as text when it is not an Error. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `check`, or the field is absent (`undefined`). */
export const optional =
  <V>(check: FieldCheck<V>): FieldCheck<V | undefined> =>
  (value): value is V | undefined =>
    value === undefined || check(value);

/** `check`, or `null`. */
export const nullable =
  <V>(check: FieldCheck<V>): FieldCheck<V | null> =>
  (value): value is V | null =>
    value === null || check(value);

/** One of `values` (literals such as the job statuses). */
export const oneOf =
  <V>(values: readonly V[]): FieldCheck<V> =>
  (value): value is V =>
    isOneOf(values, value);

/** An array whose every entry passes `check`. */
export const listOf =
  <V>(check: FieldCheck<V>): FieldCheck<V[]> =>
  (value): value is V[] =>
    Array.isArray(value) && value.every(check);

/** `value` is an object whose every field passes its check in `checks` (fields not named are not read). */
export function hasFields<T>(value: unknown, checks: FieldChecks<T>): value is T {
  if (!isObjectRecord(value)) return false;
  const entries: Array<[string, (field: unknown) => boolean]> = Object.entries(checks);
  return entries.every(([key, check]) => check(value[key]));
}

/** The check of an object with the fields `checks` names, for a field that holds such an object. */
export const shape =
  <T>(checks: FieldChecks<T>): FieldCheck<T> =>
  (value): value is T =>
    hasFields(value, checks);

// The metadata readers' shared part.

/**
 * What the metadata readers read: a result of the AI SDK (`generateText`, `generateSpeech`,
 * `generateImage`, ...), one of its steps, calls or parts, or a `streamText` finish event. Loose on
 * purpose, so every AI SDK major's result fits without a cast.
 */
export interface UnigateMetadataSource {
  /** Provider metadata, as any AI SDK major types it. */
  readonly providerMetadata?: Readonly<Record<string, unknown>> | undefined;
}

/** A `streamText` result: its metadata is known once the stream has finished. */
export interface UnigateStreamMetadataSource {
  readonly providerMetadata: PromiseLike<Readonly<Record<string, unknown>> | undefined>;
}

/** `providerMetadata.unigate` of `source`, still unchecked. */
export function unigateEntry(source: unknown): unknown {
  const metadata = isObjectRecord(source) ? source.providerMetadata : undefined;
  return isObjectRecord(metadata) ? metadata.unigate : undefined;
}

/** `providerMetadata.unigate` of `source` when every field passes `checks`; `undefined` otherwise. */
export function readUnigateMetadata<T>(source: unknown, checks: FieldChecks<T>): T | undefined {
  const unigate = unigateEntry(source);
  return hasFields(unigate, checks) ? unigate : undefined;
}

/**
 * `read(source)`, or for a `streamText` result (its `providerMetadata` a promise) a promise of `read` over
 * the settled metadata; it rejects as that promise does (a stream that failed has no metadata).
 */
export function readWhenSettled<T>(source: unknown, read: (source: unknown) => T): T | Promise<T> {
  const metadata = isObjectRecord(source) ? source.providerMetadata : undefined;
  return isThenable(metadata)
    ? Promise.resolve(metadata).then(providerMetadata => read({ providerMetadata }))
    : read(source);
}

// Made once.

/**
 * Builds a value on first use and keeps it. Response schemas are built this way, so importing the
 * package constructs none of them: cold start pays only for what a call actually needs.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * A call's request built once: the body a budget reserves from (`wireBody`, for `prepareWireBody`) is kept
 * for the same model's call with the same options, which sends it as built (`built`) instead of preparing
 * it a second time. Keyed by the call's options object, so a request nobody sends goes with it; another
 * model's request is not handed over.
 */
export function builtOnce<T, K extends object, V extends { body: unknown }>(prepare: (target: T, key: K) => V) {
  const kept = new WeakMap<K, { target: T; value: V }>();
  return {
    wireBody(target: T, key: K): unknown {
      const value = prepare(target, key);
      kept.set(key, { target, value });
      return value.body;
    },
    built(target: T, key: K): V {
      const entry = kept.get(key);
      if (entry?.target !== target) return prepare(target, key);
      kept.delete(key);
      return entry.value;
    },
  };
}

/**
 * Loads a module with `import()` on first use and keeps the promise: a later `import()` of a loaded module
 * still goes through the module loader (a round trip to its thread under loader hooks, such as tsx's or
 * OpenTelemetry's), which a call would otherwise pay each time. A failed load is tried again by the next call.
 */
export function loadOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
