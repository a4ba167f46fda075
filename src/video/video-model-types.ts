import type {
  Experimental_VideoModelV3,
  Experimental_VideoModelV3CallOptions,
  Experimental_VideoModelV3VideoData,
  JSONValue,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';

/** Response information of every result, as the AI SDK's video types have it. */
export interface UnigateVideoResponseInfo {
  timestamp: Date;
  modelId: string;
  headers: Record<string, string> | undefined;
}

/** What `doStart` returns: the shape of ai@7's `VideoModelV4OperationStartResult`. */
export interface UnigateVideoStartResult {
  /** `{ jobId, statusUrl }`: JSON, to persist and hand to `doStatus` (or `gw.videoJobs.wait(jobId)`) later. */
  operation: JSONValue;
  warnings: SharedV3Warning[];
  providerMetadata?: SharedV3ProviderMetadata;
  response: UnigateVideoResponseInfo;
}

/** What `doStatus` returns: the shape of ai@7's `VideoModelV4OperationStatusResult`. */
export type UnigateVideoStatusResult =
  | {
      status: 'pending';
      warnings?: SharedV3Warning[];
      providerMetadata?: SharedV3ProviderMetadata;
      response: UnigateVideoResponseInfo;
    }
  | {
      status: 'completed';
      videos: Experimental_VideoModelV3VideoData[];
      warnings: SharedV3Warning[];
      providerMetadata?: SharedV3ProviderMetadata;
      response: UnigateVideoResponseInfo;
    }
  | { status: 'error'; error: string; providerMetadata?: SharedV3ProviderMetadata; response: UnigateVideoResponseInfo };

/**
 * A video model (spec V3) that also has ai@7's asynchronous start/status methods: ai@7's
 * `experimental_startVideo`, `experimental_getVideoStatus` and `experimental_generateVideo({ poll })`
 * use them; ai@6 calls `doGenerate`.
 */
export interface UnigateVideoModelV3 extends Experimental_VideoModelV3 {
  doStart(
    options: Experimental_VideoModelV3CallOptions & { webhookUrl?: string },
  ): PromiseLike<UnigateVideoStartResult>;
  doStatus(options: {
    operation: JSONValue;
    abortSignal?: AbortSignal;
    headers?: Record<string, string | undefined>;
  }): PromiseLike<UnigateVideoStatusResult>;
}
