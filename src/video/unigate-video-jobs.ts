import { InvalidArgumentError } from '@ai-sdk/provider';
import { withRetries } from '../internal/retry';
import type { UnigateConfig } from '../unigate-config';
import { prepareVideoBody, type UnigateVideoRequest } from './prepare-video-body';
import type { UnigateCompletedVideoJob, UnigateCreatedVideoJob, UnigateVideoJob } from './video-job';
import { fetchVideoJob, postVideoJob } from './video-job-requests';
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

function checkJobId(jobId: unknown): void {
  if (typeof jobId !== 'string' || jobId === '') {
    throw new InvalidArgumentError({
      argument: 'jobId',
      message: `Invalid argument jobId: a job id from gw.videoJobs.create() is required; received ${JSON.stringify(jobId) ?? String(jobId)}.`,
    });
  }
}

/** The `gw.videoJobs` helper over one provider's config. */
export function createVideoJobs(config: UnigateConfig): UnigateVideoJobs {
  return {
    async create(request, { abortSignal, maxRetries, headers } = {}) {
      const body = prepareVideoBody(request);
      const { job } = await withRetries(() => postVideoJob(config, body, { abortSignal, headers }), { abortSignal, maxRetries });
      return job;
    },
    async get(jobId, { abortSignal, maxRetries, headers } = {}) {
      checkJobId(jobId);
      const { job } = await withRetries(() => fetchVideoJob(config, jobId, { abortSignal, headers }), { abortSignal, maxRetries });
      return job;
    },
    async wait(jobId, options = {}) {
      checkJobId(jobId);
      return waitForVideoJob(config, jobId, options);
    },
    async generate(request, options = {}) {
      checkWaitOptions(options);
      const body = prepareVideoBody(request);
      return (await runVideoJob(config, body, options)).job;
    },
  };
}
