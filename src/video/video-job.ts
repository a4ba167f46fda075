import { AISDKError } from '@ai-sdk/provider';

// The public shapes of a video job, the options of a wait and the job's error: shared by `gw.videoJobs`
// (unigate-video-jobs.ts), the video model and the flow both run (video-job-flow.ts, loaded on first use).

/** A video request in the provider's names, as `gw.videoJobs.create` takes it. */
export interface UnigateVideoRequest {
  /** A video model id from the catalog (type video), e.g. `veo-3`. */
  model: string;
  /** What to show: at most 1000 characters. */
  prompt: string;
  /** `16:9` (the gateway's default), `9:16` or `1:1`. */
  aspectRatio?: string;
  /** Seconds: 5 (the gateway's default) or 10. */
  duration?: number;
  /** End-user id for the gateway's abuse monitoring. */
  user?: string;
}

/** The states of a video job (docs/video-and-catalog.md#video-job-states): the status answer's and the metadata's. */
export const VIDEO_JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** The states of a video job (docs/video-and-catalog.md#video-job-states). */
export type UnigateVideoJobStatus = (typeof VIDEO_JOB_STATUSES)[number];

/** A video job as `gw.videoJobs` reports it. */
export interface UnigateVideoJob {
  /** The gateway's job id, `vid-<id>`: enough to resume waiting from another process. */
  jobId: string;
  status: UnigateVideoJobStatus;
  /** Only when `completed`. */
  result?: { videoUrl: string; thumbnailUrl?: string };
  /** Only when `failed`: the gateway's message, the API key in it redacted. */
  error?: { message: string };
}

/** A job that finished with a video. */
export interface UnigateCompletedVideoJob extends UnigateVideoJob {
  status: 'completed';
  result: { videoUrl: string; thumbnailUrl?: string };
}

/** What `gw.videoJobs.create` returns. */
export interface UnigateCreatedVideoJob {
  jobId: string;
  status: 'pending';
  /** Where the job's status is polled: the gateway's `status_url`, or one built from `altBaseURL`. */
  statusUrl: string;
}

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
