import { PipelineView } from './pipeline-view';
import type {
  Experimental_VideoModelV4 as VideoModelV4,
  Experimental_VideoModelV4CallOptions as VideoModelV4CallOptions,
  Experimental_VideoModelV4OperationStartResult as VideoModelV4OperationStartResult,
  Experimental_VideoModelV4OperationStatusResult as VideoModelV4OperationStatusResult,
  Experimental_VideoModelV4Result as VideoModelV4Result,
  JSONValue,
} from '@ai-sdk/provider-v4';
import type { UnigateVideoModelV3 } from '../video/unigate-video-model';
import { videoCall, videoResult, videoStart, videoStatus, videoStatusCall } from './spec-view';

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
