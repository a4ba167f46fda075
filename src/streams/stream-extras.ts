import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { UnigateCost } from '../settings/unigate-provider-settings';
import type { SseOpening } from './sse-reader';

/**
 * What a wrapper of this package's own language models (fallback, budget) adds to one stream. The
 * model's stream handler applies it where it builds `stream-start` and `finish`, so a wrapper needs no
 * stream of its own around the model's: a layer per part would cost every delta; this runs once per stream.
 */
export interface StreamExtras {
  /** Appended to the `stream-start` warnings. */
  readonly warnings: readonly SharedV3Warning[];
  /**
   * The stream's one ending (docs/budgets.md#every-ending-is-charged): told exactly once, whatever ends it
   * (a clean finish, a `finish` after an `error` part, the caller's cancel, the abort signal, a drop),
   * and returns the ending passed on. Its `metadata` is what the `finish` part carries, when one is sent.
   * A wrapper applies its own step, then the outer one's.
   */
  readonly ended?: (ending: StreamEnding) => StreamEnding;
  /** Told of the stream's opening: the reader reads on, without a caller, until it says the stream is open. */
  readonly opening?: StreamOpening;
  /**
   * Reserves a resume's continuation request from its wire body (docs/resume.md): undefined when it
   * does not fit, and the stream fails as it was.
   */
  readonly reserveResume?: (wireBody: unknown) => Promise<ResumeReservation | undefined>;
  /** A fallback chain's next members, which continue the stream where its own resumes cannot (docs/fallback.md#hand-over). */
  readonly handOver?: StreamHandOver;
  /**
   * The prompt's final assistant message is the answer so far, handed over by a fallback chain: a chat
   * model sends it flagged as its upstream's continuation (a messages model continues any final turn).
   */
  readonly prefilled?: boolean;
}

/** How a stream ended: `completed` (a clean `finish`), `failed`, or `aborted` (the call's abort, or the caller's cancel, before its end). */
export type StreamOutcome = 'completed' | 'failed' | 'aborted';

/** A stream's one ending, as the model tells its wrappers (`StreamExtras.ended`). */
export interface StreamEnding {
  readonly outcome: StreamOutcome;
  /** The `finish` part's metadata (a completed stream's with its cost); `undefined` when the stream ended without one. */
  readonly metadata: SharedV3ProviderMetadata | undefined;
  /** The `finish` part's usage, or, for a stream that ended without one, the usage it had reported. */
  readonly usage: LanguageModelV3Usage;
  /** The gateway's id of the answer (its response id), when it sent one. */
  readonly responseId: string | undefined;
  /** A completed stream's own cost (its `finish` metadata's); `undefined` for any other ending. */
  readonly cost: UnigateCost | undefined;
}

/** How a stream that failed after content, its own resumes spent, is continued by another chain member. */
export interface StreamHandOver {
  /**
   * The continuation of `prefill` by the next member that can write it, with at most `maxOutputTokens`
   * (what is left of the caller's cap); throws (`failure`) when none can.
   */
  send(prefill: string, failure: unknown, maxOutputTokens?: number): Promise<ReadableStream<LanguageModelV3StreamPart>>;
  /** Told at the continuation's finish: the characters the caller had before it, and those it passed on. */
  wrote(before: number, characters: number): void;
  /**
   * The metadata of the continuation's finish, once it came: its cost (what the other members wrote) is
   * charged by their own calls, so a budget settles this member's call to the rest.
   */
  continuation(): SharedV3ProviderMetadata | undefined;
}

/** A continuation's reservation, settled with the whole stream's finish unless its request is refused. */
export interface ResumeReservation {
  /** The continuation request failed before its stream opened (`error`): an HTTP refusal ran no model. */
  refused(error: unknown): void;
}

/**
 * The key of a fallback chain's attempt number (1-based) on the call options it hands a member, for the
 * charge the member reports (`UnigateChargeEvent.attempt`). A symbol: no request body carries it, and a
 * copy of the options (`{ ...options }`) keeps it, so each call carries its own.
 */
const callAttempt: unique symbol = Symbol('unigate.callAttempt');

/** A copy of `options` marked as a fallback chain's attempt `attempt`. */
export function withAttempt<O extends object>(options: O, attempt: number): O {
  return { ...options, [callAttempt]: attempt };
}

/** The fallback attempt a call's options carry: 1 outside a chain. */
export function attemptOf(options: object): number {
  const attempt: unknown = Reflect.get(options, callAttempt);
  return typeof attempt === 'number' ? attempt : 1;
}

/** A look at a stream's first parts while they are produced, before anyone reads them. */
export type StreamOpening = SseOpening<LanguageModelV3StreamPart>;

/** Marks this package's language models, whose `doStream` takes `StreamExtras` as a second argument. */
const takesStreamExtras: unique symbol = Symbol('unigate.takesStreamExtras');

/** A language model of this package: its `doStream(options, extras)` applies a wrapper's extras. */
export interface ExtendableLanguageModel extends LanguageModelV3 {
  readonly [takesStreamExtras]: true;
  doStream(options: LanguageModelV3CallOptions, extras?: StreamExtras): Promise<LanguageModelV3StreamResult>;
  /**
   * Whether this call's format lets the model continue a prompt's final assistant message (a prefill):
   * a fallback chain hands a failed stream over only to such a member. Absent: it cannot.
   */
  continuesPrefill?(options: LanguageModelV3CallOptions): Promise<boolean>;
}

export function isExtendable(model: LanguageModelV3): model is ExtendableLanguageModel {
  return takesStreamExtras in model;
}

/** A language format's calls module (`*-model-calls.ts`), as its shell uses it. */
export interface LanguageCalls<TARGET> {
  /** The request a call would send, built once: a budget reserves from its body, the call sends it. */
  readonly requests: { wireBody(target: TARGET, options: LanguageModelV3CallOptions): unknown };
  continuesPrefill(target: TARGET, options: LanguageModelV3CallOptions): boolean;
  generate(target: TARGET, options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult>;
}

/** A language format's stream module (`*-stream.ts`), as its shell uses it. */
export interface LanguageStreamCalls<TARGET> {
  stream(
    target: TARGET,
    options: LanguageModelV3CallOptions,
    extras: StreamExtras | undefined,
  ): Promise<LanguageModelV3StreamResult>;
}

/**
 * The shell both language models (chat, messages) are: the AI SDK interface, the mark that `doStream`
 * takes `StreamExtras`, and each method handing the call to the format's calls, which its first call
 * loads (`loadCalls`, `loadStream`: `import()` once, then kept). The target is what the calls need of the
 * model (its id, the context, the config it sends through).
 */
export abstract class LanguageModelShell<TARGET, ID extends string = string> implements ExtendableLanguageModel {
  readonly specificationVersion = 'v3';
  readonly [takesStreamExtras] = true as const;
  abstract readonly supportedUrls: Record<string, RegExp[]>;

  constructor(
    readonly modelId: ID,
    /** `unigate.chat`, `unigate.messages`. */
    readonly provider: string,
    protected readonly target: TARGET,
  ) {}

  protected abstract loadCalls(): Promise<LanguageCalls<TARGET>>;
  protected abstract loadStream(): Promise<LanguageStreamCalls<TARGET>>;

  /**
   * The body a call with `options` sends, every argument checked, nothing sent: what a budget reserves
   * from (docs/budgets.md#what-a-call-reserves).
   */
  async prepareWireBody(options: LanguageModelV3CallOptions): Promise<unknown> {
    return (await this.loadCalls()).requests.wireBody(this.target, options);
  }

  /**
   * Whether a stream of this call can continue a final assistant message or turn (a fallback chain's
   * hand-over, docs/resume.md#what-each-upstream-allows; the policy is src/resume/stream-resume.ts's).
   */
  async continuesPrefill(options: LanguageModelV3CallOptions): Promise<boolean> {
    return (await this.loadCalls()).continuesPrefill(this.target, options);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    return (await this.loadCalls()).generate(this.target, options);
  }

  /** `extras`: what a wrapper (fallback, budget) adds to the stream, applied in its own parts. */
  async doStream(options: LanguageModelV3CallOptions, extras?: StreamExtras): Promise<LanguageModelV3StreamResult> {
    return (await this.loadStream()).stream(this.target, options, extras);
  }
}

/** `extras`' warnings after `warnings`, without a copy when there are none. */
export function withExtraWarnings(warnings: SharedV3Warning[], extras: StreamExtras | undefined): SharedV3Warning[] {
  return extras === undefined || extras.warnings.length === 0 ? warnings : [...warnings, ...extras.warnings];
}
