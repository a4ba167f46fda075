import { InvalidResponseDataError } from '@ai-sdk/provider';
import { redactSecrets } from '../internal/redact-secrets';
import type { VideoJobStatusResponse } from './video-api-types';

/** The states of a video job (docs/video-and-catalog.md#video-job-states). */
export type UnigateVideoJobStatus = 'pending' | 'processing' | 'completed' | 'failed';

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

/** A completed job carries its video (`toVideoJob` refuses one that does not). */
export function isCompletedVideoJob(job: UnigateVideoJob): job is UnigateCompletedVideoJob {
  return job.status === 'completed' && job.result !== undefined;
}

/** What `gw.videoJobs.create` returns. */
export interface UnigateCreatedVideoJob {
  jobId: string;
  status: 'pending';
  /** Where the job's status is polled: the gateway's `status_url`, or one built from `altBaseURL`. */
  statusUrl: string;
}

/**
 * The public job from a status answer. A completed job without `result` breaks the contract: it throws.
 * `secret` is redacted from the gateway's error message and from the error.
 */
export function toVideoJob(
  jobId: string,
  response: VideoJobStatusResponse,
  secret: string | undefined,
): UnigateVideoJob {
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
