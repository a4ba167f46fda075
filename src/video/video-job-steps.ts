import { withRetries } from '../internal/retry';
import { checkObject, checkRequestOptions } from '../internal/validate-argument';
import type { GatewayConnection } from '../unigate-config';
import { prepareVideoBody, type UnigateVideoRequest } from './prepare-video-body';
import type { UnigateCompletedVideoJob, UnigateCreatedVideoJob, UnigateVideoJob } from './video-job';
import { checkJobId, fetchVideoJob, postVideoJob, type VideoRequestOptions } from './video-job-requests';
import { runVideoJob } from './run-video-job';
import { checkWaitOptions, waitForVideoJob, type UnigateVideoWaitOptions } from './wait-for-video-job';

// What `gw.videoJobs`' calls run, loaded by the first one (import() in unigate-video-jobs.ts).

/** `UnigateVideoJobRequestOptions`. */
type JobRequestOptions = VideoRequestOptions & { maxRetries?: number };

/** One request, its options checked and its retryable failures retried (`maxRetries`). */
async function retried<T>(
  options: JobRequestOptions,
  send: (request: VideoRequestOptions) => Promise<{ job: T }>,
): Promise<T> {
  checkRequestOptions(options);
  const { abortSignal, maxRetries, headers } = options;
  return (await withRetries(() => send({ abortSignal, headers }), { abortSignal, maxRetries })).job;
}

/** `gw.videoJobs.create`: every setting checked, then the job started. */
export function createJob(
  config: GatewayConnection,
  request: UnigateVideoRequest,
  options: JobRequestOptions = {},
): Promise<UnigateCreatedVideoJob> {
  checkObject('request', request, true);
  const body = prepareVideoBody(request);
  return retried(options, sent => postVideoJob(config, body, sent));
}

/** `gw.videoJobs.get`: the job now. */
export function getJob(
  config: GatewayConnection,
  jobId: string,
  options: JobRequestOptions = {},
): Promise<UnigateVideoJob> {
  checkJobId(jobId);
  return retried(options, sent => fetchVideoJob(config, jobId, sent));
}

/** `gw.videoJobs.wait`. */
export function waitJob(
  config: GatewayConnection,
  jobId: string,
  options: UnigateVideoWaitOptions = {},
): Promise<UnigateCompletedVideoJob> {
  checkJobId(jobId);
  return waitForVideoJob(config, jobId, options);
}

/** `gw.videoJobs.generate`: `create`, then `wait`. */
export async function generateJob(
  config: GatewayConnection,
  request: UnigateVideoRequest,
  options: UnigateVideoWaitOptions = {},
): Promise<UnigateCompletedVideoJob> {
  checkObject('request', request, true);
  checkWaitOptions(options);
  const body = prepareVideoBody(request);
  return (await runVideoJob(config, body, options)).job;
}
