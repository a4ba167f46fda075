import type { TranscriptionModelV3, TranscriptionModelV3CallOptions } from '@ai-sdk/provider';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateTranscriptionModelId } from '../settings/unigate-model-ids';
import type { TranscriptionCallTarget, UnigateTranscriptionResult } from './transcription-model-calls';
import { loadOnce } from '../checks/values';

// The calls load with the first one and are kept (docs/architecture.md#code-loaded-on-first-use).
const calls = loadOnce(() => import('./transcription-model-calls'));

export type { UnigateTranscriptionResult } from './transcription-model-calls';

/**
 * A speech-to-text model over the gateway's transcription endpoint (`POST {base_url}/audio/transcriptions`).
 * Created by `gw.transcription(id)` or `gw.transcriptionModel(id)`. What its calls run
 * (`transcription-model-calls.ts`) is loaded by the first one.
 */
export class UnigateTranscriptionModel implements TranscriptionModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateTranscriptionModelId;
  /** `unigate.transcription`. */
  readonly provider: string;
  private readonly target: TranscriptionCallTarget;

  constructor(modelId: UnigateTranscriptionModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.provider = `${context.connection.provider}.transcription`;
    this.target = { modelId, context };
  }

  async doGenerate(options: TranscriptionModelV3CallOptions): Promise<UnigateTranscriptionResult> {
    return (await calls()).transcribeAudio(this.target, options);
  }
}
