import { createJsonHandler } from '../internal/json-response';
import { isGatewayOrigin, sendGatewayRequest } from '../internal/gateway-request';
import { failArgument } from '../internal/validate-argument';
import type { GatewayConnection } from '../unigate-config';
import { videoJobCreatedSchema, videoJobStatusSchema, type VideoGenerationBody } from './video-api-types';
import { toVideoJob, type UnigateCreatedVideoJob, type UnigateVideoJob } from './video-job';

/** Per-request settings: cancel, and extra headers (sent to the gateway's own origins only). */
export interface VideoRequestOptions {
  abortSignal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

/**
 * A job id must be a non-empty string other than `.` and `..`: it becomes one segment of the status URL,
 * and a dot segment would be resolved away (`/videos/status/..` is `/videos/`), sending the key to
 * another path. Checked before any request; `argument` names where the id came from.
 */
export function checkJobId(jobId: unknown, argument = 'jobId'): asserts jobId is string {
  if (typeof jobId !== 'string' || jobId === '' || jobId === '.' || jobId === '..') {
    failArgument(argument, 'a job id from gw.videoJobs.create() is required (not empty, "." or "..")', jobId);
  }
}

/**
 * Where a job's status is read: the gateway's `status_url` when it is on one of the gateway's own
 * origins (only those may see the key), otherwise `{alt_base_url}/videos/status/{job_id}`.
 */
export function videoStatusUrl(config: GatewayConnection, jobId: string, statusUrl?: string | null): string {
  if (statusUrl && isGatewayOrigin(config, statusUrl)) return statusUrl;
  return config.url('alt', `/videos/status/${encodeURIComponent(jobId)}`);
}

/** `POST {alt_base_url}/videos/generations`: starts a job. */
export async function postVideoJob(
  config: GatewayConnection,
  body: VideoGenerationBody,
  { abortSignal, headers }: VideoRequestOptions = {},
): Promise<{ job: UnigateCreatedVideoJob; responseHeaders?: Record<string, string> }> {
  const { value, responseHeaders } = await sendGatewayRequest({
    config,
    auth: 'bearer',
    url: config.url('alt', '/videos/generations'),
    body,
    successfulResponseHandler: createJsonHandler(videoJobCreatedSchema()),
    abortSignal,
    headers,
  });
  const job: UnigateCreatedVideoJob = {
    jobId: value.job_id,
    status: 'pending',
    statusUrl: videoStatusUrl(config, value.job_id, value.status_url),
  };
  return { job, ...(responseHeaders ? { responseHeaders } : {}) };
}

/** `GET {alt_base_url}/videos/status/{job_id}` (or the trusted `statusUrl`): the job now. */
export async function fetchVideoJob(
  config: GatewayConnection,
  jobId: string,
  { abortSignal, headers, statusUrl }: VideoRequestOptions & { statusUrl?: string } = {},
): Promise<{ job: UnigateVideoJob; responseHeaders?: Record<string, string> }> {
  const { value, responseHeaders } = await sendGatewayRequest({
    config,
    auth: 'bearer',
    url: videoStatusUrl(config, jobId, statusUrl),
    successfulResponseHandler: createJsonHandler(videoJobStatusSchema()),
    abortSignal,
    headers,
  });
  return { job: toVideoJob(jobId, value, config.optionalApiKey()), ...(responseHeaders ? { responseHeaders } : {}) };
}
