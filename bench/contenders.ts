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

/** Column order of the report. */
export const CONTENDERS = [OURS, 'openai-compatible', 'openai', 'anthropic', 'openrouter'] as const;
export type ContenderName = (typeof CONTENDERS)[number];

export interface LanguageContender {
  name: ContenderName;
  format: WireFormat;
  /** A model for a scenario model id, or the reason there is none. */
  model(modelId: string): LanguageModelV3 | { unavailable: string };
}

export interface EmbeddingContender {
  name: ContenderName;
  model(modelId: string): EmbeddingModelV3 | { unavailable: string };
}

const API_KEY = 'bench-key';

function guard<MODEL>(create: () => MODEL): MODEL | { unavailable: string } {
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

export function languageContenders(upstream: string): LanguageContender[] {
  const ours = createUnigate({ apiKey: API_KEY, siteURL: upstream, baseURL: `${upstream}/v1` });
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
    { name: 'openai-compatible', format: 'chat', model: id => guard(() => compatible.chatModel(id)) },
    { name: 'openai', format: 'chat', model: id => guard(() => openai.chat(id)) },
    { name: 'openrouter', format: 'chat', model: id => guard(() => openrouter.chat(id)) },
    { name: OURS, format: 'messages', model: id => guard(() => ours.messages(id)) },
    { name: 'anthropic', format: 'messages', model: id => guard(() => anthropic.messages(id)) },
  ];
}

export function embeddingContenders(upstream: string): EmbeddingContender[] {
  const ours = createUnigate({ apiKey: API_KEY, siteURL: upstream, baseURL: `${upstream}/v1` });
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
export function contenderRunnables(
  contenders: LanguageContender[],
  format: WireFormat,
  modelId: string,
  sample: (model: LanguageModelV3) => Promise<number>,
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
