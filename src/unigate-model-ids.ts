// Model ids with editor autocomplete. Each union names the ids gateway-api.md itself names and still
// accepts any string, because the gateway lists more than 200 models and adds new ones often:
// `gw.listModels()` and `gw.catalog` give the current list.

/** A chat-completions model id: any id from `gw.listModels()`. */
export type UnigateChatModelId = string & {};

/** A messages-format model id: any id from `gw.listModels()` that speaks the messages format. */
export type UnigateMessagesModelId = string & {};

/** An embedding model id (gateway-api.md, "POST /embeddings"). */
export type UnigateEmbeddingModelId =
  | 'text-embedding-3-small'
  | 'text-embedding-3-large'
  | 'text-embedding-ada-002'
  | (string & {});

/** A text-to-speech model id (gateway-api.md, "POST /audio/speech"). */
export type UnigateSpeechModelId = 'tts-1' | 'tts-1-hd' | (string & {});

/** The speech-to-text model id, as listed in the catalog with type `audio`. */
export type UnigateTranscriptionModelId = string & {};

/** An image model id, as listed in the catalog with type `image`. */
export type UnigateImageModelId = string & {};

/** A video model id, as listed in the catalog with type `video`. */
export type UnigateVideoModelId = string & {};
