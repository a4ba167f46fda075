import { describe, expect, it } from 'vitest';
import { differences, FIELDS, fileCount, type Outcome, recordings, replay } from './replay-harness';

// Every vendored upstream recording (fixtures/README.md) through this package and the official provider
// for its wire shape: they agree on text, reasoning, tool calls, finish reason and usage, except where
// listed below with the reason (docs/replay-corpus.md explains each). An unlisted difference fails, and so
// does a listed one that no longer occurs.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

interface Disagreement {
  /** Exactly the fields that differ. */
  fields: Array<keyof Outcome>;
  reason: string;
}

const reasoningDropped: Disagreement = {
  fields: ['reasoning'],
  reason: "@ai-sdk/openai's chat model (which @ai-sdk/azure uses) does not read reasoning_content; this package does",
};
const officialCannotRead: Disagreement = {
  fields: ['text', 'toolCalls', 'finishReason', 'inputTokens', 'outputTokens', 'error'],
  reason:
    'a continuation whose tool_search_tool_result names a server_tool_use of an earlier response: @ai-sdk/anthropic throws "Tool call ... not found"; this package gives the text and the client tool call',
};

const compactionText: Disagreement = {
  fields: ['text'],
  reason:
    "@ai-sdk/anthropic puts the compaction block's summary in the text; this package passes no compaction block on",
};
const compactionWithCache: Disagreement = {
  fields: ['text', 'inputTokens'],
  reason:
    'compactionText, and the compaction pass wrote 55,096 tokens to the cache (usage.iterations): this package counts them in the input, as they are billed; @ai-sdk/anthropic leaves them out',
};
const officialThrowsOnHistory: Disagreement = {
  fields: ['text', 'finishReason', 'inputTokens', 'outputTokens', 'error'],
  reason:
    'an answer whose content refers to a server tool call of an earlier turn: @ai-sdk/anthropic throws (a TypeError, or "Tool call ... not found"); this package gives the answer',
};
const noFinishReason: Disagreement = {
  fields: ['finishReason', 'error'],
  reason:
    "a chat stream that ends at [DONE] with no finish_reason (Snowflake Cortex): @ai-sdk/openai-compatible fails it; this package gives the text and finish 'other'",
};

/** Known disagreements with the official provider, by recording (docs/replay-corpus.md#known-disagreements). */
const KNOWN: Record<string, Disagreement> = {
  'azure/azure-deepseek-reasoning.1.chunks.txt': reasoningDropped,
  'azure/azure-deepseek-reasoning.1.json': reasoningDropped,
  'anthropic/anthropic-tool-search-deferred-bm25.2.json': officialCannotRead,
  'anthropic/anthropic-tool-search-deferred-regex.2.json': officialCannotRead,
  'anthropic/anthropic-compaction.1.chunks.txt': compactionText,
  'anthropic/anthropic-compaction.1.json': compactionText,
  'pydantic-ai.anthropic/test_anthropic.test_anthropic_compaction_end_to_end.1.json': compactionText,
  'pydantic-ai.anthropic/test_anthropic.test_anthropic_compaction_usage_with_cache.1.json': compactionWithCache,
  'pydantic-ai.anthropic/test_anthropic.test_anthropic_compaction_usage_with_cache_streaming.1.sse':
    compactionWithCache,
  'pydantic-ai.anthropic/test_unpaired_native_tool_calls.test_in_flight_mcp_call_history_is_accepted.1.json':
    officialThrowsOnHistory,
  'pydantic-ai.anthropic/test_unpaired_native_tool_calls.test_in_flight_native_tool_call_history_is_accepted.1.json':
    officialThrowsOnHistory,
  'pydantic-ai.openrouter/test_openrouter.test_openrouter_tool_optional_parameters.1.json': {
    fields: ['text', 'toolCalls', 'finishReason', 'inputTokens', 'outputTokens', 'error'],
    reason:
      'a tool call with no `arguments` (a tool without parameters, through OpenRouter): @ai-sdk/openai-compatible refuses the whole response as invalid JSON; this package gives the text and the call',
  },
  'pydantic-ai.groq/test_groq.test_groq_model_web_search_tool_stream.1.sse': {
    fields: ['inputTokens', 'outputTokens'],
    reason:
      "Groq's compound model sends its usage only in x_groq.usage, which this package reads (as @ai-sdk/groq does) and @ai-sdk/openai-compatible does not",
  },
  'pydantic-ai.snowflake/test_snowflake.test_snowflake_model_streaming.1.sse': noFinishReason,
  'pydantic-ai.snowflake/test_snowflake.test_snowflake_thinking_streaming.1.sse': noFinishReason,
};

const expectedDifferences = (name: string) => {
  const listed = new Set(KNOWN[name]?.fields ?? []);
  return FIELDS.filter(field => listed.has(field));
};

describe('replay corpus: recorded upstream traffic', () => {
  it('holds the vendored recordings, by vendor', () => {
    const byVendor: Record<string, number> = {};
    for (const recording of recordings) byVendor[recording.vendor] = (byVendor[recording.vendor] ?? 0) + 1;
    expect(fileCount).toBe(881);
    // Replays: a messages file of several streams counts once per stream (docs/replay-corpus.md#counts).
    expect(byVendor).toEqual({
      alibaba: 6,
      anthropic: 82,
      azure: 2,
      deepseek: 7,
      groq: 6,
      mistral: 7,
      moonshotai: 4,
      openai: 4,
      'openai-compatible': 5,
      perplexity: 4,
      'pydantic-ai.anthropic': 302,
      'pydantic-ai.azure': 1,
      'pydantic-ai.bedrock-mantle': 1,
      'pydantic-ai.cerebras': 12,
      'pydantic-ai.crusoe': 5,
      'pydantic-ai.deepseek': 5,
      'pydantic-ai.gemini': 2,
      'pydantic-ai.groq': 81,
      'pydantic-ai.heroku': 1,
      'pydantic-ai.huggingface': 15,
      'pydantic-ai.mistral': 61,
      'pydantic-ai.ollama': 4,
      'pydantic-ai.openai': 194,
      'pydantic-ai.openrouter': 63,
      'pydantic-ai.pydantic-gateway': 2,
      'pydantic-ai.pydantic-gateway-messages': 1,
      'pydantic-ai.snowflake': 10,
      'pydantic-ai.zai': 10,
      xai: 4,
    });
  });

  it('lists only recordings that exist', () => {
    const names = new Set(recordings.map(recording => recording.name));
    for (const name of Object.keys(KNOWN)) expect(names).toContain(name);
  });

  it.each(recordings.map(recording => [recording.name, recording] as const))('%s', async (_name, recording) => {
    const { ours, official } = await replay(recording);
    // Whatever the official provider makes of it, this package gives content or a clear AI SDK error.
    if (ours.error !== undefined) expect(ours.error).toMatch(/^AI_\w+Error: Unigate /);
    expect(differences(ours, official), JSON.stringify({ ours, official }, null, 1).slice(0, 2000)).toEqual(
      expectedDifferences(recording.name),
    );
  });
});
