// The `/v4` entry's model fronts, one thin class per kind: each forwards its calls to the pipeline's model
// and converts what crosses once per shape (`spec-view.ts`).
import type {
  EmbeddingModelV3,
  ImageModelV3,
  LanguageModelV3,
  SpeechModelV3,
  TranscriptionModelV3,
} from '@ai-sdk/provider';
import type {
  EmbeddingModelV4,
  EmbeddingModelV4CallOptions,
  EmbeddingModelV4Result,
  ImageModelV4,
  ImageModelV4CallOptions,
  ImageModelV4Result,
  JSONValue,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
  SpeechModelV4,
  SpeechModelV4CallOptions,
  SpeechModelV4Result,
  TranscriptionModelV4,
  TranscriptionModelV4CallOptions,
  TranscriptionModelV4Result,
  Experimental_VideoModelV4 as VideoModelV4,
  Experimental_VideoModelV4CallOptions as VideoModelV4CallOptions,
  Experimental_VideoModelV4OperationStartResult as VideoModelV4OperationStartResult,
  Experimental_VideoModelV4OperationStatusResult as VideoModelV4OperationStatusResult,
  Experimental_VideoModelV4Result as VideoModelV4Result,
} from '@ai-sdk/provider-v4';
import { EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL as MAX_INPUT_BYTES } from '@ai-sdk/provider-utils';
import { deprecatedWarning, type PipelineFront, pipelineModel } from '../settings/model-kind';
import type { UnigateVideoModelV3 } from '../video/unigate-video-model';
import {
  embeddingCall,
  embeddingResult,
  imageCall,
  imageResult,
  languageCall,
  languageResult,
  languageStream,
  speechCall,
  speechResult,
  transcriptionCall,
  transcriptionResult,
  videoCall,
  videoResult,
  videoStart,
  videoStatus,
  videoStatusCall,
} from './spec-view';

/**
 * What every V4 front shows of the pipeline model behind it: spec `v4`, and the
 * model's own provider and id. The kinds add their calls, which forward to `model`.
 */
abstract class PipelineView<MODEL extends { readonly provider: string; readonly modelId: string }> {
  readonly specificationVersion = 'v4';
  protected readonly model: MODEL;

  constructor(model: MODEL) {
    this.model = model;
  }

  get provider(): string {
    return this.model.provider;
  }

  get modelId(): string {
    return this.model.modelId;
  }
}

/**
 * A language model of the `/v4` entry: chat, messages, a fallback chain, budgeted or not. A front over
 * the pipeline's model, which does all the work and, on this entry, speaks V4's values itself; the
 * front adds no stream of its own, so a delta costs what it costs at the root. `provider` is
 * `unigate.chat`, `unigate.messages` or `unigate.fallback`.
 */
export class UnigateLanguageModelV4 extends PipelineView<LanguageModelV3> implements LanguageModelV4, PipelineFront {
  /** The pipeline model, for `gw.fallback` on a V4 entry to take as it is. */
  get [pipelineModel](): LanguageModelV3 {
    return this.model;
  }

  get supportedUrls(): LanguageModelV4['supportedUrls'] {
    return this.model.supportedUrls;
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    return languageResult(await this.model.doGenerate(languageCall(options)));
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    return languageStream(await this.model.doStream(languageCall(options)));
  }
}

/**
 * An embedding model of the `/v4` entry, a front over the pipeline's (which reads V4's `dimensions`).
 * `deprecatedAs`: the accessor it was made with is deprecated (`textEmbeddingModel`); every result says so.
 */
export class UnigateEmbeddingModelV4 extends PipelineView<EmbeddingModelV3> implements EmbeddingModelV4 {
  private readonly deprecatedAs: string | undefined;

  constructor(model: EmbeddingModelV3, deprecatedAs?: string) {
    super(model);
    this.deprecatedAs = deprecatedAs;
  }

  get maxEmbeddingsPerCall(): EmbeddingModelV4['maxEmbeddingsPerCall'] {
    return this.model.maxEmbeddingsPerCall;
  }

  /** The pipeline's bytes per request, which ai@7's `embedMany` reads to split a batch by size too. */
  get [MAX_INPUT_BYTES](): unknown {
    return Reflect.get(this.model, MAX_INPUT_BYTES);
  }

  get supportsParallelCalls(): EmbeddingModelV4['supportsParallelCalls'] {
    return this.model.supportsParallelCalls;
  }

  async doEmbed(options: EmbeddingModelV4CallOptions): Promise<EmbeddingModelV4Result> {
    const result = await this.model.doEmbed(embeddingCall(options));
    if (this.deprecatedAs === undefined) return embeddingResult(result);
    const warning = deprecatedWarning(
      this.deprecatedAs,
      'use embeddingModel(id) or embedding(id), which make the same model.',
    );
    return embeddingResult({ ...result, warnings: [...result.warnings, warning] });
  }
}

/**
 * An image model of the `/v4` entry, a front over the pipeline's. The gateway's image endpoint takes a
 * prompt only: `supportsFileInputs` and `supportsMaskInputs` are `false`. ai@7's generateImage does not
 * read them (7.0.173 calls the model anyway): the pipeline refuses input images and masks before any
 * request, on both entries.
 */
export class UnigateImageModelV4 extends PipelineView<ImageModelV3> implements ImageModelV4 {
  readonly supportsFileInputs = false;
  readonly supportsMaskInputs = false;

  get maxImagesPerCall(): ImageModelV4['maxImagesPerCall'] {
    return this.model.maxImagesPerCall;
  }

  async doGenerate(options: ImageModelV4CallOptions): Promise<ImageModelV4Result> {
    return imageResult(await this.model.doGenerate(imageCall(options)));
  }
}

/** A text-to-speech model of the `/v4` entry, a front over the pipeline's (which reports V4's `usage`). */
export class UnigateSpeechModelV4 extends PipelineView<SpeechModelV3> implements SpeechModelV4 {
  async doGenerate(options: SpeechModelV4CallOptions): Promise<SpeechModelV4Result> {
    return speechResult(await this.model.doGenerate(speechCall(options)));
  }
}

/**
 * A speech-to-text model of the `/v4` entry, a front over the pipeline's (which reads V4's
 * `timestampGranularities` and reports `words` and `usage`).
 */
export class UnigateTranscriptionModelV4 extends PipelineView<TranscriptionModelV3> implements TranscriptionModelV4 {
  async doGenerate(options: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> {
    return transcriptionResult(await this.model.doGenerate(transcriptionCall(options)));
  }
}

/** The `/v4` entry's video model: V4's `doGenerate`, and its `doStart` / `doStatus` for ai@7's start/status flow. */
export interface UnigateVideoModelV4 extends VideoModelV4 {
  doGenerate(options: VideoModelV4CallOptions): PromiseLike<VideoModelV4Result>;
  doStart(options: VideoModelV4CallOptions & { webhookUrl?: string }): PromiseLike<VideoModelV4OperationStartResult>;
  doStatus(options: {
    operation: JSONValue;
    abortSignal?: AbortSignal;
    headers?: Record<string, string | undefined>;
  }): PromiseLike<VideoModelV4OperationStatusResult>;
}

/** A front over the pipeline's video model, which already has V4's start/status shape. */
export class UnigateVideoModelV4Front extends PipelineView<UnigateVideoModelV3> implements UnigateVideoModelV4 {
  get maxVideosPerCall(): VideoModelV4['maxVideosPerCall'] {
    return this.model.maxVideosPerCall;
  }

  async doGenerate(options: VideoModelV4CallOptions): Promise<VideoModelV4Result> {
    return videoResult(await this.model.doGenerate(videoCall(options)));
  }

  async doStart(options: VideoModelV4CallOptions & { webhookUrl?: string }): Promise<VideoModelV4OperationStartResult> {
    return videoStart(await this.model.doStart(videoCall(options)));
  }

  async doStatus(options: Parameters<UnigateVideoModelV4['doStatus']>[0]): Promise<VideoModelV4OperationStatusResult> {
    return videoStatus(await this.model.doStatus(videoStatusCall(options)));
  }
}
