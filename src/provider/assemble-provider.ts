import type {
  EmbeddingModelV3,
  ImageModelV3,
  LanguageModelV3,
  SpeechModelV3,
  TranscriptionModelV3,
} from '@ai-sdk/provider';
import type { UnigateCatalogEntry } from '../catalog/catalog-entry';
import { catalogLoader, createCatalog, listModels, type UnigateRequestOptions } from '../catalog/unigate-catalog';
import { UnigateChatLanguageModel } from '../chat/unigate-chat-language-model';
import { UnigateEmbeddingModel } from '../embedding/unigate-embedding-model';
import { UnigateImageModel } from '../image/unigate-image-model';
import { UnigateMessagesLanguageModel } from '../messages/unigate-messages-language-model';
import { UnigateTranscriptionModel } from '../transcription/unigate-transcription-model';
import { UnigateSpeechModel } from '../speech/unigate-speech-model';
import { createCatalogCache, DEFAULT_CATALOG_CACHE_TTL_MS, DEFAULT_CATALOG_TIMEOUT_MS } from '../catalog/catalog-cache';
import { createBudgetGuard, type BudgetGuard } from '../budget/budget-guard';
import {
  type BudgetedLanguageModel,
  budgetLanguageModel,
  budgetModel,
  budgetVideoModel,
} from '../budget/budget-models';
import type { UnigateModelContext } from '../model-call/model-context';
import { createFallback, type FallbackProviderParts } from '../fallback/create-fallback';
import { FallbackCooldowns } from '../fallback/fallback-cooldowns';
import type { UnigateFallbackOptions } from '../fallback/unigate-fallback-model';
import { createPricing } from '../pricing/create-pricing';
import type { UnigateCostEstimateRequest } from '../pricing/estimate-cost';
import type { SpecVersion } from '../settings/model-kind';
import { createGatewayConnection } from '../settings/gateway-connection';
import { DEFAULT_STREAM_IDLE_MS } from '../prompt/call-options';
import type { UnigateFormat, UnigateProviderSettings } from '../settings/unigate-provider-settings';
import { checkingModelId } from '../checks/validate-argument';
import type { UnigateVideoModelSettings } from '../video/unigate-video-options';
import { createVideoJobs } from '../video/unigate-video-jobs';
import { UnigateVideoModel, type UnigateVideoModelV3 } from '../video/unigate-video-model';
import type {
  UnigateChatModelId,
  UnigateEmbeddingModelId,
  UnigateImageModelId,
  UnigateMessagesModelId,
  UnigateSpeechModelId,
  UnigateTranscriptionModelId,
  UnigateVideoModelId,
} from '../settings/unigate-model-ids';
import { checkSettings } from './check-settings';
import type { UnigateProviderOf } from './unigate-provider-shape';
import { loadOnce } from '../checks/values';

// `gw.estimateCost`'s arithmetic loads with the first estimate.
const estimates = loadOnce(() => import('../pricing/estimate-cost'));

/** Options tests use; not part of the public settings. */
export interface UnigateContextInternals {
  /** The catalog cache's, the budget's and the prompt-caching refusal's clock. Default `Date.now`. */
  now?: () => number;
  /** The specification the entry speaks. Default `v3`. */
  spec?: SpecVersion;
}

/**
 * The one assembly point, in layer order: the settings checked (`checkSettings`, everything
 * `createUnigate` refuses), the connection (transport only), each kind's config over it, the catalog
 * cache, the catalog and pricing sharing that cache, and the context every model receives.
 */
export function createModelContext(
  settings: UnigateProviderSettings = {},
  internals: UnigateContextInternals = {},
): UnigateModelContext {
  checkSettings(settings);
  const connection = createGatewayConnection(settings);
  const mergeStreamDeltas = settings.mergeStreamDeltas ?? true;
  const resume = {
    resume: settings.resume ?? 'auto',
    maxResumes: settings.maxResumes ?? 1,
    streamIdleMs: settings.streamIdleMs ?? DEFAULT_STREAM_IDLE_MS,
  };
  const timeoutMs = settings.catalogTimeoutMs ?? DEFAULT_CATALOG_TIMEOUT_MS;
  const cache = createCatalogCache({
    load: catalogLoader(connection),
    ttlMs: settings.catalogCacheTtlMs ?? DEFAULT_CATALOG_CACHE_TTL_MS,
    timeoutMs,
    now: internals.now,
  });
  // A budget needs prices: without a pricing setting of its own it uses the catalog.
  const pricing = settings.budget !== undefined && !settings.pricing ? 'catalog' : settings.pricing;
  return {
    connection,
    chat: { ...connection, chatBase: settings.chatEndpoint === 'alt' ? 'alt' : 'base', mergeStreamDeltas, resume },
    messages: {
      ...connection,
      mergeStreamDeltas,
      resume,
      promptCaching: { mode: settings.caching ?? 'auto', refusedUntil: new Map(), now: internals.now ?? Date.now },
    },
    video: { ...connection, videoPollIntervalMs: settings.videoPollIntervalMs },
    pricing: createPricing({ pricing, cache, timeoutMs, priceWaitMs: settings.priceWaitMs }),
    catalog: createCatalog(connection, cache),
    loadedCatalog: () => cache.current(),
    spec: internals.spec ?? 'v3',
  };
}

/**
 * The Anthropic family: ids starting `claude-`, or any id the loaded catalog lists under the Anthropic
 * provider (its provider names are capitalised, its provider filter lower case: compared lower case).
 */
function isAnthropicFamily(modelId: string, entry: UnigateCatalogEntry | undefined): boolean {
  return modelId.toLowerCase().startsWith('claude-') || entry?.provider?.trim().toLowerCase() === 'anthropic';
}

/**
 * The wire format of `gw(id)` and `gw.languageModel(id)`: under `'auto'`, the messages format for the
 * Anthropic family, which keeps thinking signatures, `top_k` and its tool choice that a translation to
 * chat completions loses; chat completions for every other id, and for every id under `'chat'`.
 * Decided when the model is created, from the id and the catalog entry when the catalog is already loaded:
 * creating a model never loads anything.
 */
export function chooseLanguageFormat(
  modelId: string,
  format: UnigateFormat = 'auto',
  entry: UnigateCatalogEntry | undefined = undefined,
): 'chat' | 'messages' {
  return format === 'auto' && isAnthropicFamily(modelId, entry) ? 'messages' : 'chat';
}

/**
 * How an entry shows the pipeline's models: the root as they are (V3), `/v4` behind a V4 front per kind.
 * `embedding` is told which accessor made the model (`textEmbeddingModel` is deprecated).
 */
export interface UnigateFronts<Language, Embedding, Image, Speech, Transcription, Video> {
  language(model: LanguageModelV3): Language;
  embedding(model: EmbeddingModelV3, accessor: 'embedding' | 'textEmbeddingModel'): Embedding;
  image(model: ImageModelV3): Image;
  speech(model: SpeechModelV3): Speech;
  transcription(model: TranscriptionModelV3): Transcription;
  video(model: UnigateVideoModelV3): Video;
  /** Another provider's model as a member of the entry's chains (`gw.fallback`), adapted to its spec. */
  chainMember: FallbackProviderParts['member'];
}

/** The fronts a provider interface needs, read off its model types. */
export type UnigateFrontsOf<Provider> =
  Provider extends UnigateProviderOf<infer L, infer E, infer I, infer S, infer T, infer V>
    ? UnigateFronts<L, E, I, S, T, V>
    : never;

/**
 * The provider an entry returns: the one accessor table (every name of `UnigateProviderOf`), each model
 * made with its id checked, through the budget (or `onCharge`'s guard) when there is one, and passed
 * through the entry's front. Called without `new`, it makes a language model.
 */
export function assembleProvider<Spec extends SpecVersion, Language, Embedding, Image, Speech, Transcription, Video>(
  spec: Spec,
  fronts: UnigateFronts<Language, Embedding, Image, Speech, Transcription, Video>,
  settings: UnigateProviderSettings,
  internals: UnigateContextInternals,
): UnigateProviderOf<Language, Embedding, Image, Speech, Transcription, Video> & {
  readonly specificationVersion: Spec;
} {
  const context = createModelContext(settings, { ...internals, spec });
  const config = context.connection;
  const { onCharge, onChargeError } = settings;
  const ledger = onCharge && { onCharge, onChargeError, secret: () => config.optionalApiKey() };
  const guard = createBudgetGuard(settings.budget, context.pricing, internals.now ?? Date.now, ledger);
  const spend = <M>(model: M, budgeted: (model: M, guard: BudgetGuard) => M): M =>
    guard ? budgeted(model, guard) : model;

  // The pipeline's language models (the fallback chain takes them as they are); ids are checked by the accessors.
  const chatModel = (modelId: UnigateChatModelId): LanguageModelV3 =>
    spend<BudgetedLanguageModel>(new UnigateChatLanguageModel(modelId, context), (model, g) =>
      budgetLanguageModel(model, 'chat', g),
    );
  const messagesModel = (modelId: UnigateMessagesModelId): LanguageModelV3 =>
    spend<BudgetedLanguageModel>(new UnigateMessagesLanguageModel(modelId, context), (model, g) =>
      budgetLanguageModel(model, 'messages', g),
    );
  const formatModel = (modelId: UnigateChatModelId): LanguageModelV3 =>
    chooseLanguageFormat(modelId, settings.format, context.loadedCatalog()?.get(modelId)) === 'messages'
      ? messagesModel(modelId)
      : chatModel(modelId);
  const embeddingOf = (modelId: UnigateEmbeddingModelId, accessor: 'embedding' | 'textEmbeddingModel') =>
    fronts.embedding(
      spend(new UnigateEmbeddingModel(modelId, context), (model, g) => budgetModel(model, 'doEmbed', 'embedding', g)),
      accessor,
    );

  const languageModel = checkingModelId((modelId: UnigateChatModelId) => fronts.language(formatModel(modelId)));
  const embedding = checkingModelId((modelId: UnigateEmbeddingModelId) => embeddingOf(modelId, 'embedding'));
  const image = checkingModelId((modelId: UnigateImageModelId) =>
    fronts.image(
      spend(new UnigateImageModel(modelId, context), (model, g) => budgetModel(model, 'doGenerate', 'image', g)),
    ),
  );
  const speech = checkingModelId((modelId: UnigateSpeechModelId) =>
    fronts.speech(
      spend(new UnigateSpeechModel(modelId, context), (model, g) => budgetModel(model, 'doGenerate', 'speech', g)),
    ),
  );
  const transcription = checkingModelId((modelId: UnigateTranscriptionModelId) =>
    fronts.transcription(
      spend(new UnigateTranscriptionModel(modelId, context), (model, g) =>
        budgetModel(model, 'doGenerate', 'transcription', g),
      ),
    ),
  );
  const video = checkingModelId((modelId: UnigateVideoModelId, videoSettings?: UnigateVideoModelSettings) =>
    fronts.video(spend<UnigateVideoModelV3>(new UnigateVideoModel(modelId, context, videoSettings), budgetVideoModel)),
  );
  const cooldowns = new FallbackCooldowns(internals.now ?? (() => Date.now()));

  const provider = function (modelId: UnigateChatModelId): Language {
    if (new.target) {
      throw new Error('The Unigate provider is a function: call it with a model id, provider(modelId), without `new`.');
    }
    return languageModel(modelId);
  };
  return Object.assign(provider, {
    specificationVersion: spec,
    chat: checkingModelId((modelId: UnigateChatModelId) => fronts.language(chatModel(modelId))),
    languageModel,
    messages: checkingModelId((modelId: UnigateMessagesModelId) => fronts.language(messagesModel(modelId))),
    embedding,
    embeddingModel: embedding,
    textEmbeddingModel: checkingModelId((modelId: UnigateEmbeddingModelId) =>
      embeddingOf(modelId, 'textEmbeddingModel'),
    ),
    image,
    imageModel: image,
    speech,
    speechModel: speech,
    transcription,
    transcriptionModel: transcription,
    video,
    videoModel: video,
    videoJobs: createVideoJobs(context.video),
    // Members are resolved to the pipeline here (ids with `formatModel`, after the chain checks them).
    fallback: (members: unknown, options?: UnigateFallbackOptions) =>
      fronts.language(
        createFallback(members, options, {
          provider: config.provider,
          languageModel: formatModel,
          cachedCatalog: context.loadedCatalog,
          spec,
          member: fronts.chainMember,
          secret: () => config.optionalApiKey(),
          catalogEntry: context.catalog.get,
          cooldowns,
        }),
      ),
    listModels: (options?: UnigateRequestOptions) => listModels(config, options),
    catalog: context.catalog,
    estimateCost: async (request: UnigateCostEstimateRequest) =>
      (await estimates()).estimateCost(context.pricing, request),
  });
}
