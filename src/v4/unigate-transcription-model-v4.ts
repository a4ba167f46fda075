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
export class UnigateTranscriptionModelV4 implements TranscriptionModelV4 {
  readonly specificationVersion = 'v4';
  private readonly model: TranscriptionModelV3;

  constructor(model: TranscriptionModelV3) {
    this.model = model;
  }

  get provider(): string {
    return this.model.provider;
  }

  get modelId(): string {
    return this.model.modelId;
  }

  async doGenerate(options: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> {
    return transcriptionResult(await this.model.doGenerate(transcriptionCall(options)));
  }
}
