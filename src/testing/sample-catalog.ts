// SAMPLE DATA. The emulator's model catalog: plausible ids, providers, prices and context windows,
// built deterministically. It is NOT the real gateway's catalog and its prices are not quotes.
// It mirrors the documented shape (docs/video-and-catalog.md#catalog-entry): more than 200 models across many
// providers, all five types, some numbers sent as numeric strings, some entries without contextWindow.

import type { EmulatorModel } from './emulator-context';

/** Says what the sample catalog is: sample data for tests and demos, not the gateway's real list. */
export const SAMPLE_CATALOG_NOTE =
  'Sample data: the Unigate emulator catalog lists plausible model ids, prices and context windows for tests and demos; it is not the real gateway catalog.';

/**
 * `[id, contextWindow, inputPrice, outputPrice, flags]`; flags: n = new, r = reasoning, o = open weights (gets
 * a `:free` twin), t = a tool-call turn must come back with its `reasoning_content` (DeepSeek's thinking mode),
 * k = takes `reasoning_content` back though it answers without reasoning (thinking switched on per request).
 * A chat model without `r` or `k` refuses unknown message fields, `reasoning_content` included.
 */
type Row = [id: string, contextWindow: number | undefined, input: number, output: number, flags?: string];

const CHAT: Record<string, Row[]> = {
  OpenAI: [
    ['gpt-4o', 128000, 1.25, 5],
    ['gpt-4o-mini', 128000, 0.075, 0.3],
    ['gpt-4o-2024-11-20', 128000, 1.25, 5],
    ['gpt-4o-2024-08-06', 128000, 1.25, 5],
    ['gpt-4o-mini-2024-07-18', 128000, 0.075, 0.3],
    ['chatgpt-4o-latest', 128000, 2.5, 7.5],
    ['gpt-4o-search-preview', 128000, 1.25, 5],
    ['gpt-4o-mini-search-preview', 128000, 0.075, 0.3],
    ['gpt-4-turbo', 128000, 5, 15],
    ['gpt-4', 8192, 15, 30],
    ['gpt-3.5-turbo', 16385, 0.25, 0.75],
    ['gpt-4.1', 1047576, 1, 4],
    ['gpt-4.1-mini', 1047576, 0.2, 0.8],
    ['gpt-4.1-nano', 1047576, 0.05, 0.2],
    ['gpt-5', 400000, 0.625, 5, 'n'],
    ['gpt-5-mini', 400000, 0.125, 1, 'n'],
    ['gpt-5-nano', 400000, 0.025, 0.2, 'n'],
    ['gpt-5-chat', 128000, 0.625, 5, 'n'],
    ['o1', 200000, 7.5, 30],
    ['o1-mini', 128000, 0.55, 2.2],
    ['o1-pro', 200000, 75, 300],
    ['o3', 200000, 1, 4],
    ['o3-mini', 200000, 0.55, 2.2],
    ['o3-pro', 200000, 10, 40],
    ['o4-mini', 200000, 0.55, 2.2],
    ['gpt-oss-120b', 131072, 0.05, 0.25, 'no'],
    ['gpt-oss-20b', 131072, 0.025, 0.1, 'no'],
  ],
  Anthropic: [
    ['claude-opus-4-1', 200000, 7.5, 37.5],
    ['claude-opus-4', 200000, 7.5, 37.5],
    ['claude-sonnet-4-5', 200000, 1.5, 7.5, 'n'],
    ['claude-sonnet-4', 200000, 1.5, 7.5],
    ['claude-haiku-4-5', 200000, 0.5, 2.5, 'n'],
    ['claude-3-7-sonnet', 200000, 1.5, 7.5],
    ['claude-3-5-sonnet', 200000, 1.5, 7.5],
    ['claude-3-5-haiku', 200000, 0.4, 2],
    ['claude-3-opus', 200000, 7.5, 37.5],
    ['claude-3-sonnet', 200000, 1.5, 7.5],
    ['claude-3-haiku', 200000, 0.125, 0.625],
    ['claude-2.1', 200000, 4, 12],
  ],
  Google: [
    ['gemini-3-pro-preview', 1048576, 1, 6, 'n'],
    ['gemini-2.5-pro', 1048576, 0.625, 5],
    ['gemini-2.5-flash', 1048576, 0.15, 1.25],
    ['gemini-2.5-flash-lite', 1048576, 0.05, 0.2],
    ['gemini-2.5-flash-preview-09-2025', 1048576, 0.15, 1.25, 'n'],
    ['gemini-2.0-flash', 1048576, 0.05, 0.2],
    ['gemini-2.0-flash-lite', 1048576, 0.0375, 0.15],
    ['gemini-1.5-pro', 2097152, 0.625, 2.5],
    ['gemini-1.5-flash', 1048576, 0.0375, 0.15],
    ['gemini-1.5-flash-8b', 1048576, 0.01875, 0.075],
    ['gemma-3-27b-it', 131072, 0.05, 0.1, 'o'],
    ['gemma-3-12b-it', 131072, 0.025, 0.05, 'o'],
    ['gemma-3-4b-it', 131072, 0.01, 0.02, 'o'],
    ['gemma-3n-e4b-it', 32768, 0.01, 0.02, 'o'],
    ['gemma-2-27b-it', 8192, 0.135, 0.135, 'o'],
    ['gemma-2-9b-it', 8192, 0.015, 0.03, 'o'],
  ],
  DeepSeek: [
    ['deepseek-chat', 128000, 0.135, 0.55, 'k'],
    ['deepseek-reasoner', 128000, 0.275, 1.095, 'rt'],
    ['deepseek-v3', 128000, 0.135, 0.55, 'o'],
    ['deepseek-v3.1', 128000, 0.135, 0.55, 'nok'],
    ['deepseek-v3.2-exp', 128000, 0.14, 0.21, 'nk'],
    ['deepseek-r1', 128000, 0.275, 1.095, 'ro'],
    ['deepseek-r1-0528', 128000, 0.275, 1.095, 'ro'],
    ['deepseek-r1-distill-llama-70b', 131072, 0.1, 0.4, 'ro'],
    ['deepseek-r1-distill-qwen-32b', 131072, 0.075, 0.15, 'ro'],
    ['deepseek-r1-distill-qwen-14b', 131072, 0.075, 0.075, 'ro'],
    ['deepseek-coder-v2', 128000, 0.07, 0.14],
    ['deepseek-prover-v2', 163840, 0.25, 1.09],
  ],
  Meta: [
    ['llama-4-maverick', 1048576, 0.075, 0.3, 'o'],
    ['llama-4-scout', 1048576, 0.04, 0.15, 'o'],
    ['llama-3.3-70b-instruct', 131072, 0.065, 0.2, 'o'],
    ['llama-3.2-90b-vision-instruct', 131072, 0.6, 0.6, 'o'],
    ['llama-3.2-11b-vision-instruct', 131072, 0.025, 0.025, 'o'],
    ['llama-3.2-3b-instruct', 131072, 0.0075, 0.01, 'o'],
    ['llama-3.2-1b-instruct', 131072, 0.0025, 0.005, 'o'],
    ['llama-3.1-405b-instruct', 131072, 0.4, 0.4, 'o'],
    ['llama-3.1-70b-instruct', 131072, 0.05, 0.14, 'o'],
    ['llama-3.1-8b-instruct', 131072, 0.01, 0.015, 'o'],
    ['llama-3-70b-instruct', 8192, 0.15, 0.2, 'o'],
    ['llama-3-8b-instruct', 8192, 0.015, 0.03, 'o'],
    ['llama-guard-4-12b', 163840, 0.09, 0.09, 'o'],
    ['llama-guard-3-8b', 131072, 0.01, 0.03, 'o'],
  ],
  Mistral: [
    ['mistral-large-2411', 131072, 1, 3],
    ['mistral-medium-3.1', 131072, 0.2, 1, 'n'],
    ['mistral-small-3.2-24b-instruct', 131072, 0.025, 0.1, 'o'],
    ['mistral-nemo', 131072, 0.0075, 0.02, 'o'],
    ['mistral-7b-instruct', 32768, 0.014, 0.027, 'o'],
    ['mixtral-8x7b-instruct', 32768, 0.27, 0.27, 'o'],
    ['mixtral-8x22b-instruct', 65536, 0.45, 0.45, 'o'],
    ['codestral-2508', 256000, 0.15, 0.45],
    ['devstral-medium', 131072, 0.2, 1],
    ['devstral-small', 131072, 0.035, 0.14, 'o'],
    ['magistral-medium', 40960, 1, 2.5],
    ['magistral-small', 40960, 0.25, 0.75, 'o'],
    ['ministral-8b', 131072, 0.05, 0.05],
    ['ministral-3b', 131072, 0.02, 0.02],
    ['pixtral-large-2411', 131072, 1, 3],
    ['pixtral-12b', 131072, 0.05, 0.05, 'o'],
  ],
  xAI: [
    ['grok-4', 256000, 1.5, 7.5, 'n'],
    ['grok-4-fast', 2000000, 0.1, 0.25, 'n'],
    ['grok-code-fast-1', 256000, 0.1, 0.75, 'n'],
    ['grok-3', 131072, 1.5, 7.5],
    ['grok-3-mini', 131072, 0.15, 0.25, 'r'],
    ['grok-2-1212', 131072, 1, 5],
    ['grok-2-vision-1212', 32768, 1, 5],
    ['grok-beta', undefined, 2.5, 7.5],
  ],
  Qwen: [
    ['qwen3-max', 262144, 0.6, 3, 'n'],
    ['qwen3-235b-a22b', 131072, 0.065, 0.3, 'o'],
    ['qwen3-235b-a22b-thinking', 131072, 0.065, 0.3, 'ro'],
    ['qwen3-30b-a3b', 131072, 0.04, 0.15, 'o'],
    ['qwen3-32b', 131072, 0.05, 0.15, 'o'],
    ['qwen3-14b', 131072, 0.03, 0.12, 'o'],
    ['qwen3-8b', 131072, 0.02, 0.07, 'o'],
    ['qwen3-coder', 262144, 0.11, 0.475, 'o'],
    ['qwen3-coder-flash', 131072, 0.15, 0.75],
    ['qwen-max', 32768, 0.8, 3.2],
    ['qwen-plus', 131072, 0.2, 0.6],
    ['qwen-turbo', 1000000, 0.025, 0.1],
    ['qwen2.5-72b-instruct', 32768, 0.06, 0.195, 'o'],
    ['qwen2.5-coder-32b-instruct', 32768, 0.03, 0.055, 'o'],
    ['qwen2.5-vl-72b-instruct', 32768, 0.125, 0.375, 'o'],
    ['qwq-32b', 131072, 0.075, 0.2, 'ro'],
  ],
  Cohere: [
    ['command-a', 256000, 1.25, 5],
    ['command-r-plus-08-2024', 128000, 1.25, 5],
    ['command-r-08-2024', 128000, 0.075, 0.3],
    ['command-r7b-12-2024', 128000, 0.01875, 0.075],
    ['aya-expanse-32b', 128000, 0.25, 0.75],
    ['aya-expanse-8b', 8192, 0.025, 0.05],
  ],
  Moonshot: [
    ['kimi-k2', 131072, 0.3, 1.25],
    ['kimi-k2-0905', 262144, 0.3, 1.25, 'n'],
    ['kimi-k2-thinking', 262144, 0.3, 1.25, 'nr'],
    ['moonshot-v1-8k', 8192, 0.1, 1],
    ['moonshot-v1-32k', 32768, 0.5, 1.5],
    ['moonshot-v1-128k', 131072, 1, 2.5],
  ],
  Zhipu: [
    ['glm-4.6', 200000, 0.3, 1.1, 'nk'],
    ['glm-4.5', 131072, 0.3, 1.1, 'k'],
    ['glm-4.5-air', 131072, 0.1, 0.55, 'k'],
    ['glm-4.5v', 65536, 0.3, 0.9, 'k'],
    ['glm-4-plus', 128000, 0.35, 0.35],
    ['glm-4-flash', 128000, 0, 0],
  ],
  Perplexity: [
    ['sonar', 127072, 0.5, 0.5],
    ['sonar-pro', 200000, 1.5, 7.5],
    ['sonar-reasoning', 127000, 0.5, 2.5],
    ['sonar-reasoning-pro', 128000, 1, 4],
    ['sonar-deep-research', undefined, 1, 4],
  ],
  Amazon: [
    ['nova-premier', 1000000, 1.25, 6.25],
    ['nova-pro', 300000, 0.4, 1.6],
    ['nova-lite', 300000, 0.03, 0.12],
    ['nova-micro', 128000, 0.0175, 0.07],
  ],
  Microsoft: [
    ['phi-4', 16384, 0.035, 0.07, 'o'],
    ['phi-4-reasoning', 32768, 0.035, 0.07, 'o'],
    ['phi-4-multimodal-instruct', 131072, 0.025, 0.05, 'o'],
    ['phi-3.5-mini-instruct', 131072, 0.05, 0.05, 'o'],
    ['phi-3-medium-128k-instruct', 131072, 0.5, 0.5, 'o'],
  ],
  NVIDIA: [
    ['llama-3.1-nemotron-70b-instruct', 131072, 0.06, 0.15, 'o'],
    ['llama-3.3-nemotron-super-49b', 131072, 0.065, 0.2, 'o'],
    ['nemotron-nano-9b-v2', 131072, 0.02, 0.08, 'o'],
  ],
  MiniMax: [
    ['minimax-m1', 1000000, 0.2, 1.1],
    ['minimax-m2', 204800, 0.15, 0.6, 'n'],
  ],
  AI21: [
    ['jamba-large-1.7', 256000, 1, 4],
    ['jamba-mini-1.7', 256000, 0.1, 0.2],
  ],
};

/** Non-chat models. The spec fixes the embedding and audio ids; five image and six video models. */
const OTHER: Array<[provider: string, type: EmulatorModel['type'], ...row: Row]> = [
  ['OpenAI', 'embedding', 'text-embedding-3-small', 8191, 0.01, 0],
  ['OpenAI', 'embedding', 'text-embedding-3-large', 8191, 0.065, 0],
  ['OpenAI', 'embedding', 'text-embedding-ada-002', 8191, 0.05, 0],
  ['OpenAI', 'audio', 'tts-1', undefined, 3.75, 0],
  ['OpenAI', 'audio', 'tts-1-hd', undefined, 7.5, 0],
  ['OpenAI', 'audio', 'whisper-1', undefined, 0.003, 0],
  ['OpenAI', 'image', 'dall-e-3', undefined, 20, 0],
  ['OpenAI', 'image', 'dall-e-2', undefined, 10, 0],
  ['OpenAI', 'image', 'gpt-image-1', undefined, 2.5, 20, 'n'],
  ['Stability', 'image', 'stable-diffusion-3.5-large', undefined, 32.5, 0],
  ['Ideogram', 'image', 'ideogram-v3', undefined, 30, 0, 'n'],
  ['Google', 'video', 'veo-3', undefined, 200, 0, 'n'],
  ['Google', 'video', 'veo-3-fast', undefined, 75, 0, 'n'],
  ['Kling', 'video', 'kling-v2.1', undefined, 140, 0],
  ['Runway', 'video', 'runway-gen4-turbo', undefined, 25, 0],
  ['MiniMax', 'video', 'hailuo-02', undefined, 135, 0],
  ['ByteDance', 'video', 'seedance-1-pro', undefined, 75, 0],
];

/** 2024-01-01T00:00:00Z: the sample `created` timestamps count up from here, one day apart. */
const FIRST_CREATED = 1704067200;

function buildCatalog(): EmulatorModel[] {
  const rows: Array<{ provider: string; type: EmulatorModel['type']; row: Row }> = [];
  for (const [provider, list] of Object.entries(CHAT)) {
    for (const row of list) rows.push({ provider, type: 'chat', row });
  }
  // Open-weight models are also offered free (prices 0), like public gateways do.
  for (const [provider, list] of Object.entries(CHAT)) {
    for (const [id, contextWindow, , , flags = ''] of list) {
      if (flags.includes('o')) {
        rows.push({ provider, type: 'chat', row: [`${id}:free`, contextWindow, 0, 0, flags.replace(/[no]/g, '')] });
      }
    }
  }
  for (const [provider, type, ...row] of OTHER) rows.push({ provider, type, row });

  return rows.map(({ provider, type, row: [id, contextWindow, input, output, flags = ''] }, index) => {
    // Every 5th entry sends prices and every 7th a context window as numeric strings, as the spec allows.
    const asString = index % 5 === 4;
    const model: EmulatorModel = {
      id,
      provider,
      type,
      inputPrice: asString ? String(input) : input,
      outputPrice: asString ? String(output) : output,
      isNew: flags.includes('n'),
      created: FIRST_CREATED + index * 86400,
    };
    if (contextWindow !== undefined) model.contextWindow = index % 7 === 6 ? String(contextWindow) : contextWindow;
    if (flags.includes('r')) model.reasoning = true;
    if (flags.includes('t')) model.reasoningContentRequired = true;
    if (flags.includes('k')) model.takesReasoningBack = true;
    return model;
  });
}

/** The sample catalog (sample data, see SAMPLE_CATALOG_NOTE), in a stable order. */
export const SAMPLE_MODELS: readonly EmulatorModel[] = buildCatalog();
