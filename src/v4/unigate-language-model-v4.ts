import type { LanguageModelV3 } from '@ai-sdk/provider';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider-v4';
import { pipelineModel, type PipelineFront } from '../settings/spec-version';
import { PipelineView } from './pipeline-view';
import { languageCall, languageResult, languageStream } from './spec-view';

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
