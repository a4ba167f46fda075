import type { LanguageModelV3 } from '@ai-sdk/provider';
import type {
  EmbeddingModelV4,
  ImageModelV4,
  LanguageModelV4,
  ProviderV4,
  SpeechModelV4,
  TranscriptionModelV4,
} from '@ai-sdk/provider-v4';
import { assembleModels, type UnigateContextInternals } from '../assemble-models';
import type { UnigateCatalog, UnigateModel, UnigateRequestOptions } from '../catalog/unigate-catalog';
import type { UnigateFallbackOptions } from '../fallback/unigate-fallback-model';
import type { UnigateCostEstimateRequest } from '../pricing/estimate-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';
import type { AnyLanguageModel } from '../spec/any-language-model';
import type {
  UnigateChatModelId,
  UnigateEmbeddingModelId,
  UnigateImageModelId,
  UnigateMessagesModelId,
  UnigateSpeechModelId,
  UnigateTranscriptionModelId,
  UnigateVideoModelId,
} from '../unigate-model-ids';
import type { UnigateProviderSettings } from '../unigate-provider-settings';
import type { UnigateVideoModelSettings } from '../video/unigate-video-options';
import type { UnigateVideoJobs } from '../video/unigate-video-jobs';
import { UnigateEmbeddingModelV4 } from './unigate-embedding-model-v4';
import { UnigateImageModelV4 } from './unigate-image-model-v4';
import { UnigateLanguageModelV4 } from './unigate-language-model-v4';
import { UnigateSpeechModelV4 } from './unigate-speech-model-v4';
import { UnigateTranscriptionModelV4 } from './unigate-transcription-model-v4';
import { type UnigateVideoModelV4, UnigateVideoModelV4Front } from './unigate-video-model-v4';

/**
 * The Unigate provider of spec V4, for ai@7: the root entry's provider, with the same settings, names
 * and behaviour, whose models are V4 models. Call it with a model id for a language model in the format
 * the `format` setting chooses (messages for `claude-*`, chat completions otherwise, under `'auto'`).
 */
export interface UnigateProvider extends ProviderV4 {
  (modelId: UnigateChatModelId): LanguageModelV4;
  /** A chat-completions language model (`POST {base_url}/chat/completions`), whatever the id and `format`. */
  chat(modelId: UnigateChatModelId): LanguageModelV4;
  /** The same as calling the provider: the format the `format` setting chooses for the id. */
  languageModel(modelId: UnigateChatModelId): LanguageModelV4;
  /** A messages-format language model (`POST {site_url}/api/v1/messages`), whatever the id and `format`. */
  messages(modelId: UnigateMessagesModelId): LanguageModelV4;
  /** An embedding model (`POST {base_url}/embeddings`); `embed({ dimensions })` is honoured. */
  embedding(modelId: UnigateEmbeddingModelId): EmbeddingModelV4;
  embeddingModel(modelId: UnigateEmbeddingModelId): EmbeddingModelV4;
  /** @deprecated Use `embedding` or `embeddingModel`: each result carries a `deprecated` warning. */
  textEmbeddingModel(modelId: UnigateEmbeddingModelId): EmbeddingModelV4;
  /** An image model (`POST {alt_base_url}/images/generations`); prompts only (`supportsFileInputs: false`). */
  image(modelId: UnigateImageModelId): ImageModelV4;
  imageModel(modelId: UnigateImageModelId): ImageModelV4;
  /** A text-to-speech model (`POST {base_url}/audio/speech`); results carry `usage.characters`. */
  speech(modelId: UnigateSpeechModelId): SpeechModelV4;
  speechModel(modelId: UnigateSpeechModelId): SpeechModelV4;
  /** A speech-to-text model (`POST {base_url}/audio/transcriptions`); `timestampGranularities` gives `words`. */
  transcription(modelId: UnigateTranscriptionModelId): TranscriptionModelV4;
  transcriptionModel(modelId: UnigateTranscriptionModelId): TranscriptionModelV4;
  /** A video model over the asynchronous video endpoints: `doGenerate`, and `doStart` / `doStatus`. */
  video(modelId: UnigateVideoModelId, settings?: UnigateVideoModelSettings): UnigateVideoModelV4;
  videoModel(modelId: UnigateVideoModelId, settings?: UnigateVideoModelSettings): UnigateVideoModelV4;
  /** Video jobs step by step (create, get, wait, generate). */
  readonly videoJobs: UnigateVideoJobs;
  /**
   * A language model that tries `models` in order: ids, or any language model, V4 or V3, another
   * provider's included (a V3 one is adapted). Moves on for the error kinds in `options.on`.
   */
  fallback(
    models: ReadonlyArray<UnigateChatModelId | AnyLanguageModel | LanguageModelV4>,
    options?: UnigateFallbackOptions,
  ): LanguageModelV4;
  /** Lists the models this key can use (`GET {base_url}/models`). */
  listModels(options?: UnigateRequestOptions): Promise<UnigateModel[]>;
  /** The public, priced model catalog (`GET {site_url}/api/public/models`). */
  readonly catalog: UnigateCatalog;
  /** What a call would cost, in credits, before making it (see the root entry's `estimateCost`). */
  estimateCost(request: UnigateCostEstimateRequest): Promise<UnigateCost | undefined>;
}

/** Creates a Unigate provider of spec V4. Settings not given are read from the environment at call time. */
export function createUnigate(settings: UnigateProviderSettings = {}): UnigateProvider {
  return assembleUnigateV4(settings);
}

/** `createUnigate` with the options tests use (an injected clock for the budget's periods). */
export function assembleUnigateV4(
  settings: UnigateProviderSettings = {},
  internals: UnigateContextInternals = {},
): UnigateProvider {
  const models = assembleModels(settings, { ...internals, spec: 'v4' });
  const language = (model: LanguageModelV3) => new UnigateLanguageModelV4(model);
  const chat = (modelId: UnigateChatModelId) => language(models.chat(modelId));
  const messages = (modelId: UnigateMessagesModelId) => language(models.messages(modelId));
  const languageModel = (modelId: UnigateChatModelId) => language(models.languageModel(modelId));
  const embedding = (modelId: UnigateEmbeddingModelId) => new UnigateEmbeddingModelV4(models.embedding(modelId));
  const image = (modelId: UnigateImageModelId) => new UnigateImageModelV4(models.image(modelId));
  const speech = (modelId: UnigateSpeechModelId) => new UnigateSpeechModelV4(models.speech(modelId));
  const transcription = (modelId: UnigateTranscriptionModelId) =>
    new UnigateTranscriptionModelV4(models.transcription(modelId));
  const video = (modelId: UnigateVideoModelId, videoSettings?: UnigateVideoModelSettings) =>
    new UnigateVideoModelV4Front(models.video(modelId, videoSettings));

  const provider = function (modelId: UnigateChatModelId): LanguageModelV4 {
    if (new.target) {
      throw new Error('The Unigate provider is a function: call it with a model id, provider(modelId), without `new`.');
    }
    return languageModel(modelId);
  };

  const assembled: UnigateProvider = Object.assign(provider, {
    specificationVersion: 'v4' as const,
    chat,
    languageModel,
    messages,
    embedding,
    embeddingModel: embedding,
    textEmbeddingModel: (modelId: UnigateEmbeddingModelId) =>
      new UnigateEmbeddingModelV4(models.embedding(modelId), 'textEmbeddingModel'),
    image,
    imageModel: image,
    speech,
    speechModel: speech,
    transcription,
    transcriptionModel: transcription,
    video,
    videoModel: video,
    videoJobs: models.videoJobs,
    fallback: (members: unknown, options?: UnigateFallbackOptions) => language(models.fallback(members, options)),
    listModels: models.listModels,
    catalog: models.catalog,
    estimateCost: models.estimateCost,
  });
  return assembled;
}

/** The default provider: every setting from the environment (`UNIGATE_API_KEY`, `UNIGATE_SITE_URL`, ...). */
export const unigate = createUnigate();
