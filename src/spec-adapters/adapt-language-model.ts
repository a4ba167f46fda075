import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { LanguageModelV4 } from '@ai-sdk/provider-v4';
import { loadOnce } from '../checks/values';

// Each direction's conversions load with its first call and are kept. Pure: an entry that never adapts
// in a direction (the root never adapts V3 to V4) leaves its loader, and its chunk, out of its bundle.
const v4AsV3Calls = /* @__PURE__ */ loadOnce(() => import('./v4-as-v3-calls'));
const v3AsV4Calls = /* @__PURE__ */ loadOnce(() => import('./v3-as-v4-calls'));

// The adapters' conversions are loaded by an adapted model's first call (import() below): an app whose
// chains hold only members of its own spec never loads them.

/** The calls of an adapted model, in the chunk its first call loads. */
interface AdaptedCalls<MODEL, OPTIONS, GENERATED, STREAMED> {
  generate(model: MODEL, options: OPTIONS): Promise<GENERATED>;
  stream(model: MODEL, options: OPTIONS): Promise<STREAMED>;
}

/** `model` under another specification version, its calls made by what `load` brings. */
function adapted<
  SPEC extends 'v3' | 'v4',
  MODEL extends LanguageModelV3 | LanguageModelV4,
  OPTIONS,
  GENERATED,
  STREAMED,
>(specificationVersion: SPEC, model: MODEL, load: () => Promise<AdaptedCalls<MODEL, OPTIONS, GENERATED, STREAMED>>) {
  return {
    specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    doGenerate: async (options: OPTIONS) => (await load()).generate(model, options),
    doStream: async (options: OPTIONS) => (await load()).stream(model, options),
  };
}

/**
 * Another provider's V4 language model, seen as V3. Call options are converted to V4 (file data to its
 * tagged forms, in parts and tool results); results back to V3: `interrupted` becomes `other`, a
 * `deprecated` warning an `other` one, and a part V3 has no place for (a file given by URL, a
 * `reasoning-file` or `custom` part) is left out with an `other` warning naming it.
 */
export function v4AsV3(model: LanguageModelV4): LanguageModelV3 {
  return adapted('v3', model, async () => (await v4AsV3Calls()).v4CallsAsV3);
}

/**
 * Another provider's V3 language model, seen as V4. Call options are converted to V3 (tagged file data
 * to bytes, base64 or URLs, inline text to its UTF-8 bytes, a bare media type such as `image` to
 * `image/*`, a reference in a tool result to a `file-id` item); a file part given by provider reference
 * is refused naming it, and assistant `reasoning-file` and `custom` parts are left out with an
 * `unsupported` warning each. Results: file data becomes `{type: 'data'}`.
 */
export function v3AsV4(model: LanguageModelV3): LanguageModelV4 {
  return adapted('v4', model, async () => (await v3AsV4Calls()).v3CallsAsV4);
}

/**
 * A V4 model typed as the pipeline's member. On a `v4` entry the pipeline is typed in V3 shapes but
 * carries V4 values (its front passes V4 call options in and V4 results out), so a V4 member takes the
 * chain's options and gives its results as they are: only the compiler needs telling, here, once.
 */
function pipelineTyped(model: LanguageModelV4): LanguageModelV3 {
  return model as unknown as LanguageModelV3;
}

/** Another provider's model as a member of a chain on the root entry (V3): a V4 one adapted to V3. */
export function v3ChainMember(model: LanguageModelV3 | LanguageModelV4): LanguageModelV3 {
  return model.specificationVersion === 'v3' ? model : v4AsV3(model);
}

/**
 * Another provider's model as a member of a chain on the `v4` entry: a V3 one adapted to V4. Each entry
 * names its own, so neither bundles the other direction's adapter.
 */
export function v4ChainMember(model: LanguageModelV3 | LanguageModelV4): LanguageModelV3 {
  return pipelineTyped(model.specificationVersion === 'v3' ? v3AsV4(model) : model);
}

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
