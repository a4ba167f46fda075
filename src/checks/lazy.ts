/**
 * Builds a value on first use and keeps it. Response schemas are built this way, so importing the
 * package constructs none of them: cold start pays only for what a call actually needs.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
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
