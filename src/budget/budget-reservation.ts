import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/narrow';
import { countCharacters } from '../checks/validate-argument';
import { characterCost, minuteCost, tokenCost, unitCost } from '../pricing/compute-cost';
import { promptCharacters } from '../pricing/language-model-cost';
import type { PricedKind, UnigateModelPrice } from '../pricing/unigate-pricing-types';

// A budgeted call reserves the upper bound of its cost before its request. Each bound errs high: the
// reservation is replaced by the real cost once it is known, so erring high costs concurrency near the
// limit, never money (docs/budgets.md#reserve-then-settle).

/** Input tokens per character of prompt text: twice the usual ratio of English, so code and other scripts stay within it. */
export const RESERVED_TOKENS_PER_CHARACTER = 0.5;
/** Tokens reserved per image in a prompt: above what the upstreams bill for their largest image. */
export const RESERVED_TOKENS_PER_IMAGE = 1_600;
/** Output tokens reserved when a call sets no `maxOutputTokens` and the catalog lists no context window. */
export const RESERVED_OUTPUT_TOKENS = 32_768;
/** Audio bytes per second assumed for a transcription: 32 kbit/s, below the bitrate of any usual speech file. */
export const RESERVED_AUDIO_BYTES_PER_SECOND = 4_000;

/** What the reservation reads of a call's options, whatever its kind (each kind's own types narrow them). */
export interface ReservationCall {
  prompt?: unknown;
  maxOutputTokens?: unknown;
  values?: unknown;
  text?: unknown;
  audio?: unknown;
  n?: unknown;
  tools?: unknown;
}

/** A `cacheControl` (unigate's or anthropic's) asking for a 1-hour TTL. */
function asksForAnHour(providerOptions: unknown): boolean {
  if (!isObjectRecord(providerOptions)) return false;
  const { unigate, anthropic } = providerOptions;
  const controls = [
    isObjectRecord(unigate) ? unigate.cacheControl : undefined,
    ...(isObjectRecord(anthropic) ? [anthropic.cacheControl, anthropic.cache_control] : []),
  ];
  return controls.some(control => isObjectRecord(control) && control.ttl === '1h');
}

/** Whether any breakpoint of the call (system, message, part or tool) asks for a 1-hour cache. */
function writesForAnHour(call: ReservationCall): boolean {
  const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const carriers = [...listed(call.tools), ...listed(call.prompt)];
  for (const message of listed(call.prompt)) if (isObjectRecord(message)) carriers.push(...listed(message.content));
  return carriers.some(carrier => isObjectRecord(carrier) && asksForAnHour(carrier.providerOptions));
}

/** Images and other files of a prompt: images a fixed bound each, other files a token per 3 bytes. */
function fileTokens(prompt: LanguageModelV3Prompt): number {
  let tokens = 0;
  for (const message of prompt) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'file') continue;
      if (part.mediaType.startsWith('image/') || part.data instanceof URL) tokens += RESERVED_TOKENS_PER_IMAGE;
      else tokens += Math.ceil((typeof part.data === 'string' ? (part.data.length * 3) / 4 : part.data.length) / 3);
    }
  }
  return tokens;
}

function languageModelBound(price: UnigateModelPrice, call: ReservationCall, contextWindow: number | undefined) {
  const prompt = Array.isArray(call.prompt) ? (call.prompt as LanguageModelV3Prompt) : [];
  const inputTokens = Math.ceil(promptCharacters(prompt) * RESERVED_TOKENS_PER_CHARACTER) + fileTokens(prompt);
  const outputTokens =
    typeof call.maxOutputTokens === 'number'
      ? call.maxOutputTokens
      : contextWindow === undefined
        ? RESERVED_OUTPUT_TOKENS
        : Math.max(contextWindow - inputTokens, 1);
  // Every input token may be written to the cache (for an hour, if the call asks for that), at its price
  // when that is above the input price.
  const input = price.inputPerMillionTokens;
  const write = Math.max(
    price.cacheWritePerMillionTokens ?? 0,
    (writesForAnHour(call) ? price.cacheWrite1hPerMillionTokens : undefined) ?? 0,
  );
  const bound = input === undefined ? price : { ...price, inputPerMillionTokens: Math.max(input, write) };
  return tokenCost(bound, { inputTokens, outputTokens });
}

function audioBytes(audio: unknown): number {
  if (typeof audio === 'string') return Math.ceil((audio.length * 3) / 4);
  return audio instanceof Uint8Array ? audio.length : 0;
}

/**
 * The most a call can cost, in credits, from its price and options; `undefined` when the price lacks what
 * the call's kind needs (the call is then unpriced).
 */
export function reservationFor(
  kind: PricedKind,
  price: UnigateModelPrice | undefined,
  call: ReservationCall,
  contextWindow: number | undefined,
): number | undefined {
  if (price === undefined) return undefined;
  switch (kind) {
    case 'chat':
    case 'messages':
      return languageModelBound(price, call, contextWindow)?.total;
    case 'embedding': {
      let characters = 0;
      for (const value of Array.isArray(call.values) ? call.values : [])
        characters += typeof value === 'string' ? value.length : 0;
      return tokenCost(price, { inputTokens: Math.ceil(characters * RESERVED_TOKENS_PER_CHARACTER) })?.total;
    }
    case 'speech':
      return characterCost(price, countCharacters(typeof call.text === 'string' ? call.text : ''))?.total;
    case 'transcription':
      return minuteCost(price, audioBytes(call.audio) / RESERVED_AUDIO_BYTES_PER_SECOND)?.total;
    case 'image':
    case 'video':
      return unitCost(price, kind, typeof call.n === 'number' ? call.n : 1)?.total;
  }
}
