import { withRetries } from '../internal/retry';
import { checkObject, checkRequestOptions } from '../internal/validate-argument';
import type { GatewayConnection } from '../unigate-config';
import { prepareVideoBody, type UnigateVideoRequest } from './prepare-video-body';
import type { UnigateCompletedVideoJob, UnigateCreatedVideoJob, UnigateVideoJob } from './video-job';
import { checkJobId, fetchVideoJob, postVideoJob } from './video-job-requests';
import { runVideoJob } from './run-video-job';
import { checkWaitOptions, waitForVideoJob, type UnigateVideoWaitOptions } from './wait-for-video-job';

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

/** The `gw.videoJobs` helper over one provider's config. */
export function createVideoJobs(config: GatewayConnection): UnigateVideoJobs {
  return {
    async create(request, options = {}) {
      checkObject('request', request, true);
      const body = prepareVideoBody(request);
      checkRequestOptions(options);
      const { abortSignal, maxRetries, headers } = options;
      const { job } = await withRetries(() => postVideoJob(config, body, { abortSignal, headers }), {
        abortSignal,
        maxRetries,
      });
      return job;
    },
    async get(jobId, options = {}) {
      checkJobId(jobId);
      checkRequestOptions(options);
      const { abortSignal, maxRetries, headers } = options;
      const { job } = await withRetries(() => fetchVideoJob(config, jobId, { abortSignal, headers }), {
        abortSignal,
        maxRetries,
      });
      return job;
    },
    async wait(jobId, options = {}) {
      checkJobId(jobId);
      return waitForVideoJob(config, jobId, options);
    },
    async generate(request, options = {}) {
      checkObject('request', request, true);
      checkWaitOptions(options);
      const body = prepareVideoBody(request);
      return (await runVideoJob(config, body, options)).job;
    },
  };
}
