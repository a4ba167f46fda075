import { isObjectRecord } from '../checks/values';
import { countCharacters } from '../checks/validate-argument';
import { characterCost, minuteCost, tokenCost, unitCost } from '../pricing/compute-cost';
import type { PricedKind, UnigateModelPrice } from '../pricing/unigate-pricing-types';

// A budgeted call reserves the upper bound of its cost before its request. Each bound errs high: the
// reservation is replaced by the real cost once it is known, so erring high costs concurrency near the
// limit, never money (docs/budgets.md#reserve-then-settle).

/** Tokens per image on the messages format (Anthropic): an image is resized to at most 1.15 MP, about 1,600 tokens. */
export const MESSAGES_IMAGE_TOKENS = 1_600;
/** OpenAI's vision models: the largest of their documented per-image maxima (gpt-4.1-nano: 1,536 patches x 2.46). */
export const OPENAI_IMAGE_TOKENS = 3_779;
/** gpt-4o-mini counts 2,833 + 5,667 per 512-px tile, at most 8 tiles (2048 x 768 after its resize). */
export const GPT_4O_MINI_IMAGE_TOKENS = 48_169;
/** Any other chat model: the largest per-image figure found (Qwen-VL's default `max_pixels`: 16,384 tokens). */
export const CHAT_IMAGE_TOKENS = 16_384;
/** A request with tools: the vendors' tool-use system prompt, above the largest Anthropic documents (530 tokens). */
export const TOOL_USE_OVERHEAD_TOKENS = 600;
/** Output tokens reserved when a call sends no `max_tokens` and the catalog lists no context window. */
export const RESERVED_OUTPUT_TOKENS = 32_768;
/** Audio bytes per second assumed for a transcription: 32 kbit/s, below the bitrate of any usual speech file. */
export const RESERVED_AUDIO_BYTES_PER_SECOND = 4_000;

/**
 * What the reservation reads of a call's options, whatever its kind (each kind's own types narrow them). A
 * language model's prompt and `maxOutputTokens` are read from its wire body, as sent.
 */
export interface ReservationCall {
  values?: unknown;
  text?: unknown;
  audio?: unknown;
  n?: unknown;
  /** Chat and messages: the request body as it goes on the wire, after every conversion. */
  wireBody?: unknown;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of `text`: no BPE tokenizer makes more tokens than bytes (docs/budgets.md#the-input-bound). */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** The most one image can count for on `modelId`, by format and family (docs/budgets.md#the-input-bound). */
export function imageTokenBound(kind: 'chat' | 'messages', modelId: string): number {
  if (kind === 'messages') return MESSAGES_IMAGE_TOKENS;
  const id = modelId.slice(modelId.lastIndexOf('/') + 1);
  if (id.startsWith('gpt-4o-mini')) return GPT_4O_MINI_IMAGE_TOKENS;
  if (/^(gpt-|o\d|chatgpt-)/.test(id)) return OPENAI_IMAGE_TOKENS;
  return CHAT_IMAGE_TOKENS;
}

/** Top-level body fields the gateway reads and the model never sees as text. */
const UNREAD_FIELDS = new Set(['model', 'user', 'metadata']);

/** An image part of either wire format: chat's `image_url`, the messages format's `image`. */
function isImagePart(value: unknown): boolean {
  return isObjectRecord(value) && (value.type === 'image_url' || (value.type === 'image' && 'source' in value));
}

/** What the model reads of a wire body, and what it may write. */
export interface WireBound {
  inputTokens: number;
  outputTokens: number | undefined;
  /** How many completions the body asks for (`n`, default 1). */
  choices: number;
  /** A cache breakpoint asks for a 1-hour TTL. */
  oneHourCache: boolean;
}

/**
 * The bound of a chat or messages body as it goes on the wire: every byte of its JSON (text, tool
 * definitions, schemas, and the JSON's own keys and quotes, which exceed the per-message overheads), each
 * image at its model's maximum instead of its bytes, plus the tool-use system prompt when there are tools.
 */
export function wireBound(kind: 'chat' | 'messages', body: unknown): WireBound {
  const record = isObjectRecord(body) ? body : {};
  const modelId = typeof record.model === 'string' ? record.model : '';
  let images = 0;
  let oneHourCache = false;
  const json = JSON.stringify(record, function (key, value: unknown) {
    // The model id and the caller's ids go to the gateway, not into the model's context.
    if (this === record && UNREAD_FIELDS.has(key)) return undefined;
    if (key === 'ttl' && value === '1h') oneHourCache = true;
    if (!isImagePart(value)) return value;
    images++;
    return null;
  });
  const tools = Array.isArray(record.tools) && record.tools.length > 0 ? TOOL_USE_OVERHEAD_TOKENS : 0;
  const n = record.n;
  return {
    inputTokens: utf8Bytes(json) + tools + images * imageTokenBound(kind, modelId),
    outputTokens: typeof record.max_tokens === 'number' ? record.max_tokens : undefined,
    choices: typeof n === 'number' && Number.isInteger(n) && n > 1 ? n : 1,
    oneHourCache,
  };
}

/**
 * The bound of a language model's call: `wire`'s input, and `maxTokens` output tokens a choice (the body's
 * `max_tokens` unless given; without one, the context window less the input).
 */
function languageModelBound(
  price: UnigateModelPrice,
  wire: WireBound,
  contextWindow: number | undefined,
  maxTokens = wire.outputTokens,
) {
  // A request above the context window is refused upstream: no call reads more than the window.
  const inputTokens = contextWindow === undefined ? wire.inputTokens : Math.min(wire.inputTokens, contextWindow);
  const perChoice =
    maxTokens ?? (contextWindow === undefined ? RESERVED_OUTPUT_TOKENS : Math.max(contextWindow - inputTokens, 1));
  const outputTokens = perChoice * wire.choices;
  // Every input token may be written to the cache (for an hour, if the body asks for that), at its price
  // when that is above the input price.
  const input = price.inputPerMillionTokens;
  const write = Math.max(
    price.cacheWritePerMillionTokens ?? 0,
    (wire.oneHourCache ? price.cacheWrite1hPerMillionTokens : undefined) ?? 0,
  );
  const bound = input === undefined ? price : { ...price, inputPerMillionTokens: Math.max(input, write) };
  return tokenCost(bound, { inputTokens, outputTokens })?.total;
}

/**
 * The largest `max_tokens` (the call's `maxOutputTokens`, on both formats) whose bound is at most `left`
 * credits: from the same bound `reservationFor` reserves, so an app refused for lack of room can retry
 * with it. At most the context window less the input; `undefined` when not even 1 fits.
 */
export function largestOutputTokens(
  kind: 'chat' | 'messages',
  price: UnigateModelPrice,
  call: ReservationCall,
  contextWindow: number | undefined,
  left: number,
): number | undefined {
  const wire = wireBound(kind, call.wireBody);
  const fits = (maxTokens: number) => (languageModelBound(price, wire, contextWindow, maxTokens) ?? Infinity) <= left;
  const one = languageModelBound(price, wire, contextWindow, 1);
  if (one === undefined || !fits(1)) return undefined;
  const ceiling = contextWindow === undefined ? RESERVED_OUTPUT_TOKENS : Math.max(contextWindow - wire.inputTokens, 1);
  const perToken = (languageModelBound(price, wire, contextWindow, 2) ?? one) - one;
  // The bound is linear in the output: the estimate is exact but for float rounding, which the steps settle.
  let tokens = perToken > 0 ? Math.min(ceiling, 1 + Math.floor((left - one) / perToken)) : ceiling;
  while (tokens > 1 && !fits(tokens)) tokens--;
  while (tokens < ceiling && fits(tokens + 1)) tokens++;
  return tokens;
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
      return languageModelBound(price, wireBound(kind, call.wireBody), contextWindow);
    case 'embedding': {
      let bytes = 0;
      for (const value of Array.isArray(call.values) ? call.values : [])
        bytes += typeof value === 'string' ? utf8Bytes(value) : 0;
      return tokenCost(price, { inputTokens: bytes })?.total;
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
