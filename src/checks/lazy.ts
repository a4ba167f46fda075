/**
 * Builds a value on first use and keeps it. Response schemas are built this way, so importing the
 * package constructs none of them: cold start pays only for what a call actually needs.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * Values built for a key by one owner and taken once by that owner's next use: a budgeted call's request,
 * built for its reservation (`prepareWireBody`) and then sent as built, not built a second time. Keyed by
 * the call's options object, so a value nobody takes goes with it; another owner's value is not handed over.
 */
export function handedOnce<K extends object, O, V>() {
  const kept = new WeakMap<K, { owner: O; value: V }>();
  return {
    keep(key: K, owner: O, value: V): V {
      kept.set(key, { owner, value });
      return value;
    },
    take(key: K, owner: O): V | undefined {
      const entry = kept.get(key);
      if (entry?.owner !== owner) return undefined;
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
