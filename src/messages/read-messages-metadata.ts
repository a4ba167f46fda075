import { type FieldChecks, isString, nullable, optional } from '../checks/field-checks';
import {
  readUnigateMetadata,
  readWhenSettled,
  type UnigateMetadataSource,
  type UnigateStreamMetadataSource,
} from '../checks/read-unigate-metadata';
import { isUnigateCost } from '../pricing/is-unigate-cost';
import type { UnigateMessagesProviderMetadata } from './unigate-messages-options';

const MESSAGES_FIELDS: FieldChecks<UnigateMessagesProviderMetadata> = {
  stopSequence: optional(nullable(isString)),
  signature: optional(isString),
  redactedData: optional(isString),
  cost: optional(isUnigateCost),
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
