import type { LanguageModelV3 } from '@ai-sdk/provider';
import type {
  EmbeddingModelV4,
  ImageModelV4,
  LanguageModelV4,
  SpeechModelV4,
  TranscriptionModelV4,
} from '@ai-sdk/provider-v4';
import { assembleModels, type UnigateContextInternals } from '../provider/assemble-provider';
import type { UnigateFallbackOptions } from '../fallback/unigate-fallback-model';
import type {
  UnigateChatModelId,
  UnigateEmbeddingModelId,
  UnigateImageModelId,
  UnigateMessagesModelId,
  UnigateSpeechModelId,
  UnigateTranscriptionModelId,
  UnigateVideoModelId,
} from '../settings/unigate-model-ids';
import type { UnigateProviderOf } from '../provider/unigate-provider-shape';
import type { UnigateProviderSettings } from '../settings/unigate-provider-settings';
import type { UnigateVideoModelSettings } from '../video/unigate-video-options';
import { UnigateEmbeddingModelV4 } from './unigate-embedding-model-v4';
import { UnigateImageModelV4 } from './unigate-image-model-v4';
import { UnigateLanguageModelV4 } from './unigate-language-model-v4';
import { UnigateSpeechModelV4 } from './unigate-speech-model-v4';
import { UnigateTranscriptionModelV4 } from './unigate-transcription-model-v4';
import { type UnigateVideoModelV4, UnigateVideoModelV4Front } from './unigate-video-model-v4';

/**
 * The Unigate provider of spec V4, for ai@7: the root entry's provider, with the same settings, names
 * and behaviour, whose models are V4 models (no adapter). It is a `ProviderV4`.
 */
export interface UnigateProvider
  extends UnigateProviderOf<
    LanguageModelV4,
    EmbeddingModelV4,
    ImageModelV4,
    SpeechModelV4,
    TranscriptionModelV4,
    UnigateVideoModelV4
  > {
  readonly specificationVersion: 'v4';
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
