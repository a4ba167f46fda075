// The shared part of the typed metadata readers (`unigateSpeechMetadata`, `unigateChatMetadata`, ...):
// where `providerMetadata.unigate` is on a result, and waiting for it on a `streamText` result.
import { type FieldChecks, hasFields } from './field-checks';
import { isObjectRecord, isThenable } from './narrow';

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
