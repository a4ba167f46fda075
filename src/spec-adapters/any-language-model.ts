import type { LanguageModelV3 } from '@ai-sdk/provider';

/**
 * A language model of spec V4, by its shape: what `gw.fallback` needs to know of one to take it. The
 * root entry's types cannot name `LanguageModelV4` (an ai@6 app has `@ai-sdk/provider` 3), so this is
 * how they accept one; every V4 model (`@ai-sdk/anthropic@4`, `@ai-sdk/openai-compatible@3`...) fits.
 */
export interface LanguageModelOfSpecV4 {
  readonly specificationVersion: 'v4';
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls: unknown;
  doGenerate(options: never): PromiseLike<unknown>;
  doStream(options: never): PromiseLike<unknown>;
}

/** Any AI SDK language model a fallback chain takes: V3 or V4, this package's or another provider's. */
export type AnyLanguageModel = LanguageModelV3 | LanguageModelOfSpecV4;
