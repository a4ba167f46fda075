import type {
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { SseSink } from './sse-event-parser';
import type { SpecVersion } from '../settings/spec-version';

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
 * The call's price, when it is still loading as the stream finishes: a promise that settles when the
 * price is known or the `priceWaitMs` wait is over (never rejects); `undefined` when nothing is to wait for.
 */
export type PriceWait = () => Promise<unknown> | undefined;

/** A `finish` part without its metadata, which is added when it is sent. */
type FinishPart = Extract<LanguageModelV3StreamPart, { type: 'finish' }>;

/**
 * What every model's per-stream state starts from: `stream-start` goes out once, before any other
 * part, and an error part may come before anything else did. Each format adds its own fields.
 */
export class StreamState {
  started = false;
  /** The entry's specification, for the finish reason of a stream cut off before its completion signal. */
  spec: SpecVersion | undefined = undefined;
  readonly warnings: SharedV3Warning[];
  /** Gives every `finish` its metadata: a clean one's cost, and what a wrapper adds; absent, the part's own. */
  private readonly finishMetadata: FinishMetadata | undefined;
  /** The price still loading when the stream finishes: `finish` waits for it (bounded), nothing before it does. */
  private readonly priceWait: PriceWait | undefined;

  constructor(warnings: SharedV3Warning[], finishMetadata: FinishMetadata | undefined, priceWait?: PriceWait) {
    this.warnings = warnings;
    this.finishMetadata = finishMetadata;
    this.priceWait = priceWait;
  }

  /**
   * Sends the `finish` part with its metadata (`metadata` as the format builds it, then the cost and what
   * a wrapper adds). When the call's price is still loading, a clean finish waits for it, at most
   * `priceWaitMs`; every part before it has gone out already.
   */
  protected sendFinishPart(
    sink: LanguageModelPartSink,
    part: Omit<FinishPart, 'providerMetadata'>,
    metadata: SharedV3ProviderMetadata | undefined,
    clean: boolean,
  ): void {
    const send = () => {
      const providerMetadata = this.metadataAtFinish(metadata, part.usage, clean) ?? metadata;
      sink.enqueue(providerMetadata === undefined ? part : { ...part, providerMetadata });
    };
    // Only a clean finish is priced: a failed stream's finish has no price to wait for.
    const wait = clean && sink.hold !== undefined ? this.priceWait?.() : undefined;
    if (wait === undefined) return send();
    sink.hold?.(wait.then(send));
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

/** The request a stream answers, for the errors built from error objects inside it. */
export interface StreamRequestContext {
  url: string;
  requestBodyValues: unknown;
  /** Redacted from error messages and bodies. */
  secret: string | undefined;
}

/** What every model's stream handler gets from its `doStream`; formats add their own fields. */
export interface StreamHandlerOptions {
  /** Sent in `stream-start`. */
  warnings: SharedV3Warning[];
  /** Emit a `raw` part with each parsed chunk. */
  includeRawChunks: boolean;
  request: StreamRequestContext;
  /** The call's price, when still loading: the `finish` part waits for it, at most `priceWaitMs`. */
  priceWait?: PriceWait;
  /** The entry's specification (`v3` when absent): a V4 stream cut off before its completion signal finishes `interrupted`. */
  spec?: SpecVersion;
}
