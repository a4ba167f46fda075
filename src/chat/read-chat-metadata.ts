import { type FieldChecks, isFiniteNumber, isString, listOf, nullable, optional, shape } from '../checks/field-checks';
import {
  readUnigateMetadata,
  readWhenSettled,
  type UnigateMetadataSource,
  type UnigateStreamMetadataSource,
} from '../checks/read-unigate-metadata';
import { isUnigateCost } from '../pricing/unigate-pricing-types';
import type { UnigateChatChoice, UnigateChatProviderMetadata } from './unigate-chat-options';

const CHOICE_FIELDS: FieldChecks<UnigateChatChoice> = {
  index: isFiniteNumber,
  text: isString,
  finishReason: nullable(isString),
};

const CHAT_FIELDS: FieldChecks<UnigateChatProviderMetadata> = {
  choices: optional(listOf(shape(CHOICE_FIELDS))),
  cost: optional(isUnigateCost),
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
