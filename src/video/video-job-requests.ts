import { createJsonHandler } from '../internal/json-response';
import { isGatewayOrigin, sendGatewayRequest } from '../internal/gateway-request';
import type { UnigateConfig } from '../unigate-config';
import { videoJobCreatedSchema, videoJobStatusSchema, type VideoGenerationBody } from './video-api-types';
import { toVideoJob, type UnigateCreatedVideoJob, type UnigateVideoJob } from './video-job';

/** Per-request settings: cancel, and extra headers (sent to the gateway's own origins only). */
export interface VideoRequestOptions {
  abortSignal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

/**
 * Where a job's status is read: the gateway's `status_url` when it is on one of the gateway's own
 * origins (only those may see the key), otherwise `{alt_base_url}/videos/status/{job_id}`.
 */
export function videoStatusUrl(config: UnigateConfig, jobId: string, statusUrl?: string | null): string {
  if (statusUrl && isGatewayOrigin(config, statusUrl)) return statusUrl;
  return config.url('alt', `/videos/status/${encodeURIComponent(jobId)}`);
}

/** `POST {alt_base_url}/videos/generations`: starts a job. */
export async function postVideoJob(
  config: UnigateConfig,
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
  config: UnigateConfig,
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
