import type { JSONObject, LanguageModelV3Usage } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/narrow';
import type { MessagesUsage } from './messages-api-types';

function count(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

const FIELDS = ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'] as const;
type Counts = Partial<Record<(typeof FIELDS)[number], number>>;

// The passes the answering model itself ran. `advisor_message` is another model's pass, priced at that
// model's rates; kinds not named here are left to the top-level counts.
const OWN_PASSES: readonly unknown[] = ['compaction', 'message'];

/**
 * The counts of a call that ran several passes (`usage.iterations`: context compaction, advisor, server
 * fallback; docs/streaming.md#messages-usage-per-pass). The top-level counts leave out the compaction
 * passes, so each field is the sum over the model's own passes, or the top-level value when that is
 * larger: never less than either. A call a server fallback answered keeps its top-level counts, which
 * are the answering pass's.
 */
function countsOverPasses(usage: MessagesUsage): Counts {
  const top: Counts = {};
  for (const field of FIELDS) top[field] = count(usage[field]);
  const passes = usage.iterations;
  if (!Array.isArray(passes) || passes.length === 0) return top;
  if (passes.some(pass => isObjectRecord(pass) && pass.type === 'fallback_message')) return top;
  const sums: Counts = {};
  for (const pass of passes) {
    if (!isObjectRecord(pass) || !OWN_PASSES.includes(pass.type)) continue;
    for (const field of FIELDS) {
      const value = count(pass[field]);
      if (value !== undefined) sums[field] = (sums[field] ?? 0) + value;
    }
  }
  const counts: Counts = {};
  for (const field of FIELDS) {
    const [a, b] = [top[field], sums[field]];
    counts[field] = a === undefined ? b : b === undefined ? a : Math.max(a, b);
  }
  return counts;
}

/**
 * Wire usage -> the V3 usage shape. `input_tokens` counts only uncached input; cache reads and writes
 * come on top of it, so the total input is their sum. Output is not split into text and thinking on the
 * wire, so those two stay undefined. With per-pass counts, every pass is counted (countsOverPasses).
 */
export function convertMessagesUsage(usage: MessagesUsage | null | undefined): LanguageModelV3Usage {
  const counts = usage == null ? {} : countsOverPasses(usage);
  const input = counts.input_tokens;
  const cacheRead = counts.cache_read_input_tokens;
  const cacheWrite = counts.cache_creation_input_tokens;
  const output = counts.output_tokens;
  return {
    inputTokens: {
      total: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
      noCache: input,
      cacheRead,
      cacheWrite,
    },
    outputTokens: { total: output, text: undefined, reasoning: undefined },
    ...(usage != null && { raw: usage as JSONObject }),
  };
}

/**
 * Of a call's cache writes, those made with a 1-hour TTL, for their price: what `usage.cache_creation`
 * reports (`ephemeral_1h_input_tokens`); writes it does not split by TTL (or all, without it) count at
 * `requestTtl`, the longest TTL the request asked for, so a cost never under-counts.
 */
export function oneHourCacheWrites(usage: LanguageModelV3Usage, requestTtl: '5m' | '1h'): number {
  const writes = usage.inputTokens.cacheWrite ?? 0;
  const split = isObjectRecord(usage.raw) && isObjectRecord(usage.raw.cache_creation) ? usage.raw.cache_creation : {};
  const long = Math.min(count(split.ephemeral_1h_input_tokens) ?? 0, writes);
  const unsplit = Math.max(writes - long - (count(split.ephemeral_5m_input_tokens) ?? 0), 0);
  return long + (requestTtl === '1h' ? unsplit : 0);
}
