import { z } from 'zod/v4';
import {
  type FieldChecks,
  isString,
  lazy,
  nullable,
  optional,
  readUnigateMetadata,
  readWhenSettled,
  type UnigateMetadataSource,
  type UnigateStreamMetadataSource,
} from '../checks/values';
import { isUnigateResumeList, numberOption, resumeOptionFields } from '../prompt/call-options';
import type { UnigateResume, UnigateResumeMode } from '../resume/resume-types';
import type { Limit } from '../checks/validate-argument';
import { isUnigateCost } from '../pricing/compute-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/**
 * `max_tokens` sent when the call sets no `maxOutputTokens`. The messages endpoint requires
 * `max_tokens` and has no default of its own (docs/endpoints.md#messages-request). With extended thinking on,
 * the default is `budgetTokens + DEFAULT_MESSAGES_MAX_TOKENS`, so the answer keeps this much room
 * after the thinking budget.
 */
export const DEFAULT_MESSAGES_MAX_TOKENS = 4096;

/** The messages endpoint's limits (docs/endpoints.md#messages-request). */
export const MESSAGES_LIMITS = {
  maxOutputTokens: { min: 1 },
  /** 0 to 1, unlike chat's 0 to 2. */
  temperature: { min: 0, max: 1 },
  topP: { min: 0, max: 1 },
  /** While thinking, upstream accepts only a top_p this close to 1. */
  thinkingTopP: { min: 0.95, max: 1 },
  topK: { min: 1 },
  /** The smallest thinking budget the messages format accepts upstream. */
  thinkingBudgetTokens: { min: 1024 },
} as const satisfies Record<string, Limit>;

export const unigateMessagesProviderOptionsSchema = lazy(() =>
  z.object({
    userId: z.string().optional(),
    thinking: z
      // Discriminated by `type`, so an error names the wrong field inside, not the whole object.
      .discriminatedUnion('type', [
        z.object({ type: z.literal('enabled'), budgetTokens: numberOption() }),
        z.object({ type: z.literal('disabled') }),
      ])
      .optional(),
    ...resumeOptionFields(),
  }),
);

/**
 * Options of the messages-format model, passed as `providerOptions.unigate`.
 *
 * @example
 * ```ts
 * await generateText({
 *   model: gw.messages('claude-sonnet-4-5'),
 *   prompt: 'Why is the sky blue?',
 *   providerOptions: { unigate: { userId: 'user-42', thinking: { type: 'enabled', budgetTokens: 2048 } } },
 * });
 * ```
 */
export interface UnigateMessagesProviderOptions {
  /** End-user id for abuse monitoring, sent as `metadata.user_id`. */
  userId?: string;
  /**
   * Extended thinking, sent as `thinking: {type:'enabled', budget_tokens}`. `budgetTokens` is an integer
   * of at least 1024 and below `max_tokens` (thinking counts toward `max_tokens`). Reasoning comes back as
   * reasoning parts whose `providerMetadata.unigate.signature` (or `redactedData`) must be sent back
   * unchanged on later turns; the AI SDK's message history does that by itself.
   */
  thinking?: { type: 'enabled'; budgetTokens: number } | { type: 'disabled' };
  /** This call's `resume` setting (see the provider's): `'off'` leaves a failed stream failed. Not with thinking. */
  resume?: UnigateResumeMode;
  /** This call's `maxResumes`: an integer, at least 0. */
  maxResumes?: number;
  /** This call's `streamIdleMs` (see the provider's): an integer from 1 to 3,600,000. */
  streamIdleMs?: number;
}

/**
 * An explicit prompt-caching breakpoint, as `providerOptions.unigate.cacheControl` on a system message, a
 * message (its last block), a part or a tool of a messages-format call: the prefix up to and including
 * it is cached for `ttl` (default `'5m'`). Any explicit breakpoint replaces the automatic ones of the
 * `caching` setting for that call; at most 4 are sent (the first 4: tools, then system, then messages),
 * with a warning naming the others. `providerOptions.anthropic.cacheControl` is read too.
 *
 * @example
 * ```ts
 * messages: [{ role: 'system', content: longInstructions,
 *   providerOptions: { unigate: { cacheControl: { type: 'ephemeral', ttl: '1h' } } } }]
 * ```
 */
export interface UnigateCacheControl {
  type: 'ephemeral';
  /** How long the cached prefix lives after its last use: `'5m'` (default) or `'1h'`. */
  ttl?: '5m' | '1h';
}

/**
 * What the messages model puts in `providerMetadata.unigate`: on the result, `stopSequence`; on reasoning
 * parts, `signature` (a `thinking` block) or `redactedData` (a `redacted_thinking` block).
 */
export interface UnigateMessagesProviderMetadata {
  /** The stop sequence that ended generation, else `null`. */
  stopSequence?: string | null;
  /** Signature of a thinking block; required to send the block back. */
  signature?: string;
  /** Encrypted content of a redacted thinking block. */
  redactedData?: string;
  /** On the result: what the call cost, when `pricing` gives this model a price. */
  cost?: UnigateCost;
  /** Each resume of a stream that failed after content (docs/resume.md); absent when none happened. */
  resumed?: UnigateResume[];
  /**
   * A stream's finish only, without `cost`: why the catalog could not price it (it had not loaded when
   * the stream finished, or its load failed). A warning can no longer reach the caller by then.
   */
  costUnavailable?: string;
}

const MESSAGES_FIELDS: FieldChecks<UnigateMessagesProviderMetadata> = {
  stopSequence: optional(nullable(isString)),
  signature: optional(isString),
  redactedData: optional(isString),
  cost: optional(isUnigateCost),
  resumed: optional(isUnigateResumeList),
  costUnavailable: optional(isString),
};

const readMessages = (source: unknown) => readUnigateMetadata(source, MESSAGES_FIELDS);

/**
 * The messages model's `providerMetadata.unigate`, typed: on a result, the `stopSequence` that ended it
 * and `cost` when priced (or, on a stream, `costUnavailable`); on a reasoning part, its `signature` or
 * `redactedData`. `undefined` when there is none (another provider's model) or it is not of that shape.
 * Takes a `generateText` result (its last step's metadata), a step, a part, a `streamText` finish event,
 * or a `streamText` result: then a promise, settled when the stream has finished.
 *
 * @example
 * ```ts
 * const result = await generateText({ model: gw('claude-sonnet-4-5'), prompt: 'Count: 1, 2,', stopSequences: ['5'] });
 * unigateMessagesMetadata(result)?.stopSequence; // '5', or null when it stopped otherwise
 * ```
 */
export function unigateMessagesMetadata(
  result: UnigateStreamMetadataSource,
): Promise<UnigateMessagesProviderMetadata | undefined>;
export function unigateMessagesMetadata(
  result: UnigateMetadataSource | undefined,
): UnigateMessagesProviderMetadata | undefined;
export function unigateMessagesMetadata(
  result: UnigateStreamMetadataSource | UnigateMetadataSource | undefined,
): Promise<UnigateMessagesProviderMetadata | undefined> | UnigateMessagesProviderMetadata | undefined {
  return readWhenSettled(result, readMessages);
}
