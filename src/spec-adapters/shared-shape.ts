/**
 * A V4 value of a shape V3 shares field for field, as V3. The two specs differ there only in V4 typing
 * its JSON values (provider options and metadata, tool inputs) read-only, which nothing that reads a
 * language model's options or results writes to. The adapters' one cast; `V3` names the shape at each use.
 */
export function sharedShape<V3>(value: object): V3 {
  return value as V3;
}
