import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { UnigateErrorKind } from '../internal/gateway-error';
import { attemptOf, failureKind, skipWarnings, withAttempts, type UnigateFallbackAttempt } from './fallback-failure';
import { committedStream, openOwnStream, openStream } from './fallback-stream';
import { isExtendable, type StreamExtras } from '../internal/stream-extras';

export type { UnigateFallbackAttempt } from './fallback-failure';

/** The error kinds that move on by default: the next model may answer where this one could not. */
export const DEFAULT_FALLBACK_ON: readonly UnigateErrorKind[] = ['permission', 'not-found', 'rate-limit', 'server'];

/** Options of `gw.fallback(models, options)`. */
export interface UnigateFallbackOptions {
  /**
   * The error kinds on which the next model is tried. Default `DEFAULT_FALLBACK_ON`: `permission`,
   * `not-found`, `rate-limit`, `server`. `invalid-request` and `authentication` never move on (the next
   * model would fail the same way); `daily-limit` moves on only when listed (it is per key).
   */
  on?: readonly UnigateErrorKind[];
}

/** `providerMetadata.unigate.fallback` of a fallback model's result (on the `finish` part when streaming). */
export interface UnigateFallbackMetadata {
  /** The id of the model that answered. */
  answeredBy: string;
  /** The models tried before it, in order, with why each was skipped. */
  attempts: UnigateFallbackAttempt[];
}

const NEVER_MOVE_ON = new Set<UnigateErrorKind>(['invalid-request', 'authentication']);

/**
 * A language model that tries `models` in order. A call moves on to the next model only when it failed
 * with an error of a kind in `on`; a stream moves on only before its first content part, so the caller
 * never sees content from two models. Aborting ends the whole chain.
 */
export class UnigateFallbackLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider: string;
  readonly modelId: string;
  private readonly on: ReadonlySet<UnigateErrorKind>;
  // Found when the model was created (catalog mismatches); repeated on every call so the AI SDK shows them.
  private readonly creationWarnings: readonly SharedV3Warning[];

  constructor(
    private readonly models: readonly LanguageModelV3[],
    options: { provider: string; on: readonly UnigateErrorKind[]; warnings: readonly SharedV3Warning[] },
  ) {
    this.creationWarnings = options.warnings;
    this.provider = `${options.provider}.fallback`;
    this.modelId = models.map(model => model.modelId).join(',');
    this.on = new Set(options.on.filter(kind => !NEVER_MOVE_ON.has(kind)));
  }

  // The first model's URLs: a file it can read by URL would be downloaded for the others anyway.
  get supportedUrls() {
    return this.models[0]!.supportedUrls;
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    return this.run(options, async (model, attempts) => {
      const result = await model.doGenerate(options);
      return {
        ...result,
        warnings: [...result.warnings, ...this.warningsFor(attempts)],
        providerMetadata: withFallbackMetadata(result.providerMetadata, model, attempts),
      };
    });
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    return this.run(options, async (model, attempts) => {
      const additions: StreamExtras = {
        warnings: this.warningsFor(attempts),
        finish: providerMetadata => withFallbackMetadata(providerMetadata, model, attempts),
      };
      const movesOn = (error: unknown) => this.movesOn(error, options);
      // This package's models take the additions into their own stream: no layer per part.
      if (isExtendable(model)) return openOwnStream(model, options, additions, movesOn);
      const result = await model.doStream(options);
      const opened = await openStream(result, movesOn);
      if ('failed' in opened) throw opened.failed;
      return { ...result, stream: committedStream(opened, additions) };
    });
  }

  private warningsFor(attempts: readonly UnigateFallbackAttempt[]): SharedV3Warning[] {
    return [...this.creationWarnings, ...skipWarnings(attempts)];
  }

  private movesOn(error: unknown, options: LanguageModelV3CallOptions): boolean {
    if (options.abortSignal?.aborted) return false;
    const kind = failureKind(error);
    return kind !== undefined && this.on.has(kind);
  }

  /** Tries each model in turn; the last failure (or one that does not move on) goes to the caller. */
  private async run<T>(
    options: LanguageModelV3CallOptions,
    call: (model: LanguageModelV3, attempts: readonly UnigateFallbackAttempt[]) => Promise<T>,
  ): Promise<T> {
    const attempts: UnigateFallbackAttempt[] = [];
    for (const [index, model] of this.models.entries()) {
      options.abortSignal?.throwIfAborted();
      try {
        return await call(model, attempts);
      } catch (error) {
        const kind = failureKind(error);
        const last = index === this.models.length - 1;
        if (!this.movesOn(error, options) || last) {
          throw withAttempts(error, kind === undefined ? attempts : [...attempts, attemptOf(model, kind, error)]);
        }
        attempts.push(attemptOf(model, kind!, error));
      }
    }
    throw new Error('unreachable: a fallback model has at least one model');
  }
}

function withFallbackMetadata(
  providerMetadata: SharedV3ProviderMetadata | undefined,
  model: LanguageModelV3,
  attempts: readonly UnigateFallbackAttempt[],
): SharedV3ProviderMetadata {
  const fallback = { answeredBy: model.modelId, attempts: attempts.map(attempt => ({ ...attempt })) };
  return { ...providerMetadata, unigate: { ...providerMetadata?.unigate, fallback } };
}
