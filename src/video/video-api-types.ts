import { z } from 'zod/v4';
import { lazy } from '../checks/values';
import { VIDEO_JOB_STATUSES } from './video-job';

/** `POST {alt_base_url}/videos/generations` body (docs/video-and-catalog.md#video-request). */
export interface VideoGenerationBody {
  model: string;
  prompt: string;
  aspect_ratio?: string;
  duration?: number;
  user?: string;
}

/** The creation answer: `job_id`, `status` (always `pending`), `status_url` (absolute). */
export const videoJobCreatedSchema = lazy(() =>
  z.object({
    // The id becomes a status URL's path segment: a dot segment would point the key at another path.
    job_id: z
      .string()
      .refine(id => id !== '' && id !== '.' && id !== '..', { message: 'expected a job id, not empty, "." or ".."' }),
    status: z.string(),
    status_url: z.string().nullish(),
  }),
);

/** A status answer: the job's fields, with `result` when completed and `error` when failed. */
export const videoJobStatusSchema = lazy(() =>
  z.object({
    job_id: z.string().nullish(),
    status: z.enum(VIDEO_JOB_STATUSES),
    result: z
      .object({
        video_url: z.string(),
        thumbnail_url: z.string().nullish(),
      })
      .nullish(),
    error: z.object({ message: z.string().nullish() }).nullish(),
  }),
);

export type VideoJobStatusResponse = z.output<ReturnType<typeof videoJobStatusSchema>>;
