import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { UnigateErrorKind } from '../errors/gateway-error';
import { redactSecrets } from '../errors/redact-secrets';
import { fallbackAttempts, isExtendable, type StreamExtras } from '../streams/stream-extras';
import { attemptOf, chainFailure, failureKind, skipWarnings, type UnigateFallbackAttempt } from './fallback-failure';
import { ChainHandOver, HandOverLog } from './fallback-hand-over';
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
  /** The provider's API key, redacted from everything the chain hands over, whichever member produced it. */
  readonly secret: () => string | undefined;
}

/** The package's one redaction step, with the chain's key. */
function redact<T>(chain: FallbackChain, value: T): T {
  return redactSecrets(value, chain.secret());
}

function warningsFor(chain: FallbackChain, attempts: readonly UnigateFallbackAttempt[]): SharedV3Warning[] {
  const warnings = [...chain.creationWarnings, ...skipWarnings(attempts)];
  return warnings.length === 0 ? warnings : redact(chain, warnings);
}

function movesOn(chain: FallbackChain, error: unknown, options: LanguageModelV3CallOptions): boolean {
  if (options.abortSignal?.aborted) return false;
  const kind = failureKind(error);
  return kind !== undefined && chain.on.has(kind);
}

function withFallbackMetadata(
  chain: FallbackChain,
  providerMetadata: SharedV3ProviderMetadata | undefined,
  model: LanguageModelV3,
  attempts: readonly UnigateFallbackAttempt[],
  handOvers?: HandOverLog,
): SharedV3ProviderMetadata {
  // After a hand-over the answer's end is the last writer's; `segments` says who wrote what.
  const segments = handOvers?.segments(model.modelId);
  const fallback = {
    answeredBy: handOvers?.lastWriter() ?? model.modelId,
    attempts: [...attempts, ...(handOvers?.skipped ?? [])].map(attempt => ({ ...attempt })),
    ...(segments !== undefined && { segments: segments.map(segment => ({ ...segment })) }),
  };
  // The member's own metadata too: another provider's may quote what its upstream echoed.
  return redact(chain, { ...providerMetadata, unigate: { ...providerMetadata?.unigate, fallback } });
}

/** The attempts so far and `model`'s, when its failure has a kind (an argument error has none). */
function triedWith(
  chain: FallbackChain,
  model: LanguageModelV3,
  error: unknown,
  attempts: readonly UnigateFallbackAttempt[],
): { kind?: UnigateErrorKind; tried: readonly UnigateFallbackAttempt[] } {
  const kind = failureKind(error);
  if (kind === undefined) return { tried: attempts };
  return { kind, tried: [...attempts, redact(chain, attemptOf(model, kind, error))] };
}

/** What the caller gets for the failure the chain stops on: the caller's abort as it is; redacted always. */
function stoppedOn(
  chain: FallbackChain,
  options: LanguageModelV3CallOptions,
  error: unknown,
  tried: readonly UnigateFallbackAttempt[],
): unknown {
  return redact(chain, options.abortSignal?.aborted ? error : chainFailure(error, tried));
}

/** Tries each model in turn; the last failure (or one that does not move on) goes to the caller. */
async function run<T>(
  chain: FallbackChain,
  options: LanguageModelV3CallOptions,
  call: (
    model: LanguageModelV3,
    attempts: readonly UnigateFallbackAttempt[],
    options: LanguageModelV3CallOptions,
    index: number,
  ) => Promise<T>,
): Promise<T> {
  const attempts: UnigateFallbackAttempt[] = [];
  for (const [index, model] of chain.models.entries()) {
    options.abortSignal?.throwIfAborted();
    // Each member gets its own options object, so the charge it reports names its attempt.
    const memberOptions = { ...options };
    fallbackAttempts.set(memberOptions, index + 1);
    try {
      return await call(model, attempts, memberOptions, index);
    } catch (error) {
      const { kind, tried } = triedWith(chain, model, error, attempts);
      const last = index === chain.models.length - 1;
      if (last || options.abortSignal?.aborted || kind === undefined || !chain.on.has(kind)) {
        throw stoppedOn(chain, options, error, tried);
      }
      attempts.push(tried.at(-1)!);
    }
  }
  throw new Error('unreachable: a fallback model has at least one model');
}

/** `doGenerate` down the chain: the answer carries the skips' warnings and `unigate.fallback`. */
export function fallbackGenerate(
  chain: FallbackChain,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3GenerateResult> {
  return run(chain, options, async (model, attempts, memberOptions) => {
    const result = await model.doGenerate(memberOptions);
    return {
      ...result,
      warnings: [...redact(chain, result.warnings), ...warningsFor(chain, attempts)],
      providerMetadata: withFallbackMetadata(chain, result.providerMetadata, model, attempts),
    };
  });
}

/** `doStream` down the chain: a model's stream is committed to once its content starts. */
export function fallbackStream(
  chain: FallbackChain,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3StreamResult> {
  return run(chain, options, async (model, attempts, memberOptions, index) => {
    // A member that fails after content may be continued by a later one: not the last member.
    const handOvers = index < chain.models.length - 1 ? new HandOverLog() : undefined;
    const additions: StreamExtras = {
      warnings: warningsFor(chain, attempts),
      finish: providerMetadata => withFallbackMetadata(chain, providerMetadata, model, attempts, handOvers),
      handOver: handOvers && new ChainHandOver(chain, options, index, handOvers),
    };
    const moves = (error: unknown) => movesOn(chain, error, options);
    // This package's models take the additions into their own stream: no layer per part.
    if (isExtendable(model)) return openOwnStream(model, memberOptions, additions, moves);
    const result = await model.doStream(memberOptions);
    const opened = await openStream(result, moves);
    if ('failed' in opened) throw opened.failed;
    // A failure before content that stops the chain reaches the caller as a thrown one would.
    const stopped = (error: unknown) =>
      stoppedOn(chain, options, error, triedWith(chain, model, error, attempts).tried);
    return {
      ...result,
      stream: committedStream(opened, additions, { stopped, redact: value => redact(chain, value) }),
    };
  });
}
