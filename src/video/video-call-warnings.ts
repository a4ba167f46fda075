import type { Experimental_VideoModelV3CallOptions, SharedV3Warning } from '@ai-sdk/provider';

/** Call options the video endpoint has no parameter for, with what happened to them. */
const UNSUPPORTED: ReadonlyArray<[keyof Experimental_VideoModelV3CallOptions | 'webhookUrl', string]> = [
  ['resolution', 'The video endpoint has no resolution parameter; resolution was not sent.'],
  ['fps', 'The video endpoint has no frame-rate parameter; fps was not sent.'],
  ['seed', 'The video endpoint has no seed parameter; seed was not sent.'],
  ['image', 'The video endpoint takes a text prompt only; the image was not sent.'],
  ['frameImages', 'The video endpoint takes a text prompt only; frameImages were not sent.'],
  ['inputReferences', 'The video endpoint takes a text prompt only; inputReferences were not sent.'],
  ['generateAudio', 'The video endpoint has no audio parameter; generateAudio was not sent.'],
  ['webhookUrl', 'The gateway sends no job notifications; the job is polled instead.'],
];

/** An `unsupported` warning for every set option the gateway cannot take (an empty list counts as unset). */
export function unsupportedVideoWarnings(
  options: Experimental_VideoModelV3CallOptions & { webhookUrl?: string },
): SharedV3Warning[] {
  return UNSUPPORTED.filter(([feature]) => {
    const value: unknown = options[feature];
    return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
  }).map(([feature, details]) => ({ type: 'unsupported', feature, details }));
}
