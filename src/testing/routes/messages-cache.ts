// Prompt caching on the emulator's messages endpoint: the request's `cache_control` breakpoints, checked
// as the vendor checks them, each made into the prefix it ends (its tokens and identity) for the
// emulator's prompt cache (prompt-cache.ts). The prefix order is the vendor's: tools, system, messages.

import { countTokens, digestHex } from '../emulator-text';
import { CACHE_LOOK_BACK_BLOCKS, type CachePrefix, DEFAULT_CACHE_TTL_MS } from '../prompt-cache';
import { inputTokensOf } from './messages-answer';
import { MessagesRequestError, type MessagesRequest } from './messages-request';

/** Breakpoints one request may carry. */
const MAX_BREAKPOINTS = 4;
const TTL_MS: Record<string, number> = { '5m': DEFAULT_CACHE_TTL_MS, '1h': 60 * 60_000 };

function invalid(message: string): never {
  throw new MessagesRequestError(400, 'invalid_request_error', message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The TTL of a block's breakpoint in ms, `undefined` without one; a malformed one is a 400. */
function breakpointTtl(block: unknown, path: string): number | undefined {
  const control = isRecord(block) ? block.cache_control : undefined;
  if (control === undefined || control === null) return undefined;
  if (!isRecord(control)) invalid(`${path}.cache_control: Input should be a valid dictionary`);
  if (control.type !== 'ephemeral') invalid(`${path}.cache_control.type: Input should be 'ephemeral'`);
  if (control.ttl === undefined) return DEFAULT_CACHE_TTL_MS;
  const ttl = typeof control.ttl === 'string' ? TTL_MS[control.ttl] : undefined;
  if (ttl === undefined) invalid(`${path}.cache_control.ttl: Input should be '5m' or '1h'`);
  return ttl;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The prefixes a validated request's breakpoints end, in prompt order, each with the shorter prefixes the
 * upstream also finds a hit at (the block boundaries up to `CACHE_LOOK_BACK_BLOCKS` before it). Every
 * tool, system block and message block is a block; a prefix is identified by a digest chained over its
 * blocks. Throws the vendor's 400 for a malformed `cache_control`, one on a thinking block, or more than four.
 */
export function messagesCachePrefixes(body: unknown, request: MessagesRequest): CachePrefix[] {
  const raw = isRecord(body) ? body : {};
  const { model, tools, turns } = request;
  const prefixes: CachePrefix[] = [];
  // Every block boundary so far: the prefix it ends.
  const boundaries: Array<{ identity: string; tokens: number }> = [];
  let identity = digestHex(JSON.stringify(['model', model]));
  const boundary = (block: unknown, tokens: number, ttlMs: number | undefined) => {
    identity = digestHex(`${identity}${JSON.stringify(block)}`);
    if (ttlMs !== undefined) {
      const lookBack = boundaries.slice(Math.max(boundaries.length - CACHE_LOOK_BACK_BLOCKS, 0));
      prefixes.push({ identity, tokens, ttlMs, lookBack });
    }
    boundaries.push({ identity, tokens });
  };

  listOf(raw.tools).forEach((tool, i) => {
    boundary(['tool', tools[i]], countTokens(JSON.stringify(tools.slice(0, i + 1))), breakpointTtl(tool, `tools.${i}`));
  });
  let base = tools.length > 0 ? countTokens(JSON.stringify(tools)) : 0;

  const system = typeof raw.system === 'string' ? [raw.system] : listOf(raw.system);
  const systemTexts = system.map(block => (typeof block === 'string' ? block : String(isRecord(block) && block.text)));
  system.forEach((block, k) => {
    const tokens = base + countTokens(systemTexts.slice(0, k + 1).join('\n'));
    boundary(['system', systemTexts[k]], tokens, breakpointTtl(block, `system.${k}`));
  });
  base += countTokens(request.system);

  listOf(raw.messages).forEach((message, t) => {
    const turn = turns[t]!;
    base += 3;
    listOf(isRecord(message) ? message.content : undefined).forEach((block, b) => {
      const path = `messages.${t}.content.${b}`;
      const ttl = breakpointTtl(block, path);
      const parsed = turn.blocks[b]!;
      if (ttl !== undefined && (parsed.type === 'thinking' || parsed.type === 'redacted_thinking')) {
        invalid(`${path}.${parsed.type}.cache_control: Extra inputs are not permitted`);
      }
      base += inputTokensOf(parsed);
      boundary([t, turn.role, parsed], base, ttl);
    });
  });

  if (prefixes.length > MAX_BREAKPOINTS) {
    invalid(`A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${prefixes.length}.`);
  }
  return prefixes;
}
