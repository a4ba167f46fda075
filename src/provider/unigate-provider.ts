import type {
  EmbeddingModelV3,
  ImageModelV3,
  LanguageModelV3,
  SpeechModelV3,
  TranscriptionModelV3,
} from '@ai-sdk/provider';
import type { UnigateProviderSettings } from '../settings/unigate-provider-settings';
import type { UnigateVideoModelV3 } from '../video/unigate-video-model';
import { v3ChainMember } from '../spec-adapters/adapt-language-model';
import { assembleProvider, type UnigateContextInternals, type UnigateFrontsOf } from './assemble-provider';
import type { UnigateProviderOf } from './unigate-provider-shape';

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

/** The root entry's front: the pipeline's models are V3 models already. */
const V3_FRONTS: UnigateFrontsOf<UnigateProvider> = {
  language: model => model,
  embedding: model => model,
  image: model => model,
  speech: model => model,
  transcription: model => model,
  video: model => model,
  chainMember: v3ChainMember,
};

/** Creates a Unigate provider. Settings not given are read from the environment at call time. */
export function createUnigate(settings: UnigateProviderSettings = {}): UnigateProvider {
  return assembleUnigate(settings);
}

/** `createUnigate` with the options tests use (an injected clock for the budget's periods). */
export function assembleUnigate(
  settings: UnigateProviderSettings = {},
  internals: UnigateContextInternals = {},
): UnigateProvider {
  return assembleProvider('v3', V3_FRONTS, settings, internals);
}

/** The default provider: every setting from the environment (`UNIGATE_API_KEY`, `UNIGATE_SITE_URL`, ...). */
export const unigate = createUnigate();
