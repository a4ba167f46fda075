// The emulator's prompt cache: which prompt prefixes an earlier request left cached, and until when (by
// the injected clock). Both language routes read and write it: messages at the request's cache_control
// breakpoints, chat completions at every message boundary on its own. One per emulator instance.

import { digestHex } from './emulator-text';

/**
 * The shortest prefix the emulator caches, in its tokens: the upstreams' minimum (1,024 tokens on the
 * chat format's automatic caching, and for most messages-format models).
 */
export const MIN_CACHED_PREFIX_TOKENS = 1024;

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
   * `MIN_CACHED_PREFIX_TOKENS`) is stored, or its life extended, for its TTL. Off: nothing is read or written.
   */
  split(prefixes: readonly CachePrefix[]): CacheSplit;
}

/** A prompt cache on `now` (ms since epoch); `enabled: false` caches nothing (the `caching: false` option). */
export function createPromptCache(now: () => number, enabled = true): PromptCache {
  const expiries = new Map<string, number>();
  return {
    split(prefixes) {
      if (!enabled) return { read: 0, written: 0, writtenForAnHour: 0 };
      const at = now();
      let read = 0;
      let longest = 0;
      let longestForAnHour = 0;
      const keys: Array<[string, number]> = [];
      for (const prefix of prefixes) {
        if (prefix.tokens < MIN_CACHED_PREFIX_TOKENS) continue;
        const key = digestHex(prefix.identity);
        if ((expiries.get(key) ?? -Infinity) > at) read = Math.max(read, prefix.tokens);
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
