export { createUnigate, unigate } from './unigate-provider';
export type { UnigateProvider, UnigateProviderSettings } from './unigate-provider';
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
export type { UnigateErrorData, UnigateErrorKind } from './internal/gateway-error';
export { DEFAULT_MESSAGES_MAX_TOKENS } from './messages/unigate-messages-options';
export type {
  UnigateMessagesProviderMetadata,
  UnigateMessagesProviderOptions,
} from './messages/unigate-messages-options';
export type {
  UnigateChatModelId,
  UnigateEmbeddingModelId,
  UnigateImageModelId,
  UnigateMessagesModelId,
  UnigateSpeechModelId,
  UnigateTranscriptionModelId,
  UnigateVideoModelId,
} from './unigate-model-ids';
export { VERSION } from './version';
