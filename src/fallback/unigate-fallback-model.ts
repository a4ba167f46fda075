import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  SharedV3Warning,
} from '@ai-sdk/provider';
import {
  type FieldChecks,
  hasFields,
  isFiniteNumber,
  isObjectRecord,
  isString,
  listOf,
  oneOf,
  optional,
  readWhenSettled,
  shape,
  unigateEntry,
  type UnigateMetadataSource,
  type UnigateStreamMetadataSource,
} from '../checks/values';
import type { UnigateErrorKind } from '../errors/gateway-error';
import { isUnigateErrorKind } from '../errors/unigate-error';
import type { UnigateFallbackAttempt } from './fallback-failure';
import { memberKey } from './fallback-cooldowns';
import type { UnigateFallbackSegment } from './fallback-hand-over';
import type { FallbackChain } from './run-fallback';

// Loaded by the first call and kept: an `import()` per call, even of a loaded module, goes back through
// the module loader and cost a fallback stream 0.5-3 ms before its first delta (docs/streaming.md).
let calls: typeof import('./run-fallback') | undefined;

export type { UnigateFallbackAttempt, UnigateFallbackSkip } from './fallback-failure';
export type { UnigateFallbackSegment } from './fallback-hand-over';

/** The error kinds that move on by default: the next model may answer where this one could not. */
export const DEFAULT_FALLBACK_ON: readonly UnigateErrorKind[] = [
  'permission',
  'not-found',
  'rate-limit',
  'server',
  'network',
  'timeout',
  'context-length',
];

/** Options of `gw.fallback(models, options)`. */
export interface UnigateFallbackOptions {
  /**
   * The error kinds on which the next model is tried. Default `DEFAULT_FALLBACK_ON`: `permission`,
   * `not-found`, `rate-limit`, `server`, `network`, `timeout`, `context-length` (only to a member whose
   * catalog `contextWindow` is larger). `invalid-request` and `authentication` never move on (the next model would fail the same
   * way); `daily-limit` moves on only when listed (it is per key).
   */
  on?: readonly UnigateErrorKind[];
  /**
   * How long a member that failed with `rate-limit`, `server`, `network` or `timeout` (a kind in `on`) is
   * skipped by later calls
   * of any chain of this provider, in ms, or until its `Retry-After` when that is longer (up to an hour).
   * When every member is cooling, the one that recovers first is tried: a chain never refuses because of
   * cool-downs. 0 turns cool-downs off. Default 30 000 (`DEFAULT_FALLBACK_COOLDOWN_MS`); 0 to 3 600 000.
   */
  cooldownMs?: number;
}

/** `providerMetadata.unigate.fallback` of a fallback model's result (on the `finish` part when streaming). */
export interface UnigateFallbackMetadata {
  /** The id of the model that answered. */
  answeredBy: string;
  /** The models tried before it, in order, with why each was skipped. */
  attempts: UnigateFallbackAttempt[];
  /**
   * Who wrote what, in order, when a stream that failed after content was continued by a later member
   * (docs/fallback.md#hand-over): each member and the characters of text the caller received from it.
   * Absent when one member wrote the whole answer.
   */
  segments?: UnigateFallbackSegment[];
}

const NEVER_MOVE_ON = new Set<UnigateErrorKind>(['invalid-request', 'authentication']);

/**
 * A language model that tries `models` in order. A call moves on to the next model only when it failed
 * with an error of a kind in `on`; a stream moves on only before its first content part, so the caller
 * never sees content from two models. Aborting ends the whole chain. The calls' machinery
 * (`run-fallback.ts`) is loaded by the first call, so an app that never calls a fallback model never loads it.
 */
export class UnigateFallbackLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider: string;
  readonly modelId: string;
  private readonly chain: FallbackChain;

  constructor(
    models: readonly LanguageModelV3[],
    options: Omit<FallbackChain, 'models' | 'on' | 'keys' | 'creationWarnings'> & {
      provider: string;
      on: readonly UnigateErrorKind[];
      warnings: readonly SharedV3Warning[];
    },
  ) {
    const { provider, on, warnings, ...routing } = options;
    this.provider = `${provider}.fallback`;
    this.modelId = models.map(model => model.modelId).join(',');
    this.chain = {
      ...routing,
      models,
      keys: models.map(memberKey),
      on: new Set(on.filter(kind => !NEVER_MOVE_ON.has(kind))),
      creationWarnings: warnings,
    };
  }

  // The first model's URLs: a file it can read by URL would be downloaded for the others anyway.
  get supportedUrls() {
    return this.chain.models[0]!.supportedUrls;
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    calls ??= await import('./run-fallback');
    return calls.fallbackGenerate(this.chain, options);
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    calls ??= await import('./run-fallback');
    return calls.fallbackStream(this.chain, options);
  }
}

const ATTEMPT_FIELDS: FieldChecks<UnigateFallbackAttempt> = {
  modelId: isString,
  kind: isUnigateErrorKind,
  message: isString,
  skipped: optional(oneOf(['cooling-down', 'context-window'] as const)),
};

const SEGMENT_FIELDS: FieldChecks<UnigateFallbackSegment> = { modelId: isString, characters: isFiniteNumber };

const FALLBACK_FIELDS: FieldChecks<UnigateFallbackMetadata> = {
  answeredBy: isString,
  attempts: listOf(shape(ATTEMPT_FIELDS)),
  segments: optional(listOf(shape(SEGMENT_FIELDS))),
};

function readFallback(source: unknown): UnigateFallbackMetadata | undefined {
  const unigate = unigateEntry(source);
  const fallback = isObjectRecord(unigate) ? unigate.fallback : undefined;
  return hasFields(fallback, FALLBACK_FIELDS) ? fallback : undefined;
}

/**
 * What a `gw.fallback(models)` model records in `providerMetadata.unigate.fallback`, typed: the model
 * that answered (`answeredBy`) and the ones tried before it (`attempts`: `modelId`, error `kind`,
 * `message`). `undefined` for a model that is not a fallback or metadata not of that shape. Takes a
 * `generateText` result, a step, a `streamText` finish event, or a `streamText` result: then a promise,
 * settled when the stream has finished.
 *
 * @example
 * ```ts
 * const result = await generateText({ model: gw.fallback(['gpt-4o', 'gpt-4o-mini']), prompt: 'Hi' });
 * unigateFallback(result)?.answeredBy; // 'gpt-4o-mini' when gpt-4o failed with a kind that moves on
 * ```
 */
export function unigateFallback(result: UnigateStreamMetadataSource): Promise<UnigateFallbackMetadata | undefined>;
export function unigateFallback(result: UnigateMetadataSource | undefined): UnigateFallbackMetadata | undefined;
export function unigateFallback(
  result: UnigateStreamMetadataSource | UnigateMetadataSource | undefined,
): Promise<UnigateFallbackMetadata | undefined> | UnigateFallbackMetadata | undefined {
  return readWhenSettled(result, readFallback);
}
