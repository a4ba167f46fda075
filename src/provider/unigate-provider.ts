import type {
  EmbeddingModelV3,
  ImageModelV3,
  LanguageModelV3,
  SpeechModelV3,
  TranscriptionModelV3,
} from '@ai-sdk/provider';
import { assembleModels, type UnigateContextInternals } from './assemble-provider';
import type { UnigateChatModelId } from '../settings/unigate-model-ids';
import type { UnigateProviderOf } from './unigate-provider-shape';
import type { UnigateProviderSettings } from '../settings/unigate-provider-settings';
import type { UnigateVideoModelV3 } from '../video/unigate-video-model';

export { createModelContext, type UnigateContextInternals } from './assemble-provider';

/**
 * The Unigate provider of spec V3 (ai@6; ai@7 through its adapter): call it with a model id for a
 * language model, or use one of its accessors. It is a `ProviderV3`.
 */
export interface UnigateProvider
  extends UnigateProviderOf<
    LanguageModelV3,
    EmbeddingModelV3,
    ImageModelV3,
    SpeechModelV3,
    TranscriptionModelV3,
    UnigateVideoModelV3
  > {
  readonly specificationVersion: 'v3';
}

export type { UnigateProviderSettings } from '../settings/unigate-provider-settings';

/** Creates a Unigate provider. Settings not given are read from the environment at call time. */
export function createUnigate(settings: UnigateProviderSettings = {}): UnigateProvider {
  return assembleUnigate(settings);
}

/** `createUnigate` with the options tests use (an injected clock for the budget's periods). */
export function assembleUnigate(
  settings: UnigateProviderSettings = {},
  internals: UnigateContextInternals = {},
): UnigateProvider {
  const models = assembleModels(settings, { ...internals, spec: 'v3' });
  const provider = function (modelId: UnigateChatModelId) {
    if (new.target) {
      throw new Error('The Unigate provider is a function: call it with a model id, provider(modelId), without `new`.');
    }
    return models.languageModel(modelId);
  } as UnigateProvider;

  return Object.assign(provider, {
    specificationVersion: 'v3' as const,
    chat: models.chat,
    languageModel: models.languageModel,
    messages: models.messages,
    embedding: models.embedding,
    embeddingModel: models.embedding,
    textEmbeddingModel: models.embedding,
    image: models.image,
    imageModel: models.image,
    speech: models.speech,
    speechModel: models.speech,
    transcription: models.transcription,
    transcriptionModel: models.transcription,
    video: models.video,
    videoModel: models.video,
    videoJobs: models.videoJobs,
    fallback: models.fallback,
    listModels: models.listModels,
    catalog: models.catalog,
    estimateCost: models.estimateCost,
  });
}

/** The default provider: every setting from the environment (`UNIGATE_API_KEY`, `UNIGATE_SITE_URL`, ...). */
export const unigate = createUnigate();
