import type {
  Experimental_VideoModelV3,
  Experimental_VideoModelV3CallOptions,
  Experimental_VideoModelV3VideoData,
  JSONValue,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { parseUnigateOptions, unsupportedSettingWarnings, type UnsupportedSetting } from '../prompt/call-options';
import { failArgument } from '../checks/validate-argument';
import { isObjectRecord } from '../checks/values';
import { runPricedCall, type PricedCall } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { unitCost } from '../pricing/compute-cost';
import type { UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateVideoModelId } from '../settings/unigate-model-ids';
import {
  unigateVideoProviderOptionsSchema,
  type UnigateVideoModelSettings,
  type UnigateVideoProviderMetadata,
} from './unigate-video-options';
import type { UnigateVideoJob } from './video-job';
import {
  checkJobId,
  checkWaitOptions,
  failedJobError,
  fetchVideoJob,
  postVideoJob,
  prepareVideoBody,
  runVideoJob,
} from './video-job-flow';

// What a video model's calls run, loaded by its first call (import() in unigate-video-model.ts): an app
// that makes no video never loads the job runner, the requests or the checks of a call's options.

/** Response information of every result, as the AI SDK's video types have it. */
export interface UnigateVideoResponseInfo {
  timestamp: Date;
  modelId: string;
  headers: Record<string, string> | undefined;
}

/** What `doStart` returns: the shape of ai@7's `VideoModelV4OperationStartResult`. */
export interface UnigateVideoStartResult {
  /** `{ jobId, statusUrl }`: JSON, to persist and hand to `doStatus` (or `gw.videoJobs.wait(jobId)`) later. */
  operation: JSONValue;
  warnings: SharedV3Warning[];
  providerMetadata?: SharedV3ProviderMetadata;
  response: UnigateVideoResponseInfo;
}

/** What `doStatus` returns: the shape of ai@7's `VideoModelV4OperationStatusResult`. */
export type UnigateVideoStatusResult =
  | {
      status: 'pending';
      warnings?: SharedV3Warning[];
      providerMetadata?: SharedV3ProviderMetadata;
      response: UnigateVideoResponseInfo;
    }
  | {
      status: 'completed';
      videos: Experimental_VideoModelV3VideoData[];
      warnings: SharedV3Warning[];
      providerMetadata?: SharedV3ProviderMetadata;
      response: UnigateVideoResponseInfo;
    }
  | { status: 'error'; error: string; providerMetadata?: SharedV3ProviderMetadata; response: UnigateVideoResponseInfo };

/**
 * A video model (spec V3) that also has ai@7's asynchronous start/status methods: ai@7's
 * `experimental_startVideo`, `experimental_getVideoStatus` and `experimental_generateVideo({ poll })`
 * use them; ai@6 calls `doGenerate`.
 */
export interface UnigateVideoModelV3 extends Experimental_VideoModelV3 {
  doStart(
    options: Experimental_VideoModelV3CallOptions & { webhookUrl?: string },
  ): PromiseLike<UnigateVideoStartResult>;
  doStatus(options: {
    operation: JSONValue;
    abortSignal?: AbortSignal;
    headers?: Record<string, string | undefined>;
  }): PromiseLike<UnigateVideoStatusResult>;
}

/** The model a call is made for: its id, the provider's context and the model's settings. */
export interface VideoCallTarget {
  readonly modelId: UnigateVideoModelId;
  readonly context: UnigateModelContext;
  readonly settings: UnigateVideoModelSettings;
}

/** Call options the video endpoint has no parameter for, with what happened to them. */
const UNSUPPORTED: ReadonlyArray<UnsupportedSetting<Experimental_VideoModelV3CallOptions & { webhookUrl?: string }>> = [
  ['resolution', 'The video endpoint has no resolution parameter; resolution was not sent.'],
  ['fps', 'The video endpoint has no frame-rate parameter; fps was not sent.'],
  ['seed', 'The video endpoint has no seed parameter; seed was not sent.'],
  ['image', 'The video endpoint takes a text prompt only; the image was not sent.'],
  ['frameImages', 'The video endpoint takes a text prompt only; frameImages were not sent.'],
  ['inputReferences', 'The video endpoint takes a text prompt only; inputReferences were not sent.'],
  ['generateAudio', 'The video endpoint has no audio parameter; generateAudio was not sent.'],
  ['webhookUrl', 'The gateway sends no job notifications; the job is polled instead.'],
];

/** The job id (and status URL) of an operation from `doStart`, or of a bare job id string. */
function readOperation(operation: JSONValue): { jobId: string; statusUrl?: string } {
  if (typeof operation === 'string') {
    checkJobId(operation, 'operation');
    return { jobId: operation };
  }
  if (isObjectRecord(operation) && operation.jobId !== undefined) {
    const { jobId, statusUrl } = operation;
    checkJobId(jobId, 'operation.jobId');
    return { jobId, statusUrl: typeof statusUrl === 'string' ? statusUrl : undefined };
  }
  return failArgument('operation', 'expected { jobId } from doStart (or a job id)', operation);
}

/** The job's metadata; a completed job also carries its cost when `price` has a per-video price. */
function videoMetadata(job: UnigateVideoJob, price?: UnigateModelPrice): SharedV3ProviderMetadata {
  // Always the status: ai@7's poll merges every status's metadata, so a completed one must overwrite `processing`.
  const unigate: UnigateVideoProviderMetadata = { jobId: job.jobId, status: job.status };
  if (job.result) unigate.videoUrl = job.result.videoUrl;
  if (job.result?.thumbnailUrl) unigate.thumbnailUrl = job.result.thumbnailUrl;
  return withCost({ unigate: { ...unigate } }, job.result ? unitCost(price, 'video', 1) : undefined);
}

/** `onStatus` used to be a provider option; a function there is not JSON, so it moved to the model settings. */
function movedOptionWarning(warning: SharedV3Warning): SharedV3Warning {
  if (warning.type !== 'unsupported' || warning.feature !== 'providerOptions.unigate.onStatus') return warning;
  return {
    ...warning,
    details:
      'onStatus is no longer a provider option (provider options are JSON): pass it as a model setting, ' +
      "gw.video('model-id', { onStatus }), or to gw.videoJobs.wait/generate.",
  };
}

function videosOf(job: UnigateVideoJob): Experimental_VideoModelV3VideoData[] {
  // The gateway documents no media type; its videos are MP4.
  return job.result ? [{ type: 'url', url: job.result.videoUrl, mediaType: 'video/mp4' }] : [];
}

/** Validates every setting against the gateway's limits and builds the body: nothing here touches the network. */
function prepareRequest(
  target: VideoCallTarget,
  options: Experimental_VideoModelV3CallOptions & { webhookUrl?: string },
) {
  const { prompt, n, aspectRatio, duration, providerOptions } = options;
  const { options: unigate, warnings } = parseUnigateOptions(
    providerOptions,
    unigateVideoProviderOptionsSchema(),
    'video',
  );
  if (n !== 1) failArgument('n', 'the gateway makes one video per job (maxVideosPerCall is 1)', n);
  checkWaitOptions(unigate, 'providerOptions.unigate.');
  const body = prepareVideoBody({ model: target.modelId, prompt, aspectRatio, duration, user: unigate.user });
  warnings.push(...unsupportedSettingWarnings(options, UNSUPPORTED));
  return { body, warnings: warnings.map(movedOptionWarning), unigate };
}

function pricedCall(
  target: VideoCallTarget,
  abortSignal: AbortSignal | undefined,
  headers: Record<string, string | undefined> | undefined,
): PricedCall {
  return { modelId: target.modelId, kind: 'video', abortSignal, headers };
}

function responseInfo(target: VideoCallTarget, headers: Record<string, string> | undefined): UnigateVideoResponseInfo {
  return { timestamp: new Date(), modelId: target.modelId, headers };
}

/** Creates the job and polls it until it is completed (a video URL) or failed (an error with the job id). */
export async function generateVideo(target: VideoCallTarget, options: Experimental_VideoModelV3CallOptions) {
  const { body, warnings, unigate } = prepareRequest(target, options);
  // The price is looked up while the job runs; it never delays or fails the call.
  const { job, responseHeaders, price, pricingWarnings } = await runPricedCall(
    target.context,
    pricedCall(target, options.abortSignal, options.headers),
    () =>
      runVideoJob(target.context.video, body, {
        ...unigate,
        onStatus: target.settings.onStatus,
        abortSignal: options.abortSignal,
        headers: options.headers,
        // The AI SDK retries doGenerate as a whole; retrying here as well would multiply the attempts.
        maxRetries: 0,
      }),
  );
  return {
    videos: videosOf(job),
    warnings: [...warnings, ...pricingWarnings],
    providerMetadata: videoMetadata(job, price),
    response: responseInfo(target, responseHeaders),
  };
}

/** Starts the job and returns at once: the operation is `{ jobId, statusUrl }`. */
export async function startVideo(
  target: VideoCallTarget,
  options: Experimental_VideoModelV3CallOptions & { webhookUrl?: string },
): Promise<UnigateVideoStartResult> {
  const { body, warnings } = prepareRequest(target, options);
  // The catalog checks' warnings belong to the start; the cost comes with the completed status.
  const { job, responseHeaders, pricingWarnings } = await runPricedCall(
    target.context,
    pricedCall(target, options.abortSignal, options.headers),
    () => postVideoJob(target.context.video, body, { abortSignal: options.abortSignal, headers: options.headers }),
  );
  return {
    operation: { jobId: job.jobId, statusUrl: job.statusUrl },
    warnings: [...warnings, ...pricingWarnings],
    providerMetadata: videoMetadata(job),
    response: responseInfo(target, responseHeaders),
  };
}

/** One status read: `pending` (also while processing), `completed` with the video, or `error`. */
export async function readVideoStatus(
  target: VideoCallTarget,
  {
    operation,
    abortSignal,
    headers,
  }: { operation: JSONValue; abortSignal?: AbortSignal; headers?: Record<string, string | undefined> },
): Promise<UnigateVideoStatusResult> {
  const { jobId, statusUrl } = readOperation(operation);
  const { job, responseHeaders, price } = await runPricedCall(
    target.context,
    pricedCall(target, abortSignal, headers),
    () => fetchVideoJob(target.context.video, jobId, { abortSignal, headers, statusUrl }),
  );
  const response = responseInfo(target, responseHeaders);
  if (job.status === 'completed') {
    // doStart reported the catalog checks already: only the price is used here.
    return {
      status: 'completed',
      videos: videosOf(job),
      warnings: [],
      providerMetadata: videoMetadata(job, price),
      response,
    };
  }
  if (job.status === 'failed') {
    const error = failedJobError(job, target.context.video.optionalApiKey()).message;
    return { status: 'error', error, providerMetadata: videoMetadata(job), response };
  }
  return { status: 'pending', providerMetadata: videoMetadata(job), response };
}
