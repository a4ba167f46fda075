import type { VideoModelConfig } from '../model-call/model-context';
import type {
  UnigateCompletedVideoJob,
  UnigateCreatedVideoJob,
  UnigateVideoJob,
  UnigateVideoRequest,
  UnigateVideoWaitOptions,
} from './video-job';
import { loadOnce } from '../checks/values';

/** Settings of one `create` or `get` call. */
export interface UnigateVideoJobRequestOptions {
  abortSignal?: AbortSignal;
  /** Retries for retryable failures (408/409/429/5xx, never the daily limit). Default 2. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string | undefined>;
}

/**
 * The gateway's asynchronous video jobs, step by step: for queue workers and durable workflows that
 * start a job in one process and finish it in another. Only the job id needs to travel.
 */
export interface UnigateVideoJobs {
  /** Starts a job (`POST {alt_base_url}/videos/generations`); checks every setting before the request. */
  create(request: UnigateVideoRequest, options?: UnigateVideoJobRequestOptions): Promise<UnigateCreatedVideoJob>;
  /** The job now (`GET {alt_base_url}/videos/status/{job_id}`). An unknown id is an `APICallError` with `data.kind === 'not-found'`. */
  get(jobId: string, options?: UnigateVideoJobRequestOptions): Promise<UnigateVideoJob>;
  /**
   * Polls until the job is completed (returned) or failed (thrown as `UnigateVideoJobError`). Takes a
   * job id alone, so another process can resume. Transient failures are retried without ending the wait.
   */
  wait(jobId: string, options?: UnigateVideoWaitOptions): Promise<UnigateCompletedVideoJob>;
  /** `create`, then `wait` (`onStatus` first sees `pending`). */
  generate(request: UnigateVideoRequest, options?: UnigateVideoWaitOptions): Promise<UnigateCompletedVideoJob>;
}

/** The `gw.videoJobs` helper over one provider's config; what its calls run is loaded by the first one. */
export function createVideoJobs(config: VideoModelConfig): UnigateVideoJobs {
  const steps = loadOnce(() => import('./video-job-flow'));
  return {
    create: async (request, options) => (await steps()).createJob(config, request, options),
    get: async (jobId, options) => (await steps()).getJob(config, jobId, options),
    wait: async (jobId, options) => (await steps()).waitJob(config, jobId, options),
    generate: async (request, options) => (await steps()).generateJob(config, request, options),
  };
}
