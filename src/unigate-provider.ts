import type {
  EmbeddingModelV3,
  ImageModelV3,
  LanguageModelV3,
  ProviderV3,
  SpeechModelV3,
  TranscriptionModelV3,
} from '@ai-sdk/provider';
import {
  catalogLoader,
  createCatalog,
  listModels,
  type UnigateCatalog,
  type UnigateModel,
  type UnigateRequestOptions,
} from './catalog/unigate-catalog';
import { UnigateChatLanguageModel } from './chat/unigate-chat-language-model';
import { UnigateEmbeddingModel } from './embedding/unigate-embedding-model';
import { UnigateImageModel } from './image/unigate-image-model';
import { UnigateMessagesLanguageModel } from './messages/unigate-messages-language-model';
import { UnigateTranscriptionModel } from './transcription/unigate-transcription-model';
import { UnigateSpeechModel } from './speech/unigate-speech-model';
import {
  checkCatalogTimeout,
  createCatalogCache,
  DEFAULT_CATALOG_CACHE_TTL_MS,
  DEFAULT_CATALOG_TIMEOUT_MS,
} from './catalog/catalog-cache';
import { checkBudget, createBudgetGuard, type BudgetGuard } from './budget/budget-guard';
import { budgetLanguageModel, budgetModel, budgetVideoModel } from './budget/budget-models';
import type { UnigateModelContext } from './model-call/model-context';
import { createFallback } from './fallback/create-fallback';
import type { UnigateFallbackOptions } from './fallback/unigate-fallback-model';
import { checkPricing } from './pricing/check-pricing';
import { checkPriceWait, createPricing } from './pricing/create-pricing';
import { estimateCost, type UnigateCostEstimateRequest } from './pricing/estimate-cost';
import type { UnigateCost } from './pricing/unigate-pricing-types';
import { createGatewayConnection } from './unigate-config';
import type { UnigateProviderSettings } from './unigate-provider-settings';
import { checkingModelId } from './internal/check-model-id';
import { checkRange } from './internal/validate-argument';
import type { ExtendableLanguageModel } from './internal/stream-extras';
import { checkFormat, chooseLanguageFormat } from './language-model-format';
import { VIDEO_LIMITS, type UnigateVideoModelSettings } from './video/unigate-video-options';
import { createVideoJobs, type UnigateVideoJobs } from './video/unigate-video-jobs';
import { UnigateVideoModel, type UnigateVideoModelV3 } from './video/unigate-video-model';
import type {
  UnigateChatModelId,
  UnigateEmbeddingModelId,
  UnigateImageModelId,
  UnigateMessagesModelId,
  UnigateSpeechModelId,
  UnigateTranscriptionModelId,
  UnigateVideoModelId,
} from './unigate-model-ids';

/** The Unigate provider: call it with a model id for a chat model, or use one of its accessors. */
export interface UnigateProvider extends ProviderV3 {
  /**
   * A language model in the wire format the `format` setting chooses for the id: under `'auto'` (the
   * default) the messages format for Anthropic-family ids (`claude-*`), chat completions for the others.
   * `model.provider` says which: `unigate.messages` or `unigate.chat`.
   */
  (modelId: UnigateChatModelId): LanguageModelV3;
  /** A chat-completions language model (`POST {base_url}/chat/completions`), whatever the id and `format`. */
  chat(modelId: UnigateChatModelId): LanguageModelV3;
  /** The same as calling the provider: the format the `format` setting chooses for the id. */
  languageModel(modelId: UnigateChatModelId): LanguageModelV3;
  /**
   * A messages-format language model (`POST {site_url}/api/v1/messages`), whatever the id and `format`. `max_tokens` is always sent:
   * `maxOutputTokens`, else `DEFAULT_MESSAGES_MAX_TOKENS` (4096; plus the thinking budget when thinking is on).
   * Options: `providerOptions.unigate` (`UnigateMessagesProviderOptions`).
   */
  messages(modelId: UnigateMessagesModelId): LanguageModelV3;
  /**
   * An embedding model (`POST {base_url}/embeddings`). Vectors travel as base64 (about 4x smaller) and
   * come back as numbers. Options: `providerOptions.unigate` (`UnigateEmbeddingProviderOptions`).
   */
  embedding(modelId: UnigateEmbeddingModelId): EmbeddingModelV3;
  embeddingModel(modelId: UnigateEmbeddingModelId): EmbeddingModelV3;
  /** @deprecated Use `embedding` or `embeddingModel`. */
  textEmbeddingModel(modelId: UnigateEmbeddingModelId): EmbeddingModelV3;
  /**
   * An image model (`POST {alt_base_url}/images/generations`): square sizes 256x256, 512x512, 1024x1024,
   * at most 10 images per request. Options: `providerOptions.unigate` (`UnigateImageProviderOptions`).
   */
  image(modelId: UnigateImageModelId): ImageModelV3;
  imageModel(modelId: UnigateImageModelId): ImageModelV3;
  /**
   * A text-to-speech model (`POST {base_url}/audio/speech`). Voice, format, speed and text length are
   * checked before the request; `providerMetadata.unigate` (`UnigateSpeechProviderMetadata`) gives the media type.
   */
  speech(modelId: UnigateSpeechModelId): SpeechModelV3;
  speechModel(modelId: UnigateSpeechModelId): SpeechModelV3;
  /**
   * A speech-to-text model (`POST {base_url}/audio/transcriptions`). Format (mp3, mp4, mpeg, mpga, m4a, wav,
   * webm), size (25 MB) and options are checked before the request; asks for `verbose_json` unless
   * `providerOptions.unigate.responseFormat` (`UnigateTranscriptionProviderOptions`) says otherwise.
   */
  transcription(modelId: UnigateTranscriptionModelId): TranscriptionModelV3;
  transcriptionModel(modelId: UnigateTranscriptionModelId): TranscriptionModelV3;
  /**
   * A video model over the asynchronous video endpoints (`POST {alt_base_url}/videos/generations`, then
   * `GET {alt_base_url}/videos/status/{job_id}`): `doGenerate` creates the job and polls it; `doStart` /
   * `doStatus` serve ai@7's start/status flow. Options: `providerOptions.unigate` (`UnigateVideoProviderOptions`).
   */
  video(modelId: UnigateVideoModelId, settings?: UnigateVideoModelSettings): UnigateVideoModelV3;
  videoModel(modelId: UnigateVideoModelId, settings?: UnigateVideoModelSettings): UnigateVideoModelV3;
  /** Video jobs step by step (create, get, wait, generate): a job id alone resumes a wait in another process. */
  readonly videoJobs: UnigateVideoJobs;
  /**
   * A language model that tries `models` in order: ids (resolved like `provider(id)`) or any
   * `LanguageModelV3`, another provider's included. It moves on when a call fails with an error whose
   * `kind` is in `options.on` (default `permission`, `not-found`, `rate-limit`, `server`), and, when
   * streaming, only before the first content part. `providerMetadata.unigate.fallback`
   * (`UnigateFallbackMetadata`) says which model answered and why the others were skipped.
   */
  fallback(
    models: ReadonlyArray<UnigateChatModelId | LanguageModelV3>,
    options?: UnigateFallbackOptions,
  ): LanguageModelV3;
  /** Lists the models this key can use (`GET {base_url}/models`). */
  listModels(options?: UnigateRequestOptions): Promise<UnigateModel[]>;
  /** The public, priced model catalog (`GET {site_url}/api/public/models`). */
  readonly catalog: UnigateCatalog;
  /**
   * What a call would cost, in credits, before making it: `{ model, inputTokens, outputTokens }` (chat,
   * messages, embeddings), `{ model, characters }` (speech), `{ model, minutes }` (transcription),
   * `{ model, images }` / `{ model, videos }` (prices from a `pricing` table only). Prices come from the
   * table, the built-in prices, then the catalog, loaded if needed whatever the `pricing` setting (a
   * catalog that cannot be loaded rejects). `undefined` when nothing prices the model on that basis.
   */
  estimateCost(request: UnigateCostEstimateRequest): Promise<UnigateCost | undefined>;
}

export type { UnigateProviderSettings } from './unigate-provider-settings';

/** Options tests use; not part of the public settings. */
export interface UnigateContextInternals {
  /** The catalog cache's and the budget's clock. Default `Date.now`. */
  now?: () => number;
}

/**
 * The one assembly point, in layer order: the connection, the catalog cache over it, the catalog and
 * pricing sharing that cache, and the context every model receives. `createUnigate` builds its models on it.
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
  };
}

/** Creates a Unigate provider. Settings not given are read from the environment at call time. */
export function createUnigate(settings: UnigateProviderSettings = {}): UnigateProvider {
  return assembleUnigate(settings);
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

/** `createUnigate` with the options tests use (an injected clock for the budget's periods). */
export function assembleUnigate(
  settings: UnigateProviderSettings = {},
  internals: UnigateContextInternals = {},
): UnigateProvider {
  checkRange('videoPollIntervalMs', settings.videoPollIntervalMs, VIDEO_LIMITS.pollIntervalMs);
  const { format } = settings;
  checkFormat(format);
  if (settings.budget !== undefined) checkBudget(settings.budget);
  const context = createModelContext(settings, internals);
  const config = context.connection;
  const guard = settings.budget && createBudgetGuard(settings.budget, context.pricing, internals.now ?? Date.now);
  const models = modelFactories(context, guard);
  const chatModel = checkingModelId(models.chat);
  const messagesModel = checkingModelId(models.messages);
  const languageModel = (modelId: UnigateChatModelId): LanguageModelV3 =>
    chooseLanguageFormat(modelId, format, context.loadedCatalog()?.get(modelId)) === 'messages'
      ? messagesModel(modelId)
      : chatModel(modelId);
  const embeddingModel = checkingModelId(models.embedding);
  const imageModel = checkingModelId(models.image);
  const speechModel = checkingModelId(models.speech);
  const transcriptionModel = checkingModelId(models.transcription);
  const videoModel = checkingModelId(models.video);

  const provider = function (modelId: UnigateChatModelId) {
    if (new.target) {
      throw new Error('The Unigate provider is a function: call it with a model id, provider(modelId), without `new`.');
    }
    return languageModel(modelId);
  } as UnigateProvider;

  return Object.assign(provider, {
    specificationVersion: 'v3' as const,
    chat: chatModel,
    languageModel,
    messages: messagesModel,
    embedding: embeddingModel,
    embeddingModel,
    textEmbeddingModel: embeddingModel,
    image: imageModel,
    imageModel,
    speech: speechModel,
    speechModel,
    transcription: transcriptionModel,
    transcriptionModel,
    video: videoModel,
    videoModel,
    videoJobs: createVideoJobs(config),
    fallback: (models: ReadonlyArray<UnigateChatModelId | LanguageModelV3>, options?: UnigateFallbackOptions) =>
      createFallback(models, options, {
        provider: config.provider,
        languageModel: (modelId: string) => provider(modelId),
        cachedCatalog: context.loadedCatalog,
      }),
    listModels: (options?: UnigateRequestOptions) => listModels(config, options),
    catalog: context.catalog,
    estimateCost: (request: UnigateCostEstimateRequest) => estimateCost(context.pricing, request),
  });
}

/** The default provider: every setting from the environment (`UNIGATE_API_KEY`, `UNIGATE_SITE_URL`, ...). */
export const unigate = createUnigate();
