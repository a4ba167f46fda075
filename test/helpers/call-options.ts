import type { Experimental_VideoModelV3CallOptions, ImageModelV3CallOptions } from '@ai-sdk/provider';

// Complete call options for the models whose option types list every field, shared by the tests.

/** An image call with every option unset but the prompt and `n: 1`. */
export function imageCallOptions(overrides: Partial<ImageModelV3CallOptions> = {}): ImageModelV3CallOptions {
  return {
    prompt: 'A lighthouse at dusk',
    n: 1,
    size: undefined,
    aspectRatio: undefined,
    seed: undefined,
    files: undefined,
    mask: undefined,
    providerOptions: {},
    ...overrides,
  };
}

/** A video call with every option unset but the prompt, `n: 1` and a 1 ms poll interval. */
export function videoCallOptions(
  overrides: Partial<Experimental_VideoModelV3CallOptions> = {},
): Experimental_VideoModelV3CallOptions {
  return {
    prompt: 'A paper boat on a river',
    n: 1,
    aspectRatio: undefined,
    resolution: undefined,
    duration: undefined,
    fps: undefined,
    seed: undefined,
    image: undefined,
    frameImages: undefined,
    inputReferences: undefined,
    generateAudio: undefined,
    providerOptions: { unigate: { pollIntervalMs: 1 } },
    ...overrides,
  };
}
