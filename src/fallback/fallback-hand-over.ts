import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  SharedV3ProviderMetadata,
} from '@ai-sdk/provider';
import type { UnigateErrorKind } from '../errors/gateway-error';
import { isExtendable, type StreamHandOver, withAttempt } from '../streams/stream-extras';
import { attemptOf, failureKind, type UnigateFallbackAttempt } from './fallback-failure';

// Loaded with run-fallback.ts. A stream that fails after content, its own resumes spent, is continued by
// the chain's next member whose format allows a prefill (docs/fallback.md#hand-over): the prompt plus the
// text so far as a final assistant message, so each member builds its own body.

/** Who wrote a part of a streamed answer: a chain member and the characters the caller received from it. */
export interface UnigateFallbackSegment {
  /** The chain member that wrote this part of the answer. */
  modelId: string;
  /** How many characters of the answer's text it wrote. */
  characters: number;
}

/** One call's hand-overs, shared by every member they reach: who continued, and where. */
export class HandOverLog {
  /** The members that continued, in order, each with the characters the caller had before it. */
  private readonly starts: Array<{ modelId: string; before: number }> = [];
  private end = 0;
  /** The members skipped while looking for one to continue (each failed before its stream opened). */
  readonly skipped: UnigateFallbackAttempt[] = [];
  /** The chain positions already called for this answer: none is called twice, so no hand-over can loop. */
  readonly called = new Set<number>();

  started(modelId: string): { before: number } {
    const start = { modelId, before: 0 };
    this.starts.push(start);
    return start;
  }

  wrote(before: number, characters: number): void {
    this.end = Math.max(this.end, before + characters);
  }

  /** The member that wrote the answer's end; undefined without a hand-over. */
  lastWriter(): string | undefined {
    return this.starts.at(-1)?.modelId;
  }

  /** Who wrote what, `first` first; undefined without a hand-over. */
  segments(first: string): UnigateFallbackSegment[] | undefined {
    if (this.starts.length === 0) return undefined;
    const bounds = [{ modelId: first, before: 0 }, ...this.starts];
    return bounds.map((bound, at) => ({
      modelId: bound.modelId,
      characters: (bounds[at + 1]?.before ?? this.end) - bound.before,
    }));
  }
}

/** What a hand-over reads of the chain (run-fallback.ts's `FallbackChain`). */
interface HandOverChain {
  readonly models: readonly LanguageModelV3[];
  readonly on: ReadonlySet<UnigateErrorKind>;
}

/** The hand-over of the stream of member `from`: the members after it, in order, until one continues. */
export class ChainHandOver implements StreamHandOver {
  private metadata: SharedV3ProviderMetadata | undefined;
  private start: { before: number } | undefined;

  constructor(
    private readonly chain: HandOverChain,
    private readonly options: LanguageModelV3CallOptions,
    private readonly from: number,
    private readonly log: HandOverLog,
  ) {
    log.called.add(from);
  }

  async send(
    prefill: string,
    failure: unknown,
    maxOutputTokens?: number,
  ): Promise<ReadableStream<LanguageModelV3StreamPart>> {
    const { chain, options, log } = this;
    // Nothing but a cut tool call received: the member is asked again, with no assistant turn.
    const prompt =
      prefill === ''
        ? options.prompt
        : [...options.prompt, { role: 'assistant' as const, content: [{ type: 'text' as const, text: prefill }] }];
    for (let index = this.from + 1; index < chain.models.length && !options.abortSignal?.aborted; index++) {
      const model = chain.models[index]!;
      if (log.called.has(index)) continue;
      // What is left of the caller's cap, when the caller set one (a format's default is no caller's cap).
      const capped = maxOutputTokens !== undefined && options.maxOutputTokens !== undefined;
      const memberOptions = withAttempt({ ...options, prompt, ...(capped && { maxOutputTokens }) }, index + 1);
      // Another provider's model, or a format without a prefill, would start its answer over.
      if (!isExtendable(model) || !(await model.continuesPrefill?.(memberOptions))) continue;
      log.called.add(index);
      try {
        const result = await model.doStream(memberOptions, {
          warnings: [],
          ended: ending => {
            this.metadata = ending.metadata;
            return ending;
          },
          handOver: new ChainHandOver(chain, options, index, log),
          prefilled: prefill !== '',
        });
        this.start = log.started(model.modelId);
        return result.stream;
      } catch (error) {
        const kind = failureKind(error);
        // The caller keeps the error its stream failed with: a refusal here is not theirs to see.
        if (kind === undefined || !chain.on.has(kind)) throw failure;
        log.skipped.push(attemptOf(model, kind, error));
      }
    }
    throw failure;
  }

  wrote(before: number, characters: number): void {
    if (this.start !== undefined) this.start.before = before;
    this.log.wrote(before, characters);
  }

  continuation(): SharedV3ProviderMetadata | undefined {
    return this.metadata;
  }
}
