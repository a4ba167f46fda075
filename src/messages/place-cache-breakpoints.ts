import type { SharedV3Warning } from '@ai-sdk/provider';
import type {
  MessagesAssistantBlock,
  MessagesCacheable,
  MessagesImageBlock,
  MessagesRequestBody,
  MessagesTurn,
  MessagesUserBlock,
} from './messages-api-types';
import type { CacheBreakpointLabels } from '../prompt/read-cache-control';

/** Breakpoints one request may carry upstream. */
export const MAX_CACHE_BREAKPOINTS = 4;

/**
 * An automatic breakpoint is placed only where the prefix it ends is estimated at this many tokens or
 * more: the smallest minimum cacheable prompt length of the upstream's models (1,024 tokens for Claude
 * Sonnet 4.5, Sonnet 4, Opus 4.1, Opus 4 and Sonnet 3.7; 2,048 for Haiku 3 and 3.5; 4,096 for Haiku 4.5
 * and Opus 4.5: Anthropic's prompt-caching guide). A shorter prefix is not cached upstream, without an
 * error, so a breakpoint there would only take one of the four slots.
 */
export const MIN_CACHEABLE_TOKENS = 1024;

/** Characters per token of the estimate, as in the context-window check. */
const CHARACTERS_PER_TOKEN = 4;
const MIN_CACHEABLE_CHARACTERS = MIN_CACHEABLE_TOKENS * CHARACTERS_PER_TOKEN;

/**
 * What a request gets: `auto`, the automatic breakpoints unless the call placed its own; `explicit`, only
 * the call's own; `none`, not even those (the gateway refused `cache_control`).
 */
export type CacheBreakpointMode = 'auto' | 'explicit' | 'none';

type Block = MessagesUserBlock | MessagesAssistantBlock;

const canCarry = (block: Block): block is Exclude<Block, { type: 'thinking' | 'redacted_thinking' }> =>
  block.type !== 'thinking' && block.type !== 'redacted_thinking';

// An image counts by the characters of its base64 data (a URL by its own): a photo's are far past the
// minimum, as its tokens are upstream (about 1,600 at 1092x1092), while an icon's stay under it.
const imageCharacters = (block: MessagesImageBlock) =>
  block.source.type === 'base64' ? block.source.data.length : block.source.url.length;

function blockCharacters(block: Block): number {
  switch (block.type) {
    case 'text':
      return block.text.length;
    case 'image':
      return imageCharacters(block);
    case 'tool_use':
      return block.name.length + (JSON.stringify(block.input)?.length ?? 0);
    case 'tool_result': {
      if (typeof block.content === 'string') return block.content.length;
      let characters = 0;
      for (const part of block.content) characters += part.type === 'text' ? part.text.length : imageCharacters(part);
      return characters;
    }
    case 'thinking':
      return block.thinking.length;
    case 'redacted_thinking':
      return block.data.length;
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
 * The automatic breakpoints, each where the prefix it ends reaches `MIN_CACHEABLE_TOKENS` (estimated):
 * - the tool definitions' end, and the system prompt's (the prefix is tools, then system): a new
 *   conversation with the same tools and instructions reads them;
 * - the end of the conversation: the last block of the last message; the next step reads it;
 * - the end of the previous step: the last block of the turn before the last assistant turn, which is
 *   where the previous request of a tool loop (or chat) ended, so this request reads exactly the prefix
 *   that request wrote even when a step adds more blocks than upstream looks back over (about 20).
 */
function placeAutomatic(body: MessagesRequestBody): void {
  const mark = (target: MessagesCacheable | undefined) => {
    if (target !== undefined) target.cache_control = { type: 'ephemeral' };
  };
  // Measured only until the minimum is reached: every prefix that ends later reaches it too, so a long
  // system prompt spares the work of measuring the conversation.
  const tools = body.tools ?? [];
  let characters = 0;
  for (const tool of tools) characters += tool.name.length + (tool.description?.length ?? 0);
  for (let i = 0; i < tools.length && characters < MIN_CACHEABLE_CHARACTERS; i++) {
    characters += JSON.stringify(tools[i].input_schema)?.length ?? 0;
  }
  if (tools.length > 0 && characters >= MIN_CACHEABLE_CHARACTERS) mark(tools[tools.length - 1]);

  const system = body.system;
  if (typeof system === 'string' && system !== '') {
    characters += system.length;
    if (characters >= MIN_CACHEABLE_CHARACTERS) {
      body.system = [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }];
    }
  } else if (Array.isArray(system) && system.length > 0) {
    for (const block of system) characters += block.text.length;
    if (characters >= MIN_CACHEABLE_CHARACTERS) mark(system[system.length - 1]);
  }

  const { messages } = body;
  // The first turn whose end reaches the minimum; -1: the whole conversation stays under it.
  let reached = characters >= MIN_CACHEABLE_CHARACTERS ? 0 : -1;
  for (let index = 0; reached === -1 && index < messages.length; index++) {
    for (const block of messages[index].content) characters += blockCharacters(block);
    if (characters >= MIN_CACHEABLE_CHARACTERS) reached = index;
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
 * to four, or else, under `auto`, the automatic ones. Returns the warnings. Runs once per call over the
 * body the converters built; under `none` it strips every breakpoint.
 */
export function placeCacheBreakpoints(
  body: MessagesRequestBody,
  mode: CacheBreakpointMode,
  labels: CacheBreakpointLabels,
): SharedV3Warning[] {
  // Only the converters write explicit breakpoints, and they record each in `labels`.
  if (labels.size === 0) {
    if (mode === 'auto') placeAutomatic(body);
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
