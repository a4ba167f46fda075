import type {
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { SseSink } from './sse-reader';

/** Where a language model's stream handler puts its parts (the SSE reader's sink, typed for language-model parts). */
export type LanguageModelPartSink = SseSink<LanguageModelV3StreamPart>;

/**
 * A clean `finish`'s metadata with this call's cost, or why it has none; given by the priced request
 * that opened the stream (the price may settle while the stream runs).
 */
export type FinishCost = (
  metadata: SharedV3ProviderMetadata | undefined,
  usage: LanguageModelV3Usage,
) => SharedV3ProviderMetadata | undefined;

/** The metadata of a stream's `finish` part: `clean` when the stream completed (only then is it priced). */
export type FinishMetadata = (
  metadata: SharedV3ProviderMetadata | undefined,
  usage: LanguageModelV3Usage,
  clean: boolean,
) => SharedV3ProviderMetadata | undefined;

/**
 * What every model's per-stream state starts from: `stream-start` goes out once, before any other
 * part, and an error part may come before anything else did. Each format adds its own fields.
 */
export class StreamState {
  started = false;
  readonly warnings: SharedV3Warning[];
  /** Gives every `finish` its metadata: a clean one's cost, and what a wrapper adds; absent, the part's own. */
  private readonly finishMetadata: FinishMetadata | undefined;

  constructor(warnings: SharedV3Warning[], finishMetadata: FinishMetadata | undefined) {
    this.warnings = warnings;
    this.finishMetadata = finishMetadata;
  }

  /** A `finish` part's metadata: with the cost (or why there is none) when `clean` and priced. */
  protected metadataAtFinish(
    metadata: SharedV3ProviderMetadata | undefined,
    usage: LanguageModelV3Usage,
    clean: boolean,
  ): SharedV3ProviderMetadata | undefined {
    return this.finishMetadata === undefined ? metadata : this.finishMetadata(metadata, usage, clean);
  }

  /** Sends `stream-start` the first time; a no-op after that. */
  start(sink: LanguageModelPartSink): void {
    if (this.started) return;
    this.started = true;
    sink.enqueue({ type: 'stream-start', warnings: this.warnings });
  }

  /** The `error` part of a failed stream, after `stream-start` if that was not sent yet. */
  protected sendError(error: unknown, sink: LanguageModelPartSink): void {
    this.start(sink);
    sink.enqueue({ type: 'error', error });
  }
}
