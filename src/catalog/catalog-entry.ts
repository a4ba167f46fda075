import type { SharedV3Warning } from '@ai-sdk/provider';
import { accessorForGatewayType } from '../settings/model-kind';

// The catalog's public shapes, the model kinds and the capability checks against an entry: the cache,
// pricing and the catalog's requests read them without importing the catalog client (and so the transport).

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

/** One model as `GET {base_url}/models` lists it. */
export interface UnigateModel {
  /** The id to pass as the model, e.g. `gw(id)`. */
  id: string;
  /** Always `model`. */
  object: string;
  /** Unix timestamp in seconds. */
  created?: number;
  /** The upstream provider, lower case. */
  ownedBy?: string;
}

/** A provider tab of the catalog with its model count. */
export interface UnigateCatalogProvider {
  name: string;
  count: number;
}

/** Which part of the catalog to read. */
export interface UnigateCatalogQuery {
  /** Page number, from 1. Default 1. */
  page?: number;
  /** Models per page, 1 to 50. Default 50. */
  limit?: number;
  /** Only this provider's models (matched lower case). */
  provider?: string;
  /** Matches the model id or name. Ignored when empty. */
  search?: string;
}

/** One page of the catalog. */
export interface UnigateCatalogPage {
  entries: UnigateCatalogEntry[];
  /** Models matching the query, over all pages. */
  total: number;
  page: number;
  limit: number;
  /** `ceil(total / limit)`. */
  pages: number;
  /** Provider tabs with counts. */
  providers: UnigateCatalogProvider[];
}

/** Per-call options of the listing and catalog calls. */
export interface UnigateRequestOptions {
  abortSignal?: AbortSignal;
  /** Retries for retryable failures (408/409/429/5xx, never the daily limit). Default 2. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string | undefined>;
}

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
