import { AISDKError } from '@ai-sdk/provider';
import { redactSecrets } from '../internal/redact-secrets';
import type { UnigateVideoJob, UnigateVideoJobStatus } from './video-job';

const name = 'UnigateVideoJobError';
const marker = `unigate-ai-provider.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A video job that ended without a video for the caller: it `failed` at the gateway (`reason: 'failed'`,
 * the gateway's message in the error's message and in `job.error.message`), or the wait gave up
 * (`reason: 'timeout'`; the job keeps running: `gw.videoJobs.wait(error.jobId)` resumes it). The API key
 * is redacted from all of it.
 */
export class UnigateVideoJobError extends AISDKError {
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the marker `isInstance` finds across package copies
  private readonly [symbol] = true;
  readonly jobId: string;
  readonly reason: 'failed' | 'timeout';
  /** The job's last known status. */
  readonly status: UnigateVideoJobStatus | undefined;
  /** With `failed`: the job as the gateway reported it. */
  readonly job: UnigateVideoJob | undefined;

  constructor({
    jobId,
    reason,
    message,
    status,
    job,
    cause,
  }: {
    jobId: string;
    reason: 'failed' | 'timeout';
    message: string;
    status?: UnigateVideoJobStatus;
    job?: UnigateVideoJob;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.jobId = jobId;
    this.reason = reason;
    this.status = status;
    this.job = job;
  }

  static override isInstance(error: unknown): error is UnigateVideoJobError {
    return AISDKError.hasMarker(error, marker);
  }
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
export function timeoutError(
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
