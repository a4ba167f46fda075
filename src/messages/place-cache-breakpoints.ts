import type { SharedV3Warning } from '@ai-sdk/provider';
import type {
  MessagesAssistantBlock,
  MessagesCacheable,
  MessagesImageBlock,
  MessagesRequestBody,
  MessagesTurn,
  MessagesUserBlock,
} from './messages-api-types';
import type { CacheBreakpointLabels } from '../prompt/call-options';

/** Breakpoints one request may carry upstream. */
export const MAX_CACHE_BREAKPOINTS = 4;

/**
 * The shortest prefix the upstream caches, by model (Anthropic's prompt-caching guide, see
 * docs/prompt-caching-prices.md#minimum-cacheable-length-and-the-20-block-look-back): a shorter one is
 * answered without an error and not cached. First match wins on the id without its vendor prefix, dots
 * read as dashes; any other model takes `DEFAULT_MIN_CACHEABLE_TOKENS`.
 */
const MIN_CACHEABLE_TOKENS_BY_MODEL: ReadonlyArray<readonly [RegExp, number]> = [
  [/opus-4-[56]\b|haiku-4-5\b/, 4096],
  [/opus-4-7\b|haiku-3-5\b|3-5-haiku\b|haiku-3\b|3-haiku\b/, 2048],
];

/** The minimum of every other model (Sonnet 4.x and 3.7, Opus 4 and 4.1, and models of other vendors). */
export const DEFAULT_MIN_CACHEABLE_TOKENS = 1024;

/** The shortest prefix, in tokens, that `modelId`'s upstream caches. */
export function minCacheableTokens(modelId: string): number {
  const id = modelId.toLowerCase().replace(/^.*\//, '').replaceAll('.', '-');
  for (const [pattern, tokens] of MIN_CACHEABLE_TOKENS_BY_MODEL) if (pattern.test(id)) return tokens;
  return DEFAULT_MIN_CACHEABLE_TOKENS;
}

/**
 * A text's tokens as the placement counts them, never fewer than a real tokenizer's for dense text, since
 * a breakpoint wrongly skipped loses the saving while one on a prefix that is too short is only not cached:
 * an ASCII letter or space a quarter token (English runs at about 4 characters a token), an ASCII digit or
 * punctuation mark a whole one (code, JSON and base64 are dense in them), any other character one (CJK),
 * two outside the BMP (emoji). Stops counting once `enough` is reached.
 */
export function estimateTokens(text: string, enough = Number.POSITIVE_INFINITY): number {
  let quarters = 0;
  const limit = enough * 4;
  for (let i = 0; i < text.length && quarters < limit; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) quarters += (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 32 ? 1 : 4;
    // A surrogate pair is two code units: two tokens in all.
    else quarters += 4;
  }
  return quarters / 4;
}

/**
 * What a request gets: `auto`, the automatic breakpoints unless the call placed its own; `explicit`, only
 * the call's own; `none`, not even those (the gateway refused `cache_control`).
 */
export type CacheBreakpointMode = 'auto' | 'explicit' | 'none';

type Block = MessagesUserBlock | MessagesAssistantBlock;

const canCarry = (block: Block): block is Exclude<Block, { type: 'thinking' | 'redacted_thinking' }> =>
  block.type !== 'thinking' && block.type !== 'redacted_thinking';

// An image counts a token per 4 characters of its base64 data (a URL by its own): a photo's are far past
// any minimum, as its tokens are upstream (about 1,600 at 1092x1092), while an icon's stay under it.
const imageTokens = (block: MessagesImageBlock) =>
  (block.source.type === 'base64' ? block.source.data.length : block.source.url.length) / 4;

/** A block's estimated tokens, counted until `enough`. */
function blockTokens(block: Block, enough: number): number {
  switch (block.type) {
    case 'text':
      return estimateTokens(block.text, enough);
    case 'image':
      return imageTokens(block);
    case 'tool_use':
      return estimateTokens(block.name, enough) + estimateTokens(JSON.stringify(block.input) ?? '', enough);
    case 'tool_result': {
      if (typeof block.content === 'string') return estimateTokens(block.content, enough);
      let tokens = 0;
      for (const part of block.content)
        tokens += part.type === 'text' ? estimateTokens(part.text, enough) : imageTokens(part);
      return tokens;
    }
    case 'thinking':
      return estimateTokens(block.thinking, enough);
    case 'redacted_thinking':
      return block.data.length / 4;
  }
}

/** Every place a breakpoint can sit, in the upstream's prefix order: tools, system, then messages. */
function* cacheables(body: MessagesRequestBody): Generator<MessagesCacheable> {
  if (body.tools) yield* body.tools;
  if (Array.isArray(body.system)) yield* body.system;
  for (const turn of body.messages) for (const block of turn.content) if (canCarry(block)) yield block;
}

/** The longest TTL a request's breakpoints ask for: what its cache writes are priced at when usage does not say. */
export function longestCacheTtl(body: MessagesRequestBody): '5m' | '1h' {
  for (const target of cacheables(body)) if (target.cache_control?.ttl === '1h') return '1h';
  return '5m';
}

/** The call's own breakpoints beyond the fourth are removed, with a warning naming them. */
function capExplicit(marked: MessagesCacheable[], labels: CacheBreakpointLabels): SharedV3Warning[] {
  if (marked.length <= MAX_CACHE_BREAKPOINTS) return [];
  const dropped = marked.slice(MAX_CACHE_BREAKPOINTS);
  for (const target of dropped) delete target.cache_control;
  return [
    {
      type: 'other',
      message:
        `The call placed ${marked.length} cache breakpoints and upstream accepts ${MAX_CACHE_BREAKPOINTS}: the first ` +
        `${MAX_CACHE_BREAKPOINTS} (tools, then system, then messages) were sent, the cacheControl of ` +
        `${dropped.map(target => labels.get(target) ?? 'a block').join(', ')} was not.`,
    },
  ];
}

/** The last block of a turn that may carry a breakpoint (never a thinking block). */
function lastCacheable(turn: MessagesTurn | undefined): MessagesCacheable | undefined {
  const blocks: readonly Block[] = turn?.content ?? [];
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i];
    if (canCarry(block)) return block;
  }
  return undefined;
}

/**
 * The automatic breakpoints, each where the prefix it ends reaches `minimum` tokens (estimated):
 * - the tool definitions' end, and the system prompt's (the prefix is tools, then system): a new
 *   conversation with the same tools and instructions reads them;
 * - the end of the conversation: the last block of the last message; the next step reads it;
 * - the end of the previous step: the last block of the turn before the last assistant turn, which is
 *   where the previous request of a tool loop (or chat) ended, so this request reads exactly the prefix
 *   that request wrote even when a step adds more blocks than upstream looks back over (20). The minimum
 *   does not move it: the previous request measured the same prefix the same way.
 */
function placeAutomatic(body: MessagesRequestBody, minimum: number): void {
  const mark = (target: MessagesCacheable | undefined) => {
    if (target !== undefined) target.cache_control = { type: 'ephemeral' };
  };
  // Measured only until the minimum is reached: every prefix that ends later reaches it too, so a long
  // system prompt spares the work of measuring the conversation.
  const tools = body.tools ?? [];
  let tokens = 0;
  for (const tool of tools) tokens += estimateTokens(tool.name) + estimateTokens(tool.description ?? '', minimum);
  for (let i = 0; i < tools.length && tokens < minimum; i++) {
    tokens += estimateTokens(JSON.stringify(tools[i].input_schema) ?? '', minimum - tokens);
  }
  if (tools.length > 0 && tokens >= minimum) mark(tools[tools.length - 1]);

  const system = body.system;
  if (typeof system === 'string' && system !== '') {
    tokens += estimateTokens(system, minimum);
    if (tokens >= minimum) body.system = [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }];
  } else if (Array.isArray(system) && system.length > 0) {
    for (const block of system) tokens += estimateTokens(block.text, minimum);
    if (tokens >= minimum) mark(system[system.length - 1]);
  }

  const { messages } = body;
  // The first turn whose end reaches the minimum; -1: the whole conversation stays under it.
  let reached = tokens >= minimum ? 0 : -1;
  for (let index = 0; reached === -1 && index < messages.length; index++) {
    for (const block of messages[index].content) tokens += blockTokens(block, minimum - tokens);
    if (tokens >= minimum) reached = index;
  }
  if (reached === -1) return;
  const last = messages.length - 1;
  let previousAssistant = -1;
  for (let i = last - 1; i > 0 && previousAssistant === -1; i--)
    if (messages[i].role === 'assistant') previousAssistant = i;
  if (previousAssistant > 0 && previousAssistant - 1 >= reached) mark(lastCacheable(messages[previousAssistant - 1]));
  mark(lastCacheable(messages[last]));
}

/**
 * Writes the request's cache breakpoints on its wire body, in place: the call's own (explicit) ones, cut
 * to four, or else, under `auto`, the automatic ones, where the prefix reaches `minimum` tokens (the
 * model's, `minCacheableTokens`). Returns the warnings. Runs once per call over the body the converters
 * built; under `none` it strips every breakpoint.
 */
export function placeCacheBreakpoints(
  body: MessagesRequestBody,
  mode: CacheBreakpointMode,
  labels: CacheBreakpointLabels,
  minimum = minCacheableTokens(body.model),
): SharedV3Warning[] {
  // Only the converters write explicit breakpoints, and they record each in `labels`.
  if (labels.size === 0) {
    if (mode === 'auto') placeAutomatic(body, minimum);
    return [];
  }
  const marked: MessagesCacheable[] = [];
  for (const target of cacheables(body)) if (target.cache_control !== undefined) marked.push(target);
  if (mode === 'none') {
    for (const target of marked) delete target.cache_control;
    return [];
  }
  return capExplicit(marked, labels);
}

/** True when the body carries at least one breakpoint. */
export function hasCacheBreakpoints(body: MessagesRequestBody): boolean {
  for (const target of cacheables(body)) if (target.cache_control !== undefined) return true;
  return false;
}

/**
 * A copy of the body without any breakpoint, as the converters build it with none: the system prompt one
 * string again. The original, which an error may hold, is left as it was.
 */
export function withoutCacheBreakpoints(body: MessagesRequestBody): MessagesRequestBody {
  const strip = <T extends MessagesCacheable>(target: T): T => {
    if (target.cache_control === undefined) return target;
    const { cache_control: _, ...rest } = target;
    return rest as T;
  };
  const system = Array.isArray(body.system) ? body.system.map(block => block.text).join('\n\n') : body.system;
  return {
    ...body,
    ...(system !== undefined && { system }),
    ...(body.tools !== undefined && { tools: body.tools.map(strip) }),
    messages: body.messages.map(
      (turn): MessagesTurn =>
        turn.role === 'user'
          ? { role: 'user', content: turn.content.map(strip) }
          : { role: 'assistant', content: turn.content.map(block => (canCarry(block) ? strip(block) : block)) },
    ),
  };
}
