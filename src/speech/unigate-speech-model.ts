import type { SpeechModelV3, SpeechModelV3CallOptions } from '@ai-sdk/provider';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateSpeechModelId } from '../settings/unigate-model-ids';
import type { SpeechCallTarget, UnigateSpeechResult } from './speech-model-calls';
import { loadOnce } from '../checks/values';

// The calls load with the first one and are kept (docs/architecture.md#code-loaded-on-first-use).
const calls = loadOnce(() => import('./speech-model-calls'));

export type { UnigateSpeechResult } from './speech-model-calls';

/**
 * A text-to-speech model over the gateway's speech endpoint (`POST {base_url}/audio/speech`).
 * Created by `gw.speech(id)` or `gw.speechModel(id)`. What its calls run (`speech-model-calls.ts`) is
 * loaded by the first one.
 */
export class UnigateSpeechModel implements SpeechModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateSpeechModelId;
  /** `unigate.speech`. */
  readonly provider: string;
  private readonly target: SpeechCallTarget;

  constructor(modelId: UnigateSpeechModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.provider = `${context.connection.provider}.speech`;
    this.target = { modelId, context };
  }

  async doGenerate(options: SpeechModelV3CallOptions): Promise<UnigateSpeechResult> {
    return (await calls()).generateSpeech(this.target, options);
  }
}
