import {
  type EmbeddingModelV3,
  type ImageModelV3,
  type LanguageModelV3,
  type ProviderV3,
  type SpeechModelV3,
  type TranscriptionModelV3,
} from '@ai-sdk/provider';
import type { FetchFunction } from '@ai-sdk/provider-utils';
import {
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
import { estimateCost, type UnigateCostEstimateRequest } from './pricing/estimate-cost';
import type { UnigateCost, UnigatePricing } from './pricing/unigate-pricing-types';
import { createUnigateConfig } from './unigate-config';
import { checkRange } from './internal/validate-argument';
import { VIDEO_LIMITS } from './video/unigate-video-options';
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

/** Settings of `createUnigate`. Every one falls back to an environment variable, read at call time. */
export interface UnigateProviderSettings {
  /** API key. Default: `UNIGATE_API_KEY`. Sent only to the gateway's own origins. */
  apiKey?: string;
  /** Host root of the gateway, e.g. `https://gateway.example`. Default: `UNIGATE_SITE_URL`. */
  siteURL?: string;
  /** OpenAI-style API base. Default: `UNIGATE_BASE_URL`, else `${siteURL}/v1`. */
  baseURL?: string;
  /** Second base for images and video. Default: `UNIGATE_ALT_BASE_URL`, else `baseURL`. */
  altBaseURL?: string;
  /**
   * Which published chat-completions endpoint to use: `base` (`{base_url}/chat/completions`, the default)
   * or `alt` (`{alt_base_url}/chat/completions`).
   */
  chatEndpoint?: 'base' | 'alt';
  /** Extra headers sent with every request to the gateway. */
  headers?: Record<string, string | undefined>;
  /** Custom fetch: for proxies, tests, or the emulator from `unigate-ai-provider/testing`. */
  fetch?: FetchFunction;
  /**
   * Puts each call's cost in `providerMetadata.unigate.cost` (`{ input, output, total, unit: 'credits' }`).
   * - `false` (default): no prices; nothing is fetched.
   * - `'catalog'`: chat and embedding prices from the public catalog (`GET {site_url}/api/public/models`),
   *   fetched lazily on the first call, shared by concurrent calls, cached for `catalogCacheTtlMs`; plus the
   *   documented fixed prices (tts-1, tts-1-hd, whisper-1, the three embedding models). A catalog that
   *   cannot be loaded never fails a call: the call gets a warning and no catalog price. Pricing never
   *   delays a result either: a call whose response is complete before the catalog has loaded comes without
   *   `cost`, with a warning saying so (a stream: `providerMetadata.unigate.costUnavailable` on its finish
   *   part), while the load goes on in the background, within `catalogTimeoutMs`, for later calls.
   * - a table `{ [modelId]: UnigateModelPrice }`: overrides the fixed and catalog prices per model; models
   *   it does not list fall back to the fixed prices, then to the catalog. The only source of image and video prices.
   */
  pricing?: UnigatePricing;
  /**
   * How long the cached catalog is fresh, in milliseconds. Default 3,600,000 (1 hour). After it, calls go
   * on with the cached prices while one background refresh runs; a failed refresh keeps the old prices
   * and is tried again a minute later.
   */
  catalogCacheTtlMs?: number;
  /**
   * Milliseconds between video status polls when a call names no `pollIntervalMs` of its own (the video
   * model's `providerOptions.unigate`, `gw.videoJobs.wait` and `generate`); also the pause before the
   * first poll of a job just created. At least 0. Default 5000, the gateway's published client loop.
   * The emulator's settings set it low, so its jobs finish in milliseconds.
   */
  videoPollIntervalMs?: number;
  /**
   * The catalog load's time limit, in milliseconds, from 1 to 2147483647. Default 10,000 (10 s). A load
   * still running then is stopped: calls waiting for it get a warning and no catalog price, and the next
   * call loads again. A load also stops when every call waiting for it is aborted. Calls never wait for
   * it past their own response. Checked when the provider is created (`InvalidArgumentError`).
   */
  catalogTimeoutMs?: number;
}

/** The Unigate provider: call it with a model id for a chat model, or use one of its accessors. */
export interface UnigateProvider extends ProviderV3 {
  /** A chat-completions language model. */
  (modelId: UnigateChatModelId): LanguageModelV3;
  /** A chat-completions language model (`POST {base_url}/chat/completions`). */
  chat(modelId: UnigateChatModelId): LanguageModelV3;
  /** A chat-completions language model; the same as `chat`. */
  languageModel(modelId: UnigateChatModelId): LanguageModelV3;
  /**
   * A messages-format language model (`POST {site_url}/api/v1/messages`). `max_tokens` is always sent:
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
  video(modelId: UnigateVideoModelId): UnigateVideoModelV3;
  videoModel(modelId: UnigateVideoModelId): UnigateVideoModelV3;
  /** Video jobs step by step (create, get, wait, generate): a job id alone resumes a wait in another process. */
  readonly videoJobs: UnigateVideoJobs;
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

/** Creates a Unigate provider. Settings not given are read from the environment at call time. */
export function createUnigate(settings: UnigateProviderSettings = {}): UnigateProvider {
  checkRange('videoPollIntervalMs', settings.videoPollIntervalMs, VIDEO_LIMITS.pollIntervalMs);
  const config = createUnigateConfig(settings);
  const languageModel = (modelId: UnigateChatModelId): LanguageModelV3 => new UnigateChatLanguageModel(modelId, config);
  const embeddingModel = (modelId: UnigateEmbeddingModelId): EmbeddingModelV3 => new UnigateEmbeddingModel(modelId, config);
  const imageModel = (modelId: UnigateImageModelId): ImageModelV3 => new UnigateImageModel(modelId, config);
  const speechModel = (modelId: UnigateSpeechModelId): SpeechModelV3 => new UnigateSpeechModel(modelId, config);
  const transcriptionModel = (modelId: UnigateTranscriptionModelId): TranscriptionModelV3 =>
    new UnigateTranscriptionModel(modelId, config);
  const videoModel = (modelId: UnigateVideoModelId): UnigateVideoModelV3 => new UnigateVideoModel(modelId, config);

  const provider = function (modelId: UnigateChatModelId) {
    if (new.target) {
      throw new Error('The Unigate provider is a function: call it with a model id, provider(modelId), without `new`.');
    }
    return languageModel(modelId);
  } as UnigateProvider;

  return Object.assign(provider, {
    specificationVersion: 'v3' as const,
    chat: languageModel,
    languageModel,
    messages: (modelId: UnigateMessagesModelId) => new UnigateMessagesLanguageModel(modelId, config),
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
    listModels: (options?: UnigateRequestOptions) => listModels(config, options),
    catalog: createCatalog(config),
    estimateCost: (request: UnigateCostEstimateRequest) => estimateCost(config.pricing, request),
  });
}

/** The default provider: every setting from the environment (`UNIGATE_API_KEY`, `UNIGATE_SITE_URL`, ...). */
export const unigate = createUnigate();
