// The asynchronous video endpoints (docs/video-and-catalog.md#video-request,
// docs/video-and-catalog.md#video-status-polling), plus the finished files: every completed job serves
// the same small real
// MP4 and JPEG thumbnail from the emulator's own origin. Job state lives in the emulator's store
// (video-jobs.ts); errors use the image/video shape `{error:{type,message}}`.

import type { EmulatorContext, EmulatorRoute } from '../emulator-context';
import { readMarkers, VIDEO_FAIL_MARKER } from '../emulator-faults';
import { errorResponse, jsonResponse } from '../emulator-responses';
import { SAMPLE_THUMBNAIL_JPEG_BASE64, SAMPLE_VIDEO_MP4_BASE64 } from '../video-assets';
import type { VideoJobState } from '../video-jobs';

/** The prompt limit of image and video `prompt` (docs/endpoints.md#limits). */
export const VIDEO_PROMPT_MAX_CHARACTERS = 1000;
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export const VIDEO_DURATIONS = [5, 10] as const;

/** The `error.message` of a job failed by `[[emulator:video-fail]]`. */
export const VIDEO_FAIL_MESSAGE = `Video generation failed: the prompt carries the marker ${VIDEO_FAIL_MARKER}`;

/** The files of a completed job: the URL's last segment and what is served there. */
const FILES = new Map([
  ['video.mp4', { base64: SAMPLE_VIDEO_MP4_BASE64, contentType: 'video/mp4' }],
  ['thumbnail.jpg', { base64: SAMPLE_THUMBNAIL_JPEG_BASE64, contentType: 'image/jpeg' }],
]);

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  return Uint8Array.from(binary, char => char.charCodeAt(0));
}

/** The first problem of a creation body as a 400 message, or undefined when the body is valid. */
function creationProblem(body: Record<string, unknown>): string | undefined {
  const { model, prompt, aspect_ratio: aspectRatio, duration, user } = body;
  if (model === undefined) return "Missing required field 'model'";
  if (typeof model !== 'string') return "Invalid model: 'model' is not a string";
  if (prompt === undefined) return "Missing required field 'prompt'";
  if (typeof prompt !== 'string' || prompt.trim() === '') return "Invalid prompt: 'prompt' is not a non-empty string";
  if (prompt.length > VIDEO_PROMPT_MAX_CHARACTERS) {
    return `Invalid prompt: ${prompt.length} characters; the limit is ${VIDEO_PROMPT_MAX_CHARACTERS}`;
  }
  if (aspectRatio !== undefined && !(VIDEO_ASPECT_RATIOS as readonly unknown[]).includes(aspectRatio)) {
    return `Invalid aspect_ratio ${JSON.stringify(aspectRatio)}: accepted values are ${VIDEO_ASPECT_RATIOS.join(', ')}`;
  }
  if (duration !== undefined && !(VIDEO_DURATIONS as readonly unknown[]).includes(duration)) {
    return `Invalid duration ${JSON.stringify(duration)}: accepted values are ${VIDEO_DURATIONS.join(', ')} (seconds)`;
  }
  if (user !== undefined && typeof user !== 'string') return "Invalid user: 'user' is not a string";
  return undefined;
}

/** The status URL on the base the job was created on (`/v1` or `/alt/v1`), on the request's origin. */
function statusUrl(request: Request, context: EmulatorContext, id: string): string {
  const base = new URL(request.url).pathname.replace(/\/videos\/generations\/*$/, '');
  return `${context.origin}${base}/videos/status/${encodeURIComponent(id)}`;
}
const fileUrl = (context: EmulatorContext, id: string, file: string) =>
  `${context.origin}/files/videos/${encodeURIComponent(id)}/${file}`;

/**
 * `POST {alt_base_url}/videos/generations`: checks the body, then creates a `pending` job and answers
 * `{job_id, status:'pending', status_url}` (absolute, on the request's origin and base). `[[emulator:status:<code>]]`
 * in the prompt answers that HTTP error instead; `[[emulator:video-fail]]` makes the job end `failed`.
 */
export const videoGenerationsRoute: EmulatorRoute = async (request, context) => {
  const body = context.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return errorResponse('image-video', 400, 'Invalid body: expected a JSON object');
  }
  const problem = creationProblem(body as Record<string, unknown>);
  if (problem !== undefined) return errorResponse('image-video', 400, problem);
  const prompt = (body as { prompt: string }).prompt;
  const { fault } = readMarkers(prompt);
  if (fault?.kind === 'status') {
    return errorResponse(
      'image-video',
      fault.status,
      `Emulated HTTP ${fault.status} ([[emulator:status:${fault.status}]])`,
    );
  }
  const job = context.videoJobs.create(prompt.includes(VIDEO_FAIL_MARKER) ? { failMessage: VIDEO_FAIL_MESSAGE } : {});
  return jsonResponse({ job_id: job.id, status: job.status, status_url: statusUrl(request, context, job.id) });
};

function jobBody(context: EmulatorContext, job: VideoJobState): object {
  const base = { job_id: job.id, status: job.status };
  if (job.status === 'completed') {
    return {
      ...base,
      result: {
        video_url: fileUrl(context, job.id, 'video.mp4'),
        thumbnail_url: fileUrl(context, job.id, 'thumbnail.jpg'),
      },
    };
  }
  if (job.status === 'failed') return { ...base, error: { message: job.failMessage } };
  return base;
}

const unknownJob = (id: string) => errorResponse('image-video', 404, `Unknown job_id '${id}'`, 'not_found_error');

/**
 * `GET {alt_base_url}/videos/status/{job_id}`: counts a poll and answers the job's state: `job_id`,
 * `status`, and `result` (`video_url`, `thumbnail_url`) or `error` (`message`). Unknown ids get 404.
 */
export const videoStatusRoute: EmulatorRoute = async (_request, context) => {
  const id = context.params.jobId!;
  const job = context.videoJobs.poll(id);
  return job ? jsonResponse(jobBody(context, job)) : unknownJob(id);
};

/**
 * `GET /files/videos/{job_id}/video.mp4` and `.../thumbnail.jpg`: a completed job's files, without a key
 * (like a CDN link). Any other job or file name gets 404.
 */
export const videoFileRoute: EmulatorRoute = async (_request, context) => {
  const id = context.params.jobId!;
  const file = FILES.get(context.params.file!);
  const job = context.videoJobs.peek(id);
  if (job?.status !== 'completed' || !file) {
    return errorResponse('image-video', 404, `No file '${context.params.file}' for job_id '${id}'`, 'not_found_error');
  }
  const bytes = fromBase64(file.base64);
  return new Response(bytes, {
    status: 200,
    headers: { 'content-type': file.contentType, 'content-length': String(bytes.length) },
  });
};
