// Everything both entries export besides the provider itself: types, metadata readers, helpers.
export type { UnigateCaching, UnigateFormat } from './settings/unigate-provider-settings';
export type {
  UnigateCatalog,
  UnigateCatalogEntry,
  UnigateCatalogPage,
  UnigateCatalogProvider,
  UnigateCatalogQuery,
  UnigateModel,
  UnigateModelType,
  UnigateRequestOptions,
} from './catalog/unigate-catalog';
export type {
  UnigateChatChoice,
  UnigateChatProviderMetadata,
  UnigateChatProviderOptions,
} from './chat/unigate-chat-options';
export { unigateChatMetadata } from './chat/unigate-chat-options';
export type {
  UnigateImageMetadata,
  UnigateImageProviderMetadata,
  UnigateImageProviderOptions,
} from './image/unigate-image-options';
export { unigateImageMetadata } from './image/unigate-image-options';
export type { UnigateEmbeddingProviderOptions } from './embedding/unigate-embedding-options';
export type { UnigateErrorData, UnigateErrorKind } from './errors/gateway-error';
export { unigateError } from './errors/unigate-error';
export type {
  UnigateFallbackAttempt,
  UnigateFallbackMetadata,
  UnigateFallbackOptions,
  UnigateFallbackSegment,
  UnigateFallbackSkip,
} from './fallback/unigate-fallback-model';
export { unigateFallback } from './fallback/unigate-fallback-model';
export type { AnyLanguageModel, LanguageModelOfSpecV4 } from './spec-adapters/adapt-language-model';
export type { UnigateProviderOf } from './provider/unigate-provider-shape';
export type { UnigateMetadataSource, UnigateStreamMetadataSource } from './checks/values';
export type { UnigateCostEstimateRequest } from './pricing/estimate-cost';
export { unigateCost } from './pricing/unigate-cost';
export type { UnigateCostSource, UnigateStreamCostSource } from './pricing/unigate-cost';
export { costExceeds } from './budget/cost-exceeds';
export type { UnigateCostSteps } from './budget/cost-exceeds';
export { postgresBudgetStore } from './budget/budget-stores';
export type { PostgresBudgetStore, PostgresBudgetStoreSettings, PostgresQuery } from './budget/budget-stores';
export type {
  UnigateBudget,
  UnigateBudgetCall,
  UnigateBudgetPeriod,
  UnigateBudgetReservation,
  UnigateBudgetStanding,
  UnigateBudgetStore,
  UnigateChargeEnding,
  UnigateChargeEvent,
  UnigateResume,
  UnigateResumeMode,
  UnigateResumeReason,
} from './settings/unigate-provider-settings';
export type {
  UnigateCost,
  UnigateModelPrice,
  UnigatePriceTable,
  UnigatePricing,
} from './pricing/unigate-pricing-types';
export type {
  UnigateCacheControl,
  UnigateMessagesProviderMetadata,
  UnigateMessagesProviderOptions,
} from './messages/unigate-messages-options';
export { unigateMessagesMetadata } from './messages/unigate-messages-options';
export type {
  UnigateSpeechProviderMetadata,
  UnigateSpeechProviderOptions,
} from './speech/unigate-speech-options';
export { unigateSpeechMetadata } from './speech/unigate-speech-options';
export type { UnigateSpeechFormat, UnigateSpeechVoice } from './speech/speech-api-types';
export { toSrt, toVtt } from './transcription/transcription-subtitles';
export type { TranscriptionResponseFormat as UnigateTranscriptionResponseFormat } from './transcription/transcription-api-types';
export type { UnigateTranscriptionLanguage } from './transcription/transcription-languages';
export type { TranscriptionSegment as UnigateTranscriptionSegment } from './transcription/transcription-api-types';
export type {
  UnigateTranscriptionProviderMetadata,
  UnigateTranscriptionProviderOptions,
} from './transcription/unigate-transcription-options';
export { unigateTranscriptionMetadata } from './transcription/unigate-transcription-options';
export type {
  UnigateChatModelId,
  UnigateEmbeddingModelId,
  UnigateImageModelId,
  UnigateMessagesModelId,
  UnigateSpeechModelId,
  UnigateTranscriptionModelId,
  UnigateVideoModelId,
} from './settings/unigate-model-ids';
export { VERSION } from './settings/gateway-connection';
export type { UnigateVideoRequest } from './video/video-job';
export type {
  UnigateVideoModelSettings,
  UnigateVideoProviderMetadata,
  UnigateVideoProviderOptions,
} from './video/unigate-video-options';
export { unigateVideoMetadata } from './video/unigate-video-options';
export type { UnigateVideoJobRequestOptions, UnigateVideoJobs } from './video/unigate-video-jobs';
export type {
  UnigateVideoModelV3,
  UnigateVideoResponseInfo,
  UnigateVideoStartResult,
  UnigateVideoStatusResult,
} from './video/unigate-video-model';
export type {
  UnigateCompletedVideoJob,
  UnigateCreatedVideoJob,
  UnigateVideoJob,
  UnigateVideoJobStatus,
} from './video/video-job';
export { UnigateVideoJobError } from './video/video-job';
export type { UnigateVideoWaitOptions } from './video/video-job';
