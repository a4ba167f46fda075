import type { LanguageModelV3 } from '@ai-sdk/provider';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider-v4';
import { pipelineModel, type PipelineFront } from '../spec/pipeline-model';
import { languageCall, languageResult, languageStream } from './spec-view';

/**
 * A language model of the `/v4` entry: chat, messages, a fallback chain, budgeted or not. A front over
 * the pipeline's model, which does all the work and, on this entry, speaks V4's values itself; the
 * front adds no stream of its own, so a delta costs what it costs at the root.
 */
export class UnigateLanguageModelV4 implements LanguageModelV4, PipelineFront {
  readonly specificationVersion = 'v4';
  readonly [pipelineModel]: LanguageModelV3;

  constructor(model: LanguageModelV3) {
    this[pipelineModel] = model;
  }

  /** `unigate.chat`, `unigate.messages` or `unigate.fallback`. */
  get provider(): string {
    return this[pipelineModel].provider;
  }

  get modelId(): string {
    return this[pipelineModel].modelId;
  }

  get supportedUrls(): LanguageModelV4['supportedUrls'] {
    return this[pipelineModel].supportedUrls;
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    return languageResult(await this[pipelineModel].doGenerate(languageCall(options)));
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    return languageStream(await this[pipelineModel].doStream(languageCall(options)));
  }
}
