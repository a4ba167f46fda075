/**
 * Builds a value on first use and keeps it. Response schemas are built this way, so importing the
 * package constructs none of them: cold start pays only for what a call actually needs.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}
