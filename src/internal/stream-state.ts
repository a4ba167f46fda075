import type { LanguageModelV3StreamPart, SharedV3Warning } from '@ai-sdk/provider';
import type { UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type { SseSink } from './sse-reader';

/** Where a language model's stream handler puts its parts. */
export type PartSink = SseSink<LanguageModelV3StreamPart>;

/**
 * What every model's per-stream state starts from: `stream-start` goes out once, before any other
 * part, and an error part may come before anything else did. Each format adds its own fields.
 */
export class StreamState {
  started = false;
  readonly warnings: SharedV3Warning[];
  /** This call's price, resolved before the stream starts: a clean `finish` carries the cost. */
  readonly price: UnigateModelPrice | undefined;

  constructor(warnings: SharedV3Warning[], price: UnigateModelPrice | undefined) {
    this.warnings = warnings;
    this.price = price;
  }

  /** Sends `stream-start` the first time; a no-op after that. */
  start(sink: PartSink): void {
    if (this.started) return;
    this.started = true;
    sink.enqueue({ type: 'stream-start', warnings: this.warnings });
  }

  /** The `error` part of a failed stream, after `stream-start` if that was not sent yet. */
  protected sendError(error: unknown, sink: PartSink): void {
    this.start(sink);
    sink.enqueue({ type: 'error', error });
  }
}
