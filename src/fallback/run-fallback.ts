import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { statedContextWindow, type UnigateErrorKind } from '../errors/gateway-error';
import { redactSecrets } from '../errors/redact-secrets';
import { lastAttempt } from '../errors/unigate-error';
import { retryAfterHeaderMs } from '../transport/gateway-request';
import { withModelCallSpan } from '../model-call/with-cost';
import { isExtendable, type StreamExtras, withAttempt } from '../streams/stream-extras';
import {
  attemptOf,
  chainFailure,
  failureKind,
  messageOf,
  skipWarnings,
  type UnigateFallbackAttempt,
  UNWELL_KINDS,
} from './fallback-failure';
import { type FallbackCooldowns, MAX_FALLBACK_COOLDOWN_MS, type MemberCooldown } from './fallback-cooldowns';
import { ChainHandOver, HandOverLog } from './fallback-hand-over';
import { committedStream, openOwnStream, openStream } from './fallback-stream';

// Loaded by the fallback model's first call (import() in unigate-fallback-model.ts): an app that never
// calls one does not load this.

/** A fallback model's list and settings, fixed when it was created. */
export interface FallbackChain {
  readonly models: readonly LanguageModelV3[];
  /** Each member's identity in `cooldowns` (`memberKey`). */
  readonly keys: readonly string[];
  /** The error kinds that move on to the next model. */
  readonly on: ReadonlySet<UnigateErrorKind>;
  /** Found when the model was created (catalog mismatches); repeated on every call so the AI SDK shows them. */
  readonly creationWarnings: readonly SharedV3Warning[];
  /** The provider's API key, redacted from everything the chain hands over, whichever member produced it. */
  readonly secret: () => string | undefined;
  /** How long a member that failed is skipped (`cooldownMs`); 0: never. */
  readonly cooldownMs: number;
  /** The provider's cool-downs, shared by all its chains. */
  readonly cooldowns: FallbackCooldowns;
  /** The catalog's context window of a member of this provider (loaded when needed); `undefined` for others. */
  readonly contextWindow: (model: LanguageModelV3, abortSignal?: AbortSignal) => Promise<number | undefined>;
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

/**
 * One call's way down the chain: which members cool (skipped, unless all do: then tried by recovery),
 * and the window a prompt overflowed (members not larger are skipped).
 */
class Route {
  /** The members' indices in the order they are tried. */
  readonly order: readonly number[];
  private readonly cooling: ReadonlyArray<MemberCooldown | undefined> | undefined;
  private overflowed: { modelId: string; window: number } | undefined;

  constructor(
    private readonly chain: FallbackChain,
    private readonly options: LanguageModelV3CallOptions,
  ) {
    const { cooldowns, keys, on } = chain;
    const indices = keys.map((_, index) => index);
    // Nothing cooling (the usual case): no clock read, no allocation beyond the order.
    const cooling =
      cooldowns.size === 0
        ? undefined
        : keys.map(key => cooldowns.get(key)).map(c => (c && on.has(c.kind) ? c : undefined));
    if (cooling?.every(entry => entry !== undefined)) {
      // Every member cools: the chain is tried in order of recovery, and never refuses.
      this.order = indices.sort((a, b) => cooling[a]!.until - cooling[b]!.until);
    } else {
      this.order = indices;
      this.cooling = cooling?.some(entry => entry !== undefined) ? cooling : undefined;
    }
  }

  /** Whether any member may be skipped: some cool, or a prompt overflowed a window. */
  get skipping(): boolean {
    return this.cooling !== undefined || this.overflowed !== undefined;
  }

  /** The attempt that records why member `index` is not sent the call, or `undefined` to send it. */
  async skip(index: number): Promise<UnigateFallbackAttempt | undefined> {
    const model = this.chain.models[index]!;
    const cooling = this.cooling?.[index];
    if (cooling !== undefined) {
      const message = `cooling down until ${new Date(cooling.until).toISOString()} after a ${cooling.kind} failure`;
      return { modelId: model.modelId, kind: cooling.kind, message, skipped: 'cooling-down' };
    }
    if (this.overflowed === undefined) return undefined;
    const window = await this.chain.contextWindow(model, this.options.abortSignal);
    if (window === undefined || window > this.overflowed.window) return undefined;
    const message =
      `its context window (${window} tokens) is not larger than that of ${this.overflowed.modelId} ` +
      `(${this.overflowed.window} tokens), which the prompt is too long for`;
    return { modelId: model.modelId, kind: 'context-length', message, skipped: 'context-window' };
  }

  /** Member `index` failed with `kind`, and the chain moves on: cool it, or note the window it overflowed. */
  async failed(index: number, kind: UnigateErrorKind, error: unknown): Promise<void> {
    const { chain } = this;
    if (UNWELL_KINDS.has(kind) && chain.cooldownMs > 0) {
      const asked = Math.min(retryAfterHeaderMs(lastAttempt(error)) ?? 0, MAX_FALLBACK_COOLDOWN_MS);
      chain.cooldowns.cool(chain.keys[index]!, chain.cooldowns.now() + Math.max(chain.cooldownMs, asked), kind);
    }
    if (kind !== 'context-length') return;
    const model = chain.models[index]!;
    const window =
      (await chain.contextWindow(model, this.options.abortSignal)) ??
      statedContextWindow(messageOf(lastAttempt(error)));
    if (window !== undefined && window > (this.overflowed?.window ?? 0)) {
      this.overflowed = { modelId: model.modelId, window };
    }
  }

  /** Member `index` answered: it cools no longer. */
  answered(index: number): void {
    this.chain.cooldowns.recovered(this.chain.keys[index]!);
  }
}

/**
 * Tries each model in turn (a member cooling down, or too small for a prompt that overflowed another's
 * window, is skipped); the last failure (or one that does not move on) goes to the caller.
 */
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
  const route = new Route(chain, options);
  let failed: unknown;
  for (const index of route.order) {
    options.abortSignal?.throwIfAborted();
    const skipped = route.skipping ? await route.skip(index) : undefined;
    if (skipped !== undefined) {
      attempts.push(skipped);
      continue;
    }
    const model = chain.models[index]!;
    // Each member's call carries its attempt, so the charge it reports names it.
    const memberOptions = withAttempt(options, index + 1);
    try {
      const result = await call(model, attempts, memberOptions, index);
      route.answered(index);
      return result;
    } catch (error) {
      const { kind, tried } = triedWith(chain, model, error, attempts);
      if (options.abortSignal?.aborted || kind === undefined || !chain.on.has(kind)) {
        throw stoppedOn(chain, options, error, tried);
      }
      attempts.push(tried.at(-1)!);
      failed = error;
      await route.failed(index, kind, error);
    }
  }
  // The last member tried failed (a skip never comes first: a route tries at least one member).
  throw stoppedOn(chain, options, failed, attempts);
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
      ended: ending => ({
        ...ending,
        metadata: withFallbackMetadata(chain, ending.metadata, model, attempts, handOvers),
      }),
      // The hand-over's members are called from the stream's reader, outside this call's span: they carry it.
      handOver: handOvers && new ChainHandOver(chain, withModelCallSpan(options), index, handOvers),
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
