import { PipelineView } from './pipeline-view';
import type { SpeechModelV3 } from '@ai-sdk/provider';
import type { SpeechModelV4, SpeechModelV4CallOptions, SpeechModelV4Result } from '@ai-sdk/provider-v4';
import { speechCall, speechResult } from './spec-view';

/** A text-to-speech model of the `/v4` entry, a front over the pipeline's (which reports V4's `usage`). */
export class UnigateSpeechModelV4 extends PipelineView<SpeechModelV3> implements SpeechModelV4 {
  async doGenerate(options: SpeechModelV4CallOptions): Promise<SpeechModelV4Result> {
    return speechResult(await this.model.doGenerate(speechCall(options)));
  }
}
