import { APICallError } from '@ai-sdk/provider';
import { delay } from '@ai-sdk/provider-utils';
import { retryAfterMs } from '../internal/retry';
import { checkRange, checkRequestOptions, checkString, failArgument } from '../internal/validate-argument';
import type { GatewayConnection } from '../unigate-config';
import { DEFAULT_VIDEO_POLL_INTERVAL_MS, DEFAULT_VIDEO_TIMEOUT_MS, VIDEO_LIMITS } from './unigate-video-options';
import {
  isCompletedVideoJob,
  type UnigateCompletedVideoJob,
  type UnigateVideoJob,
  type UnigateVideoJobStatus,
} from './video-job';
import { failedJobError, timeoutError } from './video-job-error';
import { fetchVideoJob, type VideoRequestOptions } from './video-job-requests';

/** How `gw.videoJobs.wait` (and the video model) waits for a job. */
export interface UnigateVideoWaitOptions {
  /**
   * Milliseconds between status polls. Default: the provider's `videoPollIntervalMs` setting, else 5000
   * (the gateway's published client loop).
   */
  pollIntervalMs?: number;
  /** Milliseconds before the wait gives up with a timeout error carrying the job id. Default 600000. */
  timeoutMs?: number;
  /** Ends the wait at once, also in the middle of a pause between polls, with the signal's reason. */
  abortSignal?: AbortSignal;
  /** Called with the job on every status change (the first status read counts as a change). */
  onStatus?: (job: UnigateVideoJob) => void;
  /** Extra headers for every status request. */
  headers?: Record<string, string | undefined>;
  /** The job's `status_url` from creation; used only when it is on the gateway's own origins. */
  statusUrl?: string;
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
export function videoPollIntervalMs(config: GatewayConnection): number {
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
export async function waitForVideoJob(
  config: GatewayConnection,
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
