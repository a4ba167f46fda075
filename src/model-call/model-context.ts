import type { CatalogById } from '../catalog/catalog-cache';
import type { UnigateCatalog } from '../catalog/unigate-catalog';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { GatewayConnection } from '../settings/gateway-connection';
import type { ResumeSettings, UnigateCaching } from '../settings/unigate-provider-settings';
import type { SpecVersion } from '../settings/model-kind';

/** The provider's prompt-caching state, one object shared by all its messages models. */
export interface PromptCachingState {
  /** The `caching` setting. */
  readonly mode: UnigateCaching;
  /**
   * By model id: until when (ms, by `now`) that model sends no breakpoints at all, automatic or explicit,
   * because the gateway refused them (`CACHE_REFUSAL_BACKOFF_MS` after the refusal, messages-model-calls.ts).
   * Other models keep theirs.
   */
  readonly refusedUntil: Map<string, number>;
  /** The clock of `refusedUntil`. */
  readonly now: () => number;
}

// A config per kind that needs one: the connection plus that kind's settings. A model of such a kind
// sends through its config alone (URL, key, redaction secret, fetch), so it holds one transport handle.

/** What a chat model sends through. */
export interface ChatModelConfig extends GatewayConnection {
  /** Resuming a stream that fails after content. */
  readonly resume: ResumeSettings;
  /** Where chat completions are sent: `base`, or `alt` when the `chatEndpoint` setting says so. */
  readonly chatBase: 'base' | 'alt';
  /** Stream deltas that arrive in one network read are merged (the `mergeStreamDeltas` setting, default on). */
  readonly mergeStreamDeltas: boolean;
}

/** What a messages model sends through. */
export interface MessagesModelConfig extends GatewayConnection {
  /** Resuming a stream that fails after content. */
  readonly resume: ResumeSettings;
  /** The `mergeStreamDeltas` setting, as for chat. */
  readonly mergeStreamDeltas: boolean;
  /** Prompt caching (the `caching` setting) and whether the gateway refused it: one per provider. */
  readonly promptCaching: PromptCachingState;
}

/** What the video model and `gw.videoJobs` send through. */
export interface VideoModelConfig extends GatewayConnection {
  /** The `videoPollIntervalMs` setting: the poll interval of calls that name none. */
  readonly videoPollIntervalMs?: number;
}

/** What every model receives from `createUnigate`, the one place these are assembled. */
export interface UnigateModelContext {
  /**
   * Where requests go and with which key, headers and fetch: transport only. The handle of the kinds without
   * a config (embeddings, speech, transcription, images) and of the catalog; chat, messages and video send
   * through their own config, which is this connection with their fields.
   */
  readonly connection: GatewayConnection;
  /** The chat kind's config. */
  readonly chat: ChatModelConfig;
  /** The messages kind's config, holding the provider's prompt-caching state. */
  readonly messages: MessagesModelConfig;
  /** The video kind's config. */
  readonly video: VideoModelConfig;
  /** Each call's price lookup and catalog checks. */
  readonly pricing: UnigatePricingService;
  /** The provider's catalog (`gw.catalog`), sharing its cache with pricing. */
  readonly catalog: UnigateCatalog;
  /**
   * The catalog as already loaded (by pricing or `gw.catalog.get`), `undefined` before the first load.
   * Never loads: for decisions made synchronously, such as a model's wire format when it is created.
   */
  readonly loadedCatalog: () => CatalogById | undefined;
  /** The specification the entry speaks, for the few values only V4 has; `v3` when absent. */
  readonly spec?: SpecVersion;
}
