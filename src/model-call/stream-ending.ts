import type { LanguageModelV3Usage, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import { isUnigateCost } from '../pricing/compute-cost';
import type { SseEnd } from '../streams/sse-reader';
import type { StreamEnding, StreamExtras, StreamOutcome } from '../streams/stream-extras';
import type { FinishCost, FinishMetadata } from '../streams/stream-state';
import { type CostSpan, putCostOnSpan } from './with-cost';

/** What a stream's state tells its ending when it ends without a `finish` part. */
export interface StreamEndingFacts {
  /** The usage the stream had reported so far. */
  usage(): LanguageModelV3Usage;
  /** The answer's id, when the stream carried one. */
  responseId(): string | undefined;
}

/**
 * One language stream's ending (docs/budgets.md#every-ending-is-charged): the first of its `finish` part
 * (clean or after an error, its own or a resume's), the reader's end without one (the caller's cancel, a
 * failure thrown into the stream) and the call's abort signal firing. Only the first counts: it writes the
 * stream's cost on the model call's span and tells the wrappers (`StreamExtras.ended`: the budget's
 * settlement, `onCharge` event and the charge on the span; the fallback's metadata), so none of these can
 * be skipped or run twice.
 * Made once per call, by its first request; a resume's continuation reports through the same one.
 */
export class StreamEnd {
  private done = false;
  private facts: StreamEndingFacts | undefined;
  private readonly abortSignal: AbortSignal | undefined;

  constructor(
    private readonly extras: StreamExtras | undefined,
    private readonly sent: { finishCost: FinishCost; span: CostSpan | undefined },
    abortSignal: AbortSignal | undefined,
  ) {
    this.abortSignal = abortSignal;
  }

  /**
   * Starts watching the call's abort once the stream's state exists: an abort ends the stream at once,
   * read or not, so a caller who stops reading after aborting still gets the stream charged.
   */
  watch(facts: StreamEndingFacts): void {
    this.facts = facts;
    if (this.abortSignal?.aborted) return this.onAbort();
    this.abortSignal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private readonly onAbort = () => this.endWithout('aborted');

  /** The first request's `finish` metadata: a clean one priced, then the ending. */
  readonly priced: FinishMetadata = (metadata, usage, clean) =>
    this.finish(clean ? this.sent.finishCost(metadata, usage) : metadata, usage, clean);

  /** A `finish` part's metadata, already priced (a resume's, which adds both requests' costs): the ending. */
  readonly finish: FinishMetadata = (metadata, usage, clean) => {
    const outcome: StreamOutcome = clean ? 'completed' : this.abortSignal?.aborted ? 'aborted' : 'failed';
    return this.end(outcome, metadata, usage);
  };

  /** The reader's end (`readSseStream`'s `ended`): after a `finish` a no-op; without one, the stream's ending. */
  readonly closed = (end: SseEnd): void => {
    this.endWithout(end.cancelled || this.abortSignal?.aborted ? 'aborted' : 'failed');
  };

  private endWithout(outcome: StreamOutcome): void {
    if (this.done) return;
    this.end(outcome, undefined, this.facts?.usage() ?? EMPTY_USAGE);
  }

  private end(
    outcome: StreamOutcome,
    metadata: SharedV3ProviderMetadata | undefined,
    usage: LanguageModelV3Usage,
  ): SharedV3ProviderMetadata | undefined {
    if (this.done) return metadata;
    this.done = true;
    this.abortSignal?.removeEventListener('abort', this.onAbort);
    const cost = metadata?.unigate?.cost;
    const own: StreamEnding = {
      outcome,
      metadata,
      usage,
      responseId: this.facts?.responseId(),
      cost: outcome === 'completed' && isUnigateCost(cost) ? cost : undefined,
    };
    // The stream's own cost first: a budget's or onCharge's charge, told next, replaces it with the charge.
    putCostOnSpan(this.sent.span, own.cost, usage);
    return (this.extras?.ended?.(own) ?? own).metadata;
  }
}

const EMPTY_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** A continuation's `finish` metadata: priced when clean, nothing else (the call's ending applies to the whole stream). */
export function pricedOnly(finishCost: FinishCost): FinishMetadata {
  return (metadata, usage, clean) => (clean ? finishCost(metadata, usage) : metadata);
}
