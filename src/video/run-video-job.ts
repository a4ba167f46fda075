import { withRetries } from '../internal/retry';
import type { GatewayConnection } from '../unigate-config';
import type { VideoGenerationBody } from './video-api-types';
import type { UnigateCompletedVideoJob } from './video-job';
import { postVideoJob } from './video-job-requests';
import { videoPollIntervalMs, waitForVideoJob, type UnigateVideoWaitOptions } from './wait-for-video-job';

/**
 * Creates a job and waits for it: `onStatus` sees `pending` at creation, then every change; the first
 * poll comes one interval after creation, as in the gateway's published client loop. Only the creation
 * is retried here (`maxRetries`); a retry after the job exists would start a second one.
 */
export async function runVideoJob(
  config: GatewayConnection,
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
  return { job, ...(responseHeaders ? { responseHeaders } : {}) };
}
