import type { Experimental_VideoModelV3CallOptions, JSONValue } from '@ai-sdk/provider';
import { failArgument } from '../checks/validate-argument';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateVideoModelId } from '../settings/unigate-model-ids';
import type { UnigateVideoModelSettings } from './unigate-video-options';
import type {
  UnigateVideoModelV3,
  UnigateVideoStartResult,
  UnigateVideoStatusResult,
  VideoCallTarget,
} from './video-model-calls';

export type {
  UnigateVideoModelV3,
  UnigateVideoResponseInfo,
  UnigateVideoStartResult,
  UnigateVideoStatusResult,
} from './video-model-calls';
import { loadOnce } from '../checks/values';

// The calls load with the first one and are kept (docs/architecture.md#code-loaded-on-first-use).
const calls = loadOnce(() => import('./video-model-calls'));

/**
 * A video model over the gateway's asynchronous endpoints (`POST {alt_base_url}/videos/generations`,
 * then `GET {alt_base_url}/videos/status/{job_id}`). Created by `gw.video(id)` or `gw.videoModel(id)`.
 * What its calls run (`video-model-calls.ts`) is loaded by the first one.
 */
export class UnigateVideoModel implements UnigateVideoModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateVideoModelId;
  /** `unigate.video`. */
  readonly provider: string;
  /** One video per job. */
  readonly maxVideosPerCall = 1;
  private readonly target: VideoCallTarget;

  constructor(modelId: UnigateVideoModelId, context: UnigateModelContext, settings: UnigateVideoModelSettings = {}) {
    const { onStatus } = settings;
    if (onStatus !== undefined && typeof onStatus !== 'function')
      failArgument('onStatus', 'expected a function', onStatus);
    this.modelId = modelId;
    this.provider = `${context.video.provider}.video`;
    this.target = { modelId, context, settings };
  }

  /** Creates the job and polls it until it is completed (a video URL) or failed (an error with the job id). */
  async doGenerate(options: Experimental_VideoModelV3CallOptions) {
    return (await calls()).generateVideo(this.target, options);
  }

  /** Starts the job and returns at once: the operation is `{ jobId, statusUrl }`. */
  async doStart(
    options: Experimental_VideoModelV3CallOptions & { webhookUrl?: string },
  ): Promise<UnigateVideoStartResult> {
    return (await calls()).startVideo(this.target, options);
  }

  /** One status read: `pending` (also while processing), `completed` with the video, or `error`. */
  async doStatus(options: {
    operation: JSONValue;
    abortSignal?: AbortSignal;
    headers?: Record<string, string | undefined>;
  }): Promise<UnigateVideoStatusResult> {
    return (await calls()).readVideoStatus(this.target, options);
  }
}
