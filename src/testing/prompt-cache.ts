// The emulator's prompt cache: which prompt prefixes an earlier request left cached, and until when (by
// the injected clock). Both language routes read and write it: messages at the request's cache_control
// breakpoints, chat completions at every message boundary on its own. One per emulator instance.

import { digestHex } from './emulator-text';

/**
 * The shortest prefix the emulator caches, in its tokens: the upstreams' minimum (1,024 tokens on the
 * chat format's automatic caching, and for most messages-format models; `minCachedPrefixTokens` by model).
 */
export const MIN_CACHED_PREFIX_TOKENS = 1024;

/**
 * The messages format's minimum by model, as Anthropic's prompt-caching guide lists it: 4,096 tokens for
 * Claude Opus 4.5 and 4.6 and Haiku 4.5, 2,048 for Opus 4.7, Haiku 3.5 and Haiku 3, 1,024 for the others.
 */
export function minCachedPrefixTokens(model: string): number {
  const id = model.toLowerCase().replace(/^.*\//, '').replaceAll('.', '-');
  if (/opus-4-[56]\b|haiku-4-5\b/.test(id)) return 4096;
  if (/opus-4-7\b|haiku-3-5\b|3-5-haiku\b|haiku-3\b|3-haiku\b/.test(id)) return 2048;
  return MIN_CACHED_PREFIX_TOKENS;
}

/** Block boundaries before a breakpoint the upstream also looks for a cached prefix at. */
export const CACHE_LOOK_BACK_BLOCKS = 20;

/** How long a prefix lives after its last use: a `cache_control` without `ttl`, and every chat-format prefix. */
export const DEFAULT_CACHE_TTL_MS = 5 * 60_000;

const ONE_HOUR_MS = 60 * 60_000;

/** A prefix a request ends (at a breakpoint, or at a message boundary) with its length and lifetime. */
export interface CachePrefix {
  /** What identifies it: the model and the prefix's content, in any stable serialisation. */
  identity: string;
  /** Its input tokens, everything before it included. */
  tokens: number;
  ttlMs: number;
  /**
   * The shorter prefixes a hit may also be found at (the messages format's look-back: each block boundary
   * up to `CACHE_LOOK_BACK_BLOCKS` before the breakpoint); they are read, never written.
   */
  lookBack?: ReadonlyArray<{ identity: string; tokens: number }>;
}

/** How a request's input tokens split, in the upstreams' terms. */
export interface CacheSplit {
  /** Tokens read from the cache: the longest prefix already cached. */
  read: number;
  /** Tokens written: from there to the longest prefix this request caches. */
  written: number;
  /** Of `written`: those up to the longest prefix cached for an hour or more (priced as 1-hour writes). */
  writtenForAnHour: number;
}

export interface PromptCache {
  /**
   * Splits a request's input over its prefixes: the longest one still cached is read, everything from there
   * to the longest cacheable one is written; then every cacheable prefix (at least
   * `minTokens`, default `MIN_CACHED_PREFIX_TOKENS`) is stored, or its life extended, for its TTL. A prefix
   * is read where it or one of its `lookBack` prefixes is cached. Off: nothing is read or written.
   */
  split(prefixes: readonly CachePrefix[], minTokens?: number): CacheSplit;
}

/** A prompt cache on `now` (ms since epoch); `enabled: false` caches nothing (the `caching: false` option). */
export function createPromptCache(now: () => number, enabled = true): PromptCache {
  const expiries = new Map<string, number>();
  return {
    split(prefixes, minTokens = MIN_CACHED_PREFIX_TOKENS) {
      if (!enabled) return { read: 0, written: 0, writtenForAnHour: 0 };
      const at = now();
      let read = 0;
      let longest = 0;
      let longestForAnHour = 0;
      const keys: Array<[string, number]> = [];
      const cached = (identity: string) => (expiries.get(digestHex(identity)) ?? -Infinity) > at;
      for (const prefix of prefixes) {
        if (prefix.tokens < minTokens) continue;
        const key = digestHex(prefix.identity);
        if ((expiries.get(key) ?? -Infinity) > at) read = Math.max(read, prefix.tokens);
        for (const earlier of prefix.lookBack ?? [])
          if (earlier.tokens >= minTokens && earlier.tokens > read && cached(earlier.identity)) read = earlier.tokens;
        longest = Math.max(longest, prefix.tokens);
        if (prefix.ttlMs >= ONE_HOUR_MS) longestForAnHour = Math.max(longestForAnHour, prefix.tokens);
        keys.push([key, at + prefix.ttlMs]);
      }
      for (const [key, expiry] of keys) expiries.set(key, Math.max(expiry, expiries.get(key) ?? 0));
      // Expired entries go when the cache grows, so a long-lived emulator does not keep every prefix.
      if (expiries.size > 4096) for (const [key, expiry] of expiries) if (expiry <= at) expiries.delete(key);
      return { read, written: longest - read, writtenForAnHour: Math.max(longestForAnHour - read, 0) };
    },
  };
}
