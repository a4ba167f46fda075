import { InvalidArgumentError } from '@ai-sdk/provider';
import { checkMaxLength, checkOneOf, checkString, formatArgumentValue } from '../internal/validate-argument';
import { VIDEO_ASPECT_RATIOS, VIDEO_DURATIONS, VIDEO_LIMITS } from './unigate-video-options';
import type { VideoGenerationBody } from './video-api-types';

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

/**
 * Checks a request against the gateway's limits and builds the wire body; nothing here touches the
 * network, so a request that must fail spends none of the daily quota.
 */
export function prepareVideoBody({
  model,
  prompt,
  aspectRatio,
  duration,
  user,
}: Omit<UnigateVideoRequest, 'prompt'> & { prompt: string | undefined }): VideoGenerationBody {
  if (typeof model !== 'string' || model.trim() === '') {
    throw new InvalidArgumentError({
      argument: 'model',
      message: `Invalid argument model: the gateway requires a video model id (e.g. "veo-3"); received ${model === undefined ? 'none' : formatArgumentValue(model)}.`,
    });
  }
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    throw new InvalidArgumentError({
      argument: 'prompt',
      message: `Invalid argument prompt: the gateway requires a text prompt; received ${prompt === undefined ? 'none' : formatArgumentValue(prompt)}.`,
    });
  }
  checkMaxLength('prompt', prompt, VIDEO_LIMITS.prompt.max);
  checkOneOf('aspectRatio', aspectRatio, VIDEO_ASPECT_RATIOS);
  checkOneOf('duration', duration, VIDEO_DURATIONS);
  checkString('user', user);
  const body: VideoGenerationBody = { model, prompt };
  if (aspectRatio !== undefined) body.aspect_ratio = aspectRatio;
  if (duration !== undefined) body.duration = duration;
  if (user !== undefined) body.user = user;
  return body;
}
