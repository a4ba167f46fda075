import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { UnigateErrorKind } from '../internal/gateway-error';
import { isExtendable, type StreamExtras } from '../internal/stream-extras';
import { attemptOf, failureKind, skipWarnings, withAttempts, type UnigateFallbackAttempt } from './fallback-failure';
import { committedStream, openOwnStream, openStream } from './fallback-stream';

// Loaded by the fallback model's first call (import() in unigate-fallback-model.ts): an app that never
// calls one does not load this.

/** A fallback model's list and settings, fixed when it was created. */
export interface FallbackChain {
  readonly models: readonly LanguageModelV3[];
  /** The error kinds that move on to the next model. */
  readonly on: ReadonlySet<UnigateErrorKind>;
  /** Found when the model was created (catalog mismatches); repeated on every call so the AI SDK shows them. */
  readonly creationWarnings: readonly SharedV3Warning[];
}

function warningsFor(chain: FallbackChain, attempts: readonly UnigateFallbackAttempt[]): SharedV3Warning[] {
  return [...chain.creationWarnings, ...skipWarnings(attempts)];
}

function movesOn(chain: FallbackChain, error: unknown, options: LanguageModelV3CallOptions): boolean {
  if (options.abortSignal?.aborted) return false;
  const kind = failureKind(error);
  return kind !== undefined && chain.on.has(kind);
}

function withFallbackMetadata(
  providerMetadata: SharedV3ProviderMetadata | undefined,
  model: LanguageModelV3,
  attempts: readonly UnigateFallbackAttempt[],
): SharedV3ProviderMetadata {
  const fallback = { answeredBy: model.modelId, attempts: attempts.map(attempt => ({ ...attempt })) };
  return { ...providerMetadata, unigate: { ...providerMetadata?.unigate, fallback } };
}

/** Tries each model in turn; the last failure (or one that does not move on) goes to the caller. */
async function run<T>(
  chain: FallbackChain,
  options: LanguageModelV3CallOptions,
  call: (model: LanguageModelV3, attempts: readonly UnigateFallbackAttempt[]) => Promise<T>,
): Promise<T> {
  const attempts: UnigateFallbackAttempt[] = [];
  for (const [index, model] of chain.models.entries()) {
    options.abortSignal?.throwIfAborted();
    try {
      return await call(model, attempts);
    } catch (error) {
      const kind = failureKind(error);
      const last = index === chain.models.length - 1;
      if (!movesOn(chain, error, options) || last) {
        throw withAttempts(error, kind === undefined ? attempts : [...attempts, attemptOf(model, kind, error)]);
      }
      attempts.push(attemptOf(model, kind!, error));
    }
  }
  throw new Error('unreachable: a fallback model has at least one model');
}

/** `doGenerate` down the chain: the answer carries the skips' warnings and `unigate.fallback`. */
export function fallbackGenerate(
  chain: FallbackChain,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3GenerateResult> {
  return run(chain, options, async (model, attempts) => {
    const result = await model.doGenerate(options);
    return {
      ...result,
      warnings: [...result.warnings, ...warningsFor(chain, attempts)],
      providerMetadata: withFallbackMetadata(result.providerMetadata, model, attempts),
    };
  });
}

/** `doStream` down the chain: a model's stream is committed to once its content starts. */
export function fallbackStream(
  chain: FallbackChain,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3StreamResult> {
  return run(chain, options, async (model, attempts) => {
    const additions: StreamExtras = {
      warnings: warningsFor(chain, attempts),
      finish: providerMetadata => withFallbackMetadata(providerMetadata, model, attempts),
    };
    const moves = (error: unknown) => movesOn(chain, error, options);
    // This package's models take the additions into their own stream: no layer per part.
    if (isExtendable(model)) return openOwnStream(model, options, additions, moves);
    const result = await model.doStream(options);
    const opened = await openStream(result, moves);
    if ('failed' in opened) throw opened.failed;
    return { ...result, stream: committedStream(opened, additions) };
  });
}
