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
