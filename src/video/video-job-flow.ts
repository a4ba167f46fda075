import { APICallError, InvalidResponseDataError } from '@ai-sdk/provider';
import { delay } from '@ai-sdk/provider-utils';
import {
  createJsonHandler,
  isGatewayOrigin,
  sendGatewayRequest,
  retryAfterMs,
  withRetries,
} from '../transport/gateway-request';
import { redactSecrets } from '../errors/redact-secrets';
import {
  checkMaxLength,
  checkObject,
  checkOneOf,
  checkRange,
  checkRequestOptions,
  checkString,
  failArgument,
} from '../checks/validate-argument';
import { checkRequiredText } from '../prompt/call-options';
import type { GatewayConnection } from '../settings/gateway-connection';
import type { VideoModelConfig } from '../model-call/model-context';
import {
  DEFAULT_VIDEO_POLL_INTERVAL_MS,
  DEFAULT_VIDEO_TIMEOUT_MS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_DURATIONS,
  VIDEO_LIMITS,
} from './unigate-video-options';
import {
  videoJobCreatedSchema,
  videoJobStatusSchema,
  type VideoGenerationBody,
  type VideoJobStatusResponse,
} from './video-api-types';
import {
  UnigateVideoJobError,
  type UnigateCompletedVideoJob,
  type UnigateCreatedVideoJob,
  type UnigateVideoJob,
  type UnigateVideoJobStatus,
  type UnigateVideoRequest,
  type UnigateVideoWaitOptions,
} from './video-job';

// A video job's flow, step by step: the request checked, the job created, its status read, the wait, and
// `gw.videoJobs`' four calls over them. Loaded by the first video call or `gw.videoJobs` call (import() in
// unigate-video-model.ts through video-model-calls.ts, and in unigate-video-jobs.ts).

/**
 * Checks a request against the gateway's limits and builds the wire body; nothing here touches the
 * network, so a request that must fail spends none of the daily quota.
 */
export function prepareVideoBody({
  model,
  prompt,
  aspectRatio,
  duration,
  user,
}: Omit<UnigateVideoRequest, 'prompt'> & { prompt: string | undefined }): VideoGenerationBody {
  checkRequiredText('model', model, 'the gateway requires a video model id (e.g. "veo-3")');
  checkRequiredText('prompt', prompt, 'the gateway requires a text prompt');
  checkMaxLength('prompt', prompt, VIDEO_LIMITS.prompt.max);
  checkOneOf('aspectRatio', aspectRatio, VIDEO_ASPECT_RATIOS);
  checkOneOf('duration', duration, VIDEO_DURATIONS);
  checkString('user', user);
  const body: VideoGenerationBody = { model, prompt };
  if (aspectRatio !== undefined) body.aspect_ratio = aspectRatio;
  if (duration !== undefined) body.duration = duration;
  if (user !== undefined) body.user = user;
  return body;
}

/** A completed job carries its video (`toVideoJob` refuses one that does not). */
function isCompletedVideoJob(job: UnigateVideoJob): job is UnigateCompletedVideoJob {
  return job.status === 'completed' && job.result !== undefined;
}

/**
 * The public job from a status answer. A completed job without `result` breaks the contract: it throws.
 * `secret` is redacted from the gateway's error message and from the error.
 */
function toVideoJob(jobId: string, response: VideoJobStatusResponse, secret: string | undefined): UnigateVideoJob {
  const job: UnigateVideoJob = { jobId: response.job_id ?? jobId, status: response.status };
  if (response.status === 'completed') {
    if (!response.result) {
      const error = new InvalidResponseDataError({
        data: response,
        message: `Unigate video job ${job.jobId} is completed but the status answer has no result.video_url`,
      });
      throw redactSecrets(error, secret);
    }
    job.result = { videoUrl: response.result.video_url };
    if (response.result.thumbnail_url) job.result.thumbnailUrl = response.result.thumbnail_url;
  }
  if (response.status === 'failed') {
    job.error = { message: redactSecrets(response.error?.message || 'the gateway sent no error message', secret) };
  }
  return job;
}

/** The error of a job the gateway reports `failed`; `secret` is redacted from all of it, `job` included. */
export function failedJobError(job: UnigateVideoJob, secret: string | undefined): UnigateVideoJobError {
  const said = job.error?.message ?? 'the gateway sent no error message';
  const error = new UnigateVideoJobError({
    jobId: job.jobId,
    reason: 'failed',
    status: 'failed',
    job,
    message: `Unigate video job ${job.jobId} failed: ${said}`,
  });
  return redactSecrets(error, secret);
}

/**
 * The error of a wait that ran out of time; `cause` is the last transient error, if polling had one.
 * `secret` is redacted from all of it (the cause quotes the gateway's answer).
 */
function timeoutError(
  jobId: string,
  timeoutMs: number,
  status: UnigateVideoJobStatus | undefined,
  cause: unknown,
  secret: string | undefined,
): UnigateVideoJobError {
  const last = status === undefined ? 'no status read' : `last status: ${status}`;
  const error = new UnigateVideoJobError({
    jobId,
    reason: 'timeout',
    ...(status !== undefined ? { status } : {}),
    cause,
    message:
      `Unigate video job ${jobId} did not finish within ${timeoutMs} ms (${last}). ` +
      `The job keeps running: videoJobs.wait('${jobId}') on the provider resumes the wait.`,
  });
  return redactSecrets(error, secret);
}

/** Per-request settings: cancel, and extra headers (sent to the gateway's own origins only). */
interface VideoRequestOptions {
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
function videoStatusUrl(config: GatewayConnection, jobId: string, statusUrl?: string | null): string {
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
  return { job, responseHeaders };
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
  return { job: toVideoJob(jobId, value, config.optionalApiKey()), responseHeaders };
}

/** The longest pause between polls after transient failures. */
const MAX_BACKOFF_MS = 60_000;
/** Timers overflow past this (about 24.8 days): a longer timeout means no deadline. */
const MAX_TIMER_MS = 2_147_483_647;

/** A failure that says nothing about the job: rate limits, 5xx, 408/409, a dropped connection. */
function isTransient(error: unknown): boolean {
  return (APICallError.isInstance(error) && error.isRetryable) || error instanceof TypeError;
}

/** The poll interval of a wait that names none: the provider's setting, else the gateway's 5 seconds. */
function videoPollIntervalMs(config: VideoModelConfig): number {
  return config.videoPollIntervalMs ?? DEFAULT_VIDEO_POLL_INTERVAL_MS;
}

/** Checks the wait's timing before any request; `prefix` names where the options came from. */
export function checkWaitOptions(options: UnigateVideoWaitOptions, prefix = ''): void {
  checkRequestOptions(options, prefix);
  const { pollIntervalMs, timeoutMs, onStatus, statusUrl } = options;
  checkRange(`${prefix}pollIntervalMs`, pollIntervalMs, VIDEO_LIMITS.pollIntervalMs);
  checkRange(`${prefix}timeoutMs`, timeoutMs, VIDEO_LIMITS.timeoutMs);
  if (onStatus !== undefined && typeof onStatus !== 'function')
    failArgument(`${prefix}onStatus`, 'expected a function', onStatus);
  checkString(`${prefix}statusUrl`, statusUrl);
}

/** What an aborted wait throws: the signal's reason, like fetch does. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Polls a job until it is `completed` (returned) or `failed` (thrown as `UnigateVideoJobError`).
 * Transient failures never end the wait: they are retried with backoff (doubling from the poll
 * interval, capped at 60 s; `Retry-After` honoured) until the job answers or time runs out. The abort
 * signal and the timeout stop every pause and request at once; a timeout throws an error with the job
 * id, so the wait can be resumed. `firstPollAfterMs` pauses before the first poll (a job just created).
 */
async function waitForVideoJob(
  config: VideoModelConfig,
  jobId: string,
  options: UnigateVideoWaitOptions & { firstPollAfterMs?: number; lastStatus?: UnigateVideoJobStatus } = {},
): Promise<UnigateCompletedVideoJob> {
  const { pollIntervalMs = videoPollIntervalMs(config), timeoutMs = DEFAULT_VIDEO_TIMEOUT_MS, abortSignal } = options;
  checkWaitOptions(options);
  if (abortSignal?.aborted) throw abortReason(abortSignal);

  let status = options.lastStatus;
  let lastFailure: unknown;
  // One signal for every pause and request: the caller's abort, or the deadline.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  abortSignal?.addEventListener('abort', onAbort, { once: true });
  const deadline = timeoutMs <= MAX_TIMER_MS ? setTimeout(() => stop.abort(), timeoutMs) : undefined;
  const secret = config.optionalApiKey();
  const stopped = () =>
    abortSignal?.aborted ? abortReason(abortSignal) : timeoutError(jobId, timeoutMs, status, lastFailure, secret);
  const pause = async (ms: number) => {
    try {
      await delay(ms, { abortSignal: stop.signal });
    } catch {
      throw stopped();
    }
  };
  const request: VideoRequestOptions & { statusUrl?: string } = { abortSignal: stop.signal, headers: options.headers };
  if (options.statusUrl !== undefined) request.statusUrl = options.statusUrl;

  try {
    if (options.firstPollAfterMs) await pause(options.firstPollAfterMs);
    for (let failures = 0; ; ) {
      let job: UnigateVideoJob;
      try {
        job = (await fetchVideoJob(config, jobId, request)).job;
      } catch (error) {
        if (stop.signal.aborted) throw stopped();
        if (!isTransient(error)) throw error;
        lastFailure = error;
        failures++;
        await pause(retryAfterMs(error) ?? Math.min(Math.max(pollIntervalMs, 1) * 2 ** (failures - 1), MAX_BACKOFF_MS));
        continue;
      }
      failures = 0;
      lastFailure = undefined;
      if (job.status !== status) {
        status = job.status;
        options.onStatus?.(job);
      }
      if (isCompletedVideoJob(job)) return job;
      if (job.status === 'failed') throw failedJobError(job, secret);
      await pause(pollIntervalMs);
    }
  } finally {
    clearTimeout(deadline);
    abortSignal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Creates a job and waits for it: `onStatus` sees `pending` at creation, then every change; the first
 * poll comes one interval after creation, as in the gateway's published client loop. Only the creation
 * is retried here (`maxRetries`); a retry after the job exists would start a second one.
 */
export async function runVideoJob(
  config: VideoModelConfig,
  body: VideoGenerationBody,
  options: UnigateVideoWaitOptions & { maxRetries?: number },
): Promise<{ job: UnigateCompletedVideoJob; responseHeaders?: Record<string, string> }> {
  const { abortSignal, headers, maxRetries } = options;
  const { job: created, responseHeaders } = await withRetries(
    () => postVideoJob(config, body, { abortSignal, headers }),
    {
      abortSignal,
      maxRetries,
    },
  );
  options.onStatus?.({ jobId: created.jobId, status: 'pending' });
  const job = await waitForVideoJob(config, created.jobId, {
    ...options,
    statusUrl: created.statusUrl,
    lastStatus: 'pending',
    firstPollAfterMs: options.pollIntervalMs ?? videoPollIntervalMs(config),
  });
  return { job, responseHeaders };
}

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
  config: VideoModelConfig,
  request: UnigateVideoRequest,
  options: JobRequestOptions = {},
): Promise<UnigateCreatedVideoJob> {
  checkObject('request', request, true);
  const body = prepareVideoBody(request);
  return retried(options, sent => postVideoJob(config, body, sent));
}

/** `gw.videoJobs.get`: the job now. */
export function getJob(
  config: VideoModelConfig,
  jobId: string,
  options: JobRequestOptions = {},
): Promise<UnigateVideoJob> {
  checkJobId(jobId);
  return retried(options, sent => fetchVideoJob(config, jobId, sent));
}

/** `gw.videoJobs.wait`. */
export function waitJob(
  config: VideoModelConfig,
  jobId: string,
  options: UnigateVideoWaitOptions = {},
): Promise<UnigateCompletedVideoJob> {
  checkJobId(jobId);
  return waitForVideoJob(config, jobId, options);
}

/** `gw.videoJobs.generate`: `create`, then `wait`. */
export async function generateJob(
  config: VideoModelConfig,
  request: UnigateVideoRequest,
  options: UnigateVideoWaitOptions = {},
): Promise<UnigateCompletedVideoJob> {
  checkObject('request', request, true);
  checkWaitOptions(options);
  const body = prepareVideoBody(request);
  return (await runVideoJob(config, body, options)).job;
}
