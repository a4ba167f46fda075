import type { UnigateCatalog, UnigateModel, UnigateRequestOptions } from '../catalog/unigate-catalog';
import type { UnigateFallbackOptions } from '../fallback/unigate-fallback-model';
import type { UnigateCostEstimateRequest } from '../pricing/estimate-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';
import type { AnyLanguageModel } from '../spec-adapters/adapt-language-model';
import type {
  UnigateChatModelId,
  UnigateEmbeddingModelId,
  UnigateImageModelId,
  UnigateMessagesModelId,
  UnigateSpeechModelId,
  UnigateTranscriptionModelId,
  UnigateVideoModelId,
} from '../settings/unigate-model-ids';
import type { UnigateVideoModelSettings } from '../video/unigate-video-options';
import type { UnigateVideoJobs } from '../video/unigate-video-jobs';

/**
 * What both entries' providers give, whatever their spec: the model types are parameters, V3 at the root
 * (`unigate-ai-provider`) and V4 at `unigate-ai-provider/v4`. Call it with a model id for a language
 * model, or use one of its accessors.
 */
export interface UnigateProviderOf<Language, Embedding, Image, Speech, Transcription, Video> {
  /**
   * A language model in the wire format the `format` setting chooses for the id: under `'auto'` (the
   * default) the messages format for Anthropic-family ids (`claude-*`), chat completions for the others.
   * `model.provider` says which: `unigate.messages` or `unigate.chat`.
   */
  (modelId: UnigateChatModelId): Language;
  /** A chat-completions language model (`POST {base_url}/chat/completions`), whatever the id and `format`. */
  chat(modelId: UnigateChatModelId): Language;
  /** The same as calling the provider: the format the `format` setting chooses for the id. */
  languageModel(modelId: UnigateChatModelId): Language;
  /**
   * A messages-format language model (`POST {site_url}/api/v1/messages`), whatever the id and `format`. `max_tokens` is always sent:
   * `maxOutputTokens`, else `DEFAULT_MESSAGES_MAX_TOKENS` (4096; plus the thinking budget when thinking is on).
   * Options: `providerOptions.unigate` (`UnigateMessagesProviderOptions`).
   */
  messages(modelId: UnigateMessagesModelId): Language;
  /**
   * An embedding model (`POST {base_url}/embeddings`). Vectors travel as base64 (about 4x smaller) and
   * come back as numbers. Options: `providerOptions.unigate` (`UnigateEmbeddingProviderOptions`).
   */
  embedding(modelId: UnigateEmbeddingModelId): Embedding;
  embeddingModel(modelId: UnigateEmbeddingModelId): Embedding;
  /** @deprecated Use `embedding` or `embeddingModel` (from `/v4`, each result carries a `deprecated` warning). */
  textEmbeddingModel(modelId: UnigateEmbeddingModelId): Embedding;
  /**
   * An image model (`POST {alt_base_url}/images/generations`): square sizes 256x256, 512x512, 1024x1024,
   * at most 10 images per request. Options: `providerOptions.unigate` (`UnigateImageProviderOptions`).
   */
  image(modelId: UnigateImageModelId): Image;
  imageModel(modelId: UnigateImageModelId): Image;
  /**
   * A text-to-speech model (`POST {base_url}/audio/speech`). Voice, format, speed and text length are
   * checked before the request; `providerMetadata.unigate` (`UnigateSpeechProviderMetadata`) gives the media type.
   */
  speech(modelId: UnigateSpeechModelId): Speech;
  speechModel(modelId: UnigateSpeechModelId): Speech;
  /**
   * A speech-to-text model (`POST {base_url}/audio/transcriptions`). Format (mp3, mp4, mpeg, mpga, m4a, wav,
   * webm), size (25 MB) and options are checked before the request; asks for `verbose_json` unless
   * `providerOptions.unigate.responseFormat` (`UnigateTranscriptionProviderOptions`) says otherwise.
   */
  transcription(modelId: UnigateTranscriptionModelId): Transcription;
  transcriptionModel(modelId: UnigateTranscriptionModelId): Transcription;
  /**
   * A video model over the asynchronous video endpoints (`POST {alt_base_url}/videos/generations`, then
   * `GET {alt_base_url}/videos/status/{job_id}`): `doGenerate` creates the job and polls it; `doStart` /
   * `doStatus` serve ai@7's start/status flow. Options: `providerOptions.unigate` (`UnigateVideoProviderOptions`).
   */
  video(modelId: UnigateVideoModelId, settings?: UnigateVideoModelSettings): Video;
  videoModel(modelId: UnigateVideoModelId, settings?: UnigateVideoModelSettings): Video;
  /** Video jobs step by step (create, get, wait, generate): a job id alone resumes a wait in another process. */
  readonly videoJobs: UnigateVideoJobs;
  /**
   * A language model that tries `models` in order: ids (resolved like `provider(id)`) or any language
   * model, `LanguageModelV3` or `LanguageModelV4`, another provider's included, in any mix. One of the other
   * spec than the entry's is adapted (a part of its answer that spec has no place for is left out with a
   * warning naming it). It
   * moves on when a call fails with an error whose `kind` is in `options.on` (default `permission`,
   * `not-found`, `rate-limit`, `server`), and, when streaming, only before the first content part.
   * `providerMetadata.unigate.fallback` (`UnigateFallbackMetadata`) says which model answered and why the
   * others were skipped.
   */
  fallback(models: ReadonlyArray<UnigateChatModelId | AnyLanguageModel>, options?: UnigateFallbackOptions): Language;
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
