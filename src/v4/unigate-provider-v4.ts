import type {
  EmbeddingModelV4,
  ImageModelV4,
  LanguageModelV4,
  SpeechModelV4,
  TranscriptionModelV4,
} from '@ai-sdk/provider-v4';
import { v4ChainMember } from '../spec-adapters/adapt-language-model';
import { assembleProvider, type UnigateContextInternals, type UnigateFrontsOf } from '../provider/assemble-provider';
import type { UnigateProviderOf } from '../provider/unigate-provider-shape';
import type { UnigateProviderSettings } from '../settings/unigate-provider-settings';
import {
  UnigateEmbeddingModelV4,
  UnigateImageModelV4,
  UnigateLanguageModelV4,
  UnigateSpeechModelV4,
  UnigateTranscriptionModelV4,
  type UnigateVideoModelV4,
  UnigateVideoModelV4Front,
} from './unigate-models-v4';

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

/** The `/v4` entry's front: a thin V4 class around each pipeline model. */
const V4_FRONTS: UnigateFrontsOf<UnigateProvider> = {
  language: model => new UnigateLanguageModelV4(model),
  // Only the deprecated accessor's models carry a `deprecated` warning.
  embedding: (model, accessor) =>
    new UnigateEmbeddingModelV4(model, accessor === 'textEmbeddingModel' ? accessor : undefined),
  image: model => new UnigateImageModelV4(model),
  speech: model => new UnigateSpeechModelV4(model),
  transcription: model => new UnigateTranscriptionModelV4(model),
  video: model => new UnigateVideoModelV4Front(model),
  chainMember: v4ChainMember,
};

/** Creates a Unigate provider of spec V4. Settings not given are read from the environment at call time. */
export function createUnigate(settings: UnigateProviderSettings = {}): UnigateProvider {
  return assembleUnigateV4(settings);
}

/** `createUnigate` with the options tests use (an injected clock for the budget's periods). */
export function assembleUnigateV4(
  settings: UnigateProviderSettings = {},
  internals: UnigateContextInternals = {},
): UnigateProvider {
  return assembleProvider('v4', V4_FRONTS, settings, internals);
}

/** The default provider: every setting from the environment (`UNIGATE_API_KEY`, `UNIGATE_SITE_URL`, ...). */
export const unigate = createUnigate();
