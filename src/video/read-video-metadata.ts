import { type FieldChecks, isString, keyOf, optional } from '../internal/field-checks';
import { readUnigateMetadata, type UnigateMetadataSource } from '../internal/read-unigate-metadata';
import { isUnigateCost } from '../pricing/is-unigate-cost';
import type { UnigateVideoProviderMetadata } from './unigate-video-options';
import type { UnigateVideoJobStatus } from './video-job';

// Every status, as a record so that a status added to `UnigateVideoJobStatus` and not here fails to compile.
const STATUSES: Record<UnigateVideoJobStatus, true> = {
  pending: true,
  processing: true,
  completed: true,
  failed: true,
};

const VIDEO_FIELDS: FieldChecks<UnigateVideoProviderMetadata> = {
  jobId: isString,
  status: keyOf(STATUSES),
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
