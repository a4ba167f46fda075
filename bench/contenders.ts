/**
 * Who is measured: this package and its peers, each pointed at the same fake upstream.
 * A model our package does not provide yet (NoSuchModelError) is reported as "not measured",
 * and is picked up automatically once it exists.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { NoSuchModelError, type EmbeddingModelV3, type LanguageModelV3 } from '@ai-sdk/provider';
import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import { createUnigate } from '../src/index';

export type WireFormat = 'chat' | 'messages';

export const OURS = 'unigate';
/** This package with `pricing: 'catalog'` and the catalog already loaded: each call also computes its cost. */
export const OURS_PRICED = 'unigate (pricing)';
/** This package's `gw.fallback([model, spare])` whose first model answers: the cost of wrapping a model in fallback. */
export const OURS_FALLBACK = 'unigate (fallback)';

/** This package with `mergeStreamDeltas: false`: one part per upstream delta. Only in the burst rows. */
export const OURS_UNMERGED = 'unigate (merge off)';
/** `gw.fallback([model, spare])` answered by its first model, merging off: what fallback costs each part. */
export const OURS_FALLBACK_UNMERGED = 'unigate (fallback, merge off)';

/**
 * The least any provider could do for the first delta (ideal-merging-model.ts's `idealFirstDeltaModel`):
 * the bound of the time-to-first-delta rows. Only there.
 */
export const IDEAL_FIRST_DELTA = 'ideal provider';

/** Column order of the report. */
export const CONTENDERS = [
  OURS,
  OURS_PRICED,
  OURS_FALLBACK,
  'openai-compatible',
  'openai',
  'anthropic',
  'openrouter',
  IDEAL_FIRST_DELTA,
] as const;
/** The least a merging provider could do (ideal-merging-model.ts): the bound of the burst rows. Only there. */
export const IDEAL_MERGING = 'ideal merging provider';

/** Column order of the burst table (streams whose events arrive together). */
export const BURST_COLUMNS = [
  OURS,
  OURS_UNMERGED,
  IDEAL_MERGING,
  'openai-compatible',
  'openai',
  'anthropic',
  'openrouter',
] as const;

/** The ai@7 line's rows (ai7-line.ts): `unigate-ai-provider/v4`'s model, and the root entry's V3 model in ai@7's adapter. */
export const OURS_V4 = 'unigate/v4';
export const OURS_ROOT_IN_AI7 = 'unigate (root, ai@7 adapter)';
/** Column order of the ai@7 line's table. */
export const AI7_COLUMNS = [OURS_V4, OURS_ROOT_IN_AI7, IDEAL_FIRST_DELTA] as const;

export type ContenderName =
  | (typeof CONTENDERS)[number]
  | typeof OURS_UNMERGED
  | typeof OURS_FALLBACK_UNMERGED
  | typeof IDEAL_MERGING
  | (typeof AI7_COLUMNS)[number];

/** A contender whose models are `MODEL`s: V3 models for ai@6's rows, any model ai@7 takes for the ai@7 line's. */
export interface LanguageContender<MODEL = LanguageModelV3> {
  name: ContenderName;
  format: WireFormat;
  /** A model for a scenario model id, or the reason there is none. */
  model(modelId: string): MODEL | { unavailable: string };
}

export interface EmbeddingContender {
  name: ContenderName;
  model(modelId: string): EmbeddingModelV3 | { unavailable: string };
}

const API_KEY = 'bench-key';

/** This package's settings against the fake upstream (either entry's `createUnigate` takes them). */
export function ownSettings(upstream: string) {
  return { apiKey: API_KEY, siteURL: upstream, baseURL: `${upstream}/v1` };
}

export function guard<MODEL>(create: () => MODEL): MODEL | { unavailable: string } {
  try {
    return create();
  } catch (error) {
    if (NoSuchModelError.isInstance(error)) return { unavailable: `NoSuchModelError: ${error.message}` };
    throw error;
  }
}

export function isUnavailable(value: unknown): value is { unavailable: string } {
  return typeof value === 'object' && value !== null && 'unavailable' in value;
}

/**
 * A provider with `pricing: 'catalog'` whose catalog lists the scenario's model id: the fetch answers the
 * catalog in process (the upstream serves only the model endpoints). The first call, a warm-up, loads it.
 */
function pricedProvider(upstream: string, modelId: string) {
  const catalog = JSON.stringify({
    success: true,
    data: [
      { id: modelId, provider: 'bench', type: 'chat', contextWindow: 10_000_000, inputPrice: '2.5', outputPrice: 10 },
    ],
    pagination: { total: 1 },
  });
  const fetch: typeof globalThis.fetch = (input, init) =>
    String(input instanceof Request ? input.url : input).includes('/api/public/models?')
      ? Promise.resolve(new Response(catalog, { headers: { 'content-type': 'application/json' } }))
      : globalThis.fetch(input, init);
  return createUnigate({ ...ownSettings(upstream), pricing: 'catalog', fetch });
}

export function languageContenders(upstream: string): LanguageContender[] {
  const ours = createUnigate(ownSettings(upstream));
  const priced = new Map<string, ReturnType<typeof pricedProvider>>();
  const pricedFor = (id: string) => priced.get(id) ?? priced.set(id, pricedProvider(upstream, id)).get(id)!;
  const compatible = createOpenAICompatible({
    name: 'bench',
    apiKey: API_KEY,
    baseURL: `${upstream}/v1`,
    includeUsage: true,
  });
  const openai = createOpenAI({ apiKey: API_KEY, baseURL: `${upstream}/v1` });
  const openrouter = createOpenRouter({ apiKey: API_KEY, baseURL: `${upstream}/v1` });
  // @ai-sdk/anthropic appends /messages to its base URL.
  const anthropic = createAnthropic({ apiKey: API_KEY, baseURL: `${upstream}/api/v1` });
  return [
    { name: OURS, format: 'chat', model: id => guard(() => ours.chat(id)) },
    { name: OURS_PRICED, format: 'chat', model: id => guard(() => pricedFor(id).chat(id)) },
    {
      name: OURS_FALLBACK,
      format: 'chat',
      model: id => guard(() => ours.fallback([ours.chat(id), ours.chat('spare')])),
    },
    { name: 'openai-compatible', format: 'chat', model: id => guard(() => compatible.chatModel(id)) },
    { name: 'openai', format: 'chat', model: id => guard(() => openai.chat(id)) },
    { name: 'openrouter', format: 'chat', model: id => guard(() => openrouter.chat(id)) },
    { name: OURS, format: 'messages', model: id => guard(() => ours.messages(id)) },
    { name: OURS_PRICED, format: 'messages', model: id => guard(() => pricedFor(id).messages(id)) },
    {
      name: OURS_FALLBACK,
      format: 'messages',
      model: id => guard(() => ours.fallback([ours.messages(id), ours.messages('spare')])),
    },
    { name: 'anthropic', format: 'messages', model: id => guard(() => anthropic.messages(id)) },
  ];
}

/** This package with delta merging off, for the burst rows. */
export function unmergedContenders(upstream: string): LanguageContender[] {
  const ours = createUnigate({ ...ownSettings(upstream), mergeStreamDeltas: false });
  return [
    { name: OURS_UNMERGED, format: 'chat', model: id => guard(() => ours.chat(id)) },
    { name: OURS_UNMERGED, format: 'messages', model: id => guard(() => ours.messages(id)) },
    {
      name: OURS_FALLBACK_UNMERGED,
      format: 'chat',
      model: id => guard(() => ours.fallback([ours.chat(id), ours.chat('spare')])),
    },
    {
      name: OURS_FALLBACK_UNMERGED,
      format: 'messages',
      model: id => guard(() => ours.fallback([ours.messages(id), ours.messages('spare')])),
    },
  ];
}

export function embeddingContenders(upstream: string): EmbeddingContender[] {
  const ours = createUnigate(ownSettings(upstream));
  const compatible = createOpenAICompatible({ name: 'bench', apiKey: API_KEY, baseURL: `${upstream}/v1` });
  const openai = createOpenAI({ apiKey: API_KEY, baseURL: `${upstream}/v1` });
  const openrouter = createOpenRouter({ apiKey: API_KEY, baseURL: `${upstream}/v1` });
  return [
    { name: OURS, model: id => guard(() => ours.embedding(id)) },
    { name: 'openai-compatible', model: id => guard(() => compatible.embeddingModel(id)) },
    { name: 'openai', model: id => guard(() => openai.embedding(id)) },
    { name: 'openrouter', model: id => guard(() => openrouter.textEmbeddingModel(id)) },
  ];
}

export const BENCH_API_KEY = API_KEY;

/**
 * One runnable per contender of `format`, each timing `sample(model)`; a contender that lacks the
 * model reads "not measured" instead of failing the run.
 */
export function contenderRunnables<MODEL>(
  contenders: LanguageContender<MODEL>[],
  format: WireFormat,
  modelId: string,
  sample: (model: MODEL) => Promise<number>,
): { name: string; run: () => Promise<number>; unavailable?: string }[] {
  return contenders
    .filter(contender => contender.format === format)
    .map(contender => {
      const model = contender.model(modelId);
      return isUnavailable(model)
        ? { name: contender.name, unavailable: model.unavailable, run: async () => Number.NaN }
        : { name: contender.name, run: () => sample(model) };
    });
}
