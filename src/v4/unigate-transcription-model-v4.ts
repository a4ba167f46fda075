import { PipelineView } from './pipeline-view';
import type { TranscriptionModelV3 } from '@ai-sdk/provider';
import type {
  TranscriptionModelV4,
  TranscriptionModelV4CallOptions,
  TranscriptionModelV4Result,
} from '@ai-sdk/provider-v4';
import { transcriptionCall, transcriptionResult } from './spec-view';

/**
 * A speech-to-text model of the `/v4` entry, a front over the pipeline's (which reads V4's
 * `timestampGranularities` and reports `words` and `usage`).
 */
export class UnigateTranscriptionModelV4 extends PipelineView<TranscriptionModelV3> implements TranscriptionModelV4 {
  async doGenerate(options: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> {
    return transcriptionResult(await this.model.doGenerate(transcriptionCall(options)));
  }
}
