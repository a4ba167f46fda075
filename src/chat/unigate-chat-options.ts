import { z } from 'zod/v4';
import {
  type FieldChecks,
  isFiniteNumber,
  isString,
  lazy,
  listOf,
  nullable,
  optional,
  readUnigateMetadata,
  readWhenSettled,
  shape,
  type UnigateMetadataSource,
  type UnigateStreamMetadataSource,
} from '../checks/values';
import { isUnigateCost } from '../pricing/compute-cost';
import { isUnigateResumeList, numberOption, resumeOptionFields } from '../prompt/call-options';
import type { UnigateResume, UnigateResumeMode } from '../resume/resume-types';
import type { Limit } from '../checks/validate-argument';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/** The chat-completions limits (docs/endpoints.md#chat-completions-request). */
export const CHAT_LIMITS = {
  maxOutputTokens: { min: 1 },
  temperature: { min: 0, max: 2 },
  /** A nucleus probability mass. */
  topP: { min: 0, max: 1 },
  penalty: { min: -2, max: 2 },
  stopSequences: { min: 0, max: 4 },
  seed: { min: Number.MIN_SAFE_INTEGER },
  n: { min: 1 },
} as const satisfies Record<string, Limit>;

/**
 * The `reasoning_effort` values of the chat-completions format. ai@7's `reasoning` levels map onto them
 * one to one, except `'max'`, which this format cannot express (see `mapChatReasoning`).
 */
export const CHAT_REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;

/** The values of `reasoningRoundTrip`. */
export const CHAT_REASONING_ROUND_TRIPS = ['auto', 'always', 'never'] as const;

/** Body fields the model owns: `extraBody` may not replace them, or the call could not be read back. */
export const RESERVED_CHAT_BODY_FIELDS = ['model', 'messages', 'stream', 'stream_options'] as const;

// Types only; ranges are checked afterwards with validate-argument so errors name limit and value.
export const unigateChatProviderOptionsSchema = lazy(() =>
  z.object({
    user: z.string().optional(),
    n: numberOption().optional(),
    strictJsonSchema: z.boolean().optional(),
    reasoningEffort: z.enum(CHAT_REASONING_EFFORTS).optional(),
    reasoningRoundTrip: z.enum(CHAT_REASONING_ROUND_TRIPS).optional(),
    extraBody: z.record(z.string(), z.unknown()).optional(),
    ...resumeOptionFields(),
  }),
);

/**
 * Options of the chat-completions model, passed as `providerOptions.unigate`.
 *
 * @example
 * ```ts
 * await generateText({
 *   model: gw('gpt-4o-mini'),
 *   prompt: 'Name a colour.',
 *   providerOptions: { unigate: { user: 'user-42', n: 3, reasoningEffort: 'low' } },
 * });
 * ```
 */
export interface UnigateChatProviderOptions {
  /** End-user id for the gateway's abuse monitoring, sent as `user`. */
  user?: string;
  /**
   * Number of completions, sent as `n` (an integer of at least 1). The first choice becomes the result;
   * every choice's text is in `providerMetadata.unigate.choices`. Each completion counts toward usage.
   */
  n?: number;
  /** Whether `responseFormat` with a schema is sent as a strict `json_schema`. Default `true`. */
  strictJsonSchema?: boolean;
  /**
   * How hard a reasoning model thinks, sent as `reasoning_effort`. Wins over ai@7's `reasoning` call option
   * without a warning, as the AI SDK's own providers do; `extraBody.reasoning_effort` wins over both.
   */
  reasoningEffort?: (typeof CHAT_REASONING_EFFORTS)[number];
  /**
   * Which assistant messages of the prompt send their reasoning back, as `reasoning_content`:
   * - `'auto'` (default): those that carry tool calls, and only when the request goes to a model whose
   *   vendor documents the round trip (docs/reasoning-round-trip.md): DeepSeek's thinking mode
   *   (`deepseek-reasoner`, `deepseek-chat`, `deepseek-v3.1` and later; not `deepseek-r1`), Moonshot's thinking
   *   models (`kimi-k2-thinking`, `kimi-k2.5`) and Zhipu's GLM-4.5 and later. The model id is read without a
   *   vendor path or variant (`deepseek/deepseek-reasoner`, `deepseek-v3.1:free`). DeepSeek answers 400
   *   ("Missing `reasoning_content` field in the assistant message at message index N") when a tool-call
   *   turn comes back without it. Any other model gets no `reasoning_content`, without a warning, so a
   *   conversation or fallback chain that moves from `deepseek-reasoner` to `gpt-4o` does not meet a strict
   *   upstream's 400 for an unknown field. Turns without tool calls drop it: upstreams ignore it there.
   * - `'always'`: every assistant message that has reasoning, whatever the model.
   * - `'never'`: none.
   */
  reasoningRoundTrip?: (typeof CHAT_REASONING_ROUND_TRIPS)[number];
  /**
   * Extra fields added to the request body as they are, after the mapped ones (so they win), e.g.
   * `{ verbosity: 'low' }` for a field this provider does not map. They may not replace
   * `model`, `messages`, `stream` or `stream_options`.
   */
  extraBody?: Record<string, unknown>;
  /**
   * This call's `resume` setting (see the provider's): `'off'` leaves a failed stream failed. A chat stream
   * is resumed only on models whose upstream documents continuing a partial assistant message
   * (docs/resume.md#what-each-upstream-allows), and not with `n` > 1, a `responseFormat` or after reasoning.
   */
  resume?: UnigateResumeMode;
  /** This call's `maxResumes`: an integer, at least 0. */
  maxResumes?: number;
  /** This call's `streamIdleMs` (see the provider's): an integer from 1 to 3,600,000. */
  streamIdleMs?: number;
}

/** One completion when `n > 1`: what `providerMetadata.unigate.choices` lists. */
export interface UnigateChatChoice {
  index: number;
  /** The choice's whole text. */
  text: string;
  /** The raw `finish_reason`, `null` when the gateway sent none. */
  finishReason: string | null;
}

/** What the chat model puts in `providerMetadata.unigate`: `choices` when `n > 1`, `cost` when the call is priced. */
export interface UnigateChatProviderMetadata {
  choices?: UnigateChatChoice[];
  /** What the call cost (every choice's tokens), when `pricing` gives this model a price. */
  cost?: UnigateCost;
  /** Each resume of a stream that failed after content (docs/resume.md); absent when none happened. */
  resumed?: UnigateResume[];
  /**
   * A stream's finish only, without `cost`: why the catalog could not price it (it had not loaded when
   * the stream finished, or its load failed). A warning can no longer reach the caller by then.
   */
  costUnavailable?: string;
}

const CHOICE_FIELDS: FieldChecks<UnigateChatChoice> = {
  index: isFiniteNumber,
  text: isString,
  finishReason: nullable(isString),
};

const CHAT_FIELDS: FieldChecks<UnigateChatProviderMetadata> = {
  choices: optional(listOf(shape(CHOICE_FIELDS))),
  cost: optional(isUnigateCost),
  resumed: optional(isUnigateResumeList),
  costUnavailable: optional(isString),
};

const readChat = (source: unknown) => readUnigateMetadata(source, CHAT_FIELDS);

/**
 * The chat-completions model's `providerMetadata.unigate`, typed: every choice's text when `n > 1`
 * (`choices`), and `cost` when priced (or, on a stream, `costUnavailable`). `undefined` when the result has
 * none (another provider's model, or a call with neither choices nor pricing) or it is not of that shape.
 * Takes a `generateText` result (its last step's metadata), a step, a `streamText` finish event, or a
 * `streamText` result: then a promise, settled when the stream has finished.
 *
 * @example
 * ```ts
 * const result = await generateText({
 *   model: gw('gpt-4o-mini'),
 *   prompt: 'Name a colour.',
 *   providerOptions: { unigate: { n: 3 } },
 * });
 * unigateChatMetadata(result)?.choices?.map(choice => choice.text); // three answers
 * ```
 */
export function unigateChatMetadata(
  result: UnigateStreamMetadataSource,
): Promise<UnigateChatProviderMetadata | undefined>;
export function unigateChatMetadata(result: UnigateMetadataSource | undefined): UnigateChatProviderMetadata | undefined;
export function unigateChatMetadata(
  result: UnigateStreamMetadataSource | UnigateMetadataSource | undefined,
): Promise<UnigateChatProviderMetadata | undefined> | UnigateChatProviderMetadata | undefined {
  return readWhenSettled(result, readChat);
}
