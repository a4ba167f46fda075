import type { SharedV3Warning } from '@ai-sdk/provider';
import { accessorForGatewayType } from '../settings/model-kind';

// The catalog's entry types, the model kinds and the capability checks against an entry: the cache and
// pricing read them without importing the catalog client (and so the transport).

/** The kinds of model the catalog lists. */
export type UnigateModelType = 'chat' | 'audio' | 'embedding' | 'image' | 'video' | (string & {});

/** One priced entry of the public catalog, normalised: numeric strings are numbers. */
export interface UnigateCatalogEntry {
  id: string;
  /** The upstream provider's name. */
  provider: string;
  type: UnigateModelType;
  /** Context size in tokens; `undefined` when the catalog does not publish it. */
  contextWindow?: number;
  /** Price per 1M input tokens; 0 means free. */
  inputPrice?: number;
  /** Price per 1M output tokens; 0 means free. */
  outputPrice?: number;
  /** Marks recently added models. */
  isNew: boolean;
}

/** The model kinds, one per accessor family: what a call is priced and checked as. */
export type PricedKind = 'chat' | 'messages' | 'embedding' | 'speech' | 'transcription' | 'image' | 'video';

/** The catalog `type` each accessor family expects. */
const EXPECTED_TYPE: Record<PricedKind, string> = {
  chat: 'chat',
  messages: 'chat',
  embedding: 'embedding',
  speech: 'audio',
  transcription: 'audio',
  image: 'image',
  video: 'video',
};

/** How each accessor family is named in a warning: the provider's methods, whatever its variable is called. */
const USED_AS: Record<PricedKind, string> = {
  chat: 'a chat language model (chat(id))',
  messages: 'a messages language model (messages(id))',
  embedding: 'an embedding model (embedding(id))',
  speech: 'a speech model (speech(id))',
  transcription: 'a transcription model (transcription(id))',
  image: 'an image model (image(id))',
  video: 'a video model (video(id))',
};

/**
 * Checks a call against its catalog entry. Warnings only, never errors: the catalog may be stale, and
 * the gateway decides.
 */
export function capabilityWarnings(
  entry: UnigateCatalogEntry | undefined,
  kind: PricedKind,
  promptCharacters: (() => number) | undefined,
): SharedV3Warning[] {
  const warnings: SharedV3Warning[] = [];
  if (entry === undefined) return warnings;
  if (entry.type !== EXPECTED_TYPE[kind]) {
    const accessor = accessorForGatewayType(entry.type, entry.id);
    warnings.push({
      type: 'other',
      message:
        `Model ${JSON.stringify(entry.id)} is listed in the catalog as type '${entry.type}', but it is used as ${USED_AS[kind]}` +
        (accessor !== undefined ? `; use ${accessor} on the provider.` : '.'),
    });
  }
  if (entry.contextWindow !== undefined && promptCharacters !== undefined) {
    const characters = promptCharacters();
    const estimatedTokens = Math.ceil(characters / 4);
    if (estimatedTokens > entry.contextWindow) {
      warnings.push({
        type: 'other',
        message:
          `The prompt is about ${estimatedTokens} tokens (estimated as ${characters} characters / 4, rounded up), ` +
          `more than the ${entry.contextWindow}-token context window the catalog lists for ${JSON.stringify(entry.id)}.`,
      });
    }
  }
  return warnings;
}
