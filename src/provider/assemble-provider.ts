import type {
  EmbeddingModelV3,
  ImageModelV3,
  LanguageModelV3,
  SpeechModelV3,
  TranscriptionModelV3,
} from '@ai-sdk/provider';
import { catalogLoader, createCatalog, listModels, type UnigateRequestOptions } from '../catalog/unigate-catalog';
import { UnigateChatLanguageModel } from '../chat/unigate-chat-language-model';
import { UnigateEmbeddingModel } from '../embedding/unigate-embedding-model';
import { UnigateImageModel } from '../image/unigate-image-model';
import { UnigateMessagesLanguageModel } from '../messages/unigate-messages-language-model';
import { UnigateTranscriptionModel } from '../transcription/unigate-transcription-model';
import { UnigateSpeechModel } from '../speech/unigate-speech-model';
import {
  checkCatalogTimeout,
  createCatalogCache,
  DEFAULT_CATALOG_CACHE_TTL_MS,
  DEFAULT_CATALOG_TIMEOUT_MS,
} from '../catalog/catalog-cache';
import { checkBudget, createBudgetGuard, type BudgetGuard } from '../budget/budget-guard';
import { budgetLanguageModel, budgetModel, budgetVideoModel } from '../budget/budget-models';
import type { UnigateModelContext } from '../model-call/model-context';
import { createFallback } from '../fallback/create-fallback';
import type { UnigateFallbackOptions } from '../fallback/unigate-fallback-model';
import { checkPricing } from '../pricing/check-pricing';
import { checkPriceWait, createPricing } from '../pricing/create-pricing';
import { estimateCost, type UnigateCostEstimateRequest } from '../pricing/estimate-cost';
import type { SpecVersion } from '../spec/spec-version';
import { createGatewayConnection } from '../settings/gateway-connection';
import type { UnigateProviderSettings } from '../settings/unigate-provider-settings';
import { checkingModelId } from '../internal/check-model-id';
import { checkRange } from '../internal/validate-argument';
import type { ExtendableLanguageModel } from '../internal/stream-extras';
import { checkFormat, chooseLanguageFormat } from './language-model-format';
import { VIDEO_LIMITS, type UnigateVideoModelSettings } from '../video/unigate-video-options';
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

/** Options tests use; not part of the public settings. */
export interface UnigateContextInternals {
  /** The catalog cache's and the budget's clock. Default `Date.now`. */
  now?: () => number;
  /** The specification the entry speaks. Default `v3`. */
  spec?: SpecVersion;
}

/**
 * The one assembly point, in layer order: the connection, the catalog cache over it, the catalog and
 * pricing sharing that cache, and the context every model receives. Both entries build their models on it.
 */
export function createModelContext(
  settings: UnigateProviderSettings = {},
  internals: UnigateContextInternals = {},
): UnigateModelContext {
  checkCatalogTimeout(settings.catalogTimeoutMs);
  checkPriceWait(settings.priceWaitMs);
  checkPricing(settings.pricing);
  const connection = createGatewayConnection(settings);
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
    pricing: createPricing({ pricing, cache, timeoutMs, priceWaitMs: settings.priceWaitMs }),
    catalog: createCatalog(connection, cache),
    loadedCatalog: () => cache.current(),
    spec: internals.spec ?? 'v3',
  };
}

/** Every model a provider makes, each through the budget when there is one. */
function modelFactories(context: UnigateModelContext, guard: BudgetGuard | undefined) {
  const spend = <M>(model: M, budgeted: (model: M, guard: BudgetGuard) => M): M =>
    guard ? budgeted(model, guard) : model;
  return {
    chat: (modelId: UnigateChatModelId): LanguageModelV3 =>
      spend<ExtendableLanguageModel>(new UnigateChatLanguageModel(modelId, context), (model, g) =>
        budgetLanguageModel(model, 'chat', g),
      ),
    messages: (modelId: UnigateMessagesModelId): LanguageModelV3 =>
      spend<ExtendableLanguageModel>(new UnigateMessagesLanguageModel(modelId, context), (model, g) =>
        budgetLanguageModel(model, 'messages', g),
      ),
    embedding: (modelId: UnigateEmbeddingModelId): EmbeddingModelV3 =>
      spend(new UnigateEmbeddingModel(modelId, context), (model, g) => budgetModel(model, 'doEmbed', 'embedding', g)),
    image: (modelId: UnigateImageModelId): ImageModelV3 =>
      spend(new UnigateImageModel(modelId, context), (model, g) => budgetModel(model, 'doGenerate', 'image', g)),
    speech: (modelId: UnigateSpeechModelId): SpeechModelV3 =>
      spend(new UnigateSpeechModel(modelId, context), (model, g) => budgetModel(model, 'doGenerate', 'speech', g)),
    transcription: (modelId: UnigateTranscriptionModelId): TranscriptionModelV3 =>
      spend(new UnigateTranscriptionModel(modelId, context), (model, g) =>
        budgetModel(model, 'doGenerate', 'transcription', g),
      ),
    video: (modelId: UnigateVideoModelId, settings?: UnigateVideoModelSettings): UnigateVideoModelV3 =>
      spend<UnigateVideoModelV3>(new UnigateVideoModel(modelId, context, settings), budgetVideoModel),
  };
}

/**
 * What a provider hands out, in the pipeline's shapes, checked and assembled once: the root entry shows
 * the models as V3 models, `/v4` puts a V4 front on each. `fallback` takes members already resolved to
 * the pipeline (the entry resolves ids and fronts).
 */
export function assembleModels(settings: UnigateProviderSettings = {}, internals: UnigateContextInternals = {}) {
  checkRange('videoPollIntervalMs', settings.videoPollIntervalMs, VIDEO_LIMITS.pollIntervalMs);
  const { format } = settings;
  checkFormat(format);
  if (settings.budget !== undefined) checkBudget(settings.budget);
  const context = createModelContext(settings, internals);
  const config = context.connection;
  const guard = settings.budget && createBudgetGuard(settings.budget, context.pricing, internals.now ?? Date.now);
  const models = modelFactories(context, guard);
  const chat = checkingModelId(models.chat);
  const messages = checkingModelId(models.messages);
  const languageModel = (modelId: UnigateChatModelId): LanguageModelV3 =>
    chooseLanguageFormat(modelId, format, context.loadedCatalog()?.get(modelId)) === 'messages'
      ? messages(modelId)
      : chat(modelId);
  return {
    chat,
    messages,
    languageModel,
    embedding: checkingModelId(models.embedding),
    image: checkingModelId(models.image),
    speech: checkingModelId(models.speech),
    transcription: checkingModelId(models.transcription),
    video: checkingModelId(models.video),
    videoJobs: createVideoJobs(config),
    fallback: (models: unknown, options: UnigateFallbackOptions | undefined): LanguageModelV3 =>
      createFallback(models, options, {
        provider: config.provider,
        languageModel,
        cachedCatalog: context.loadedCatalog,
        spec: context.spec,
        secret: () => config.optionalApiKey(),
      }),
    listModels: (options?: UnigateRequestOptions) => listModels(config, options),
    catalog: context.catalog,
    estimateCost: (request: UnigateCostEstimateRequest) => estimateCost(context.pricing, request),
  };
}
