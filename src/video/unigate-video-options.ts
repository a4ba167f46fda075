import { z } from 'zod/v4';
import {
  type FieldChecks,
  isString,
  lazy,
  oneOf,
  optional,
  readUnigateMetadata,
  type UnigateMetadataSource,
} from '../checks/values';
import { numberOption } from '../prompt/call-options';
import type { Limit } from '../checks/validate-argument';
import { VIDEO_JOB_STATUSES, type UnigateVideoJob, type UnigateVideoJobStatus } from './video-job';
import { isUnigateCost } from '../pricing/compute-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';

/** The video limits (docs/video-and-catalog.md#video-request). */
export const VIDEO_LIMITS = {
  /** Characters of the prompt. */
  prompt: { min: 1, max: 1000 },
  /** Videos per job: the endpoint makes one. */
  n: { min: 1, max: 1 },
  /** Milliseconds between status polls. */
  pollIntervalMs: { min: 0 },
  /** Milliseconds a wait may last. */
  timeoutMs: { min: 0 },
} as const satisfies Record<string, Limit>;

/** The aspect ratios the gateway accepts (default `16:9`). */
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
/** The durations in seconds the gateway accepts (default 5). */
export const VIDEO_DURATIONS = [5, 10] as const;

/** Between status polls: the 5 seconds of the gateway's published client loop. */
export const DEFAULT_VIDEO_POLL_INTERVAL_MS = 5_000;
/** How long a wait lasts before it gives up (the job keeps running and can be resumed by id). */
export const DEFAULT_VIDEO_TIMEOUT_MS = 600_000;

// Types only; ranges are checked afterwards with validate-argument so errors name limit and value.
export const unigateVideoProviderOptionsSchema = lazy(() =>
  z.object({
    user: z.string().optional(),
    pollIntervalMs: numberOption().optional(),
    timeoutMs: numberOption().optional(),
  }),
);

/**
 * Settings of one video model: `gw.video(modelId, settings)`. Functions live here, not in
 * `providerOptions`, which are JSON.
 *
 * @example
 * ```ts
 * const model = gw.video('veo-3', { onStatus: job => console.log(job.jobId, job.status) });
 * ```
 */
export interface UnigateVideoModelSettings {
  /**
   * Called with the job on every status change while `doGenerate` waits (first `pending`, last
   * `completed`). ai@7's `poll` loop reads the status itself and does not call it.
   */
  onStatus?: (job: UnigateVideoJob) => void;
}

/**
 * Options of the video model, passed as `providerOptions.unigate`: JSON values only. The status callback
 * is a model setting: `gw.video(modelId, { onStatus })`.
 *
 * @example
 * ```ts
 * await experimental_generateVideo({
 *   model: gw.video('veo-3'),
 *   prompt: 'A paper boat on a river',
 *   providerOptions: { unigate: { pollIntervalMs: 2_000, timeoutMs: 300_000, user: 'user-42' } },
 * });
 * ```
 */
export interface UnigateVideoProviderOptions {
  /** End-user id for the gateway's abuse monitoring, sent as `user`. */
  user?: string;
  /**
   * Milliseconds between status polls (at least 0). Default: the provider's `videoPollIntervalMs`
   * setting, else 5000 (the gateway's published client loop).
   */
  pollIntervalMs?: number;
  /**
   * Milliseconds to wait for the job before giving up (at least 0). Default 600000 (10 minutes). The
   * timeout error carries the job id: `gw.videoJobs.wait(jobId)` resumes the wait.
   */
  timeoutMs?: number;
}

/** What the video model puts in `providerMetadata.unigate`. */
export interface UnigateVideoProviderMetadata {
  /** The gateway's job id (`vid-<id>`): `gw.videoJobs.get(jobId)` reads the job again. */
  jobId: string;
  /**
   * The job's status when this result was made: `pending` after a start, `pending` or `processing` on a
   * status read, `completed` with the video, `failed` with the error.
   */
  status: UnigateVideoJobStatus;
  /** Where the gateway serves the video (the AI SDK downloads it from here). */
  videoUrl?: string;
  /** The job's thumbnail, when the gateway sent one. */
  thumbnailUrl?: string;
  /**
   * What the completed video cost: `perVideo` of a price table (the catalog has no per-video price). On
   * `doGenerate`'s result and on `doStatus`'s `completed` one (ai@7's `poll`).
   */
  cost?: UnigateCost;
}

const VIDEO_FIELDS: FieldChecks<UnigateVideoProviderMetadata> = {
  jobId: isString,
  status: oneOf(VIDEO_JOB_STATUSES),
  videoUrl: optional(isString),
  thumbnailUrl: optional(isString),
  cost: optional(isUnigateCost),
};

/**
 * The video model's `providerMetadata.unigate`, typed: the gateway's `jobId`, the job's `status`, and
 * when known `videoUrl`, `thumbnailUrl` and `cost`. `undefined` when the result has none (another
 * provider's model) or it is not of that shape. Takes the result of `experimental_generateVideo` of
 * either major (its metadata is the last request's), one of its `responses`, or ai@7's
 * `experimental_getVideoStatus` result.
 *
 * @example
 * ```ts
 * const result = await experimental_generateVideo({ model: gw.video('veo-3'), prompt: 'A paper boat' });
 * unigateVideoMetadata(result)?.jobId; // 'vid-…': gw.videoJobs.get(jobId) reads the job again
 * ```
 */
export function unigateVideoMetadata(
  result: UnigateMetadataSource | undefined,
): UnigateVideoProviderMetadata | undefined {
  return readUnigateMetadata(result, VIDEO_FIELDS);
}
