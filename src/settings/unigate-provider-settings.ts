import type { FetchFunction } from '@ai-sdk/provider-utils';
import type { UnigateBudget } from '../budget/budget-types';
import type { UnigateChargeEvent } from '../budget/charge-types';
import type { UnigatePricing } from '../pricing/price-types';
import type { UnigateResumeMode } from '../resume/resume-types';

// The bottom layer: the settings and the types they name. A feature's public types live beside it, in a
// leaf type file that imports nothing but other leaves (prices: pricing/price-types.ts; resume:
// resume/resume-types.ts; budgets and charges: budget/budget-types.ts, budget/charge-types.ts), which any
// layer may import (scripts/check-import-cycles.mjs); this file re-exports them for the code that reads settings.
// Types only: the values the resume settings are checked against are in src/prompt/call-options.ts.
export type * from '../budget/budget-types';
export type * from '../budget/charge-types';
export type * from '../pricing/price-types';
export type * from '../resume/resume-types';

/**
 * Which wire format `gw(id)` and `gw.languageModel(id)` use.
 * - `'auto'` (default): the messages format for Anthropic-family ids (`claude-*`, or an id the loaded
 *   catalog lists under the Anthropic provider), chat completions for every other id.
 * - `'chat'`: chat completions for every id.
 */
export type UnigateFormat = 'auto' | 'chat';

/**
 * Prompt caching on the messages format (`caching` setting).
 * - `'auto'` (default): each request gets cache breakpoints where an agent loop gains from them: the end
 *   of the conversation, the end of the previous step, and the end of the tool definitions and of the
 *   system prompt, each when the prefix it ends is long enough to cache.
 * - `'off'`: no automatic breakpoints; explicit `cacheControl` markers are still sent.
 */
export type UnigateCaching = 'auto' | 'off';

/** Settings of `createUnigate`. Every one falls back to an environment variable, read at call time. */
export interface UnigateProviderSettings {
  /** API key. Default: `UNIGATE_API_KEY`. Sent only to the gateway's own origins. */
  apiKey?: string;
  /** Host root of the gateway, e.g. `https://gateway.example`. Default: `UNIGATE_SITE_URL`. */
  siteURL?: string;
  /** OpenAI-style API base. Default: `UNIGATE_BASE_URL`, else `${siteURL}/v1`. */
  baseURL?: string;
  /** Second base for images and video. Default: `UNIGATE_ALT_BASE_URL`, else `baseURL`. */
  altBaseURL?: string;
  /**
   * Which published chat-completions endpoint to use: `base` (`{base_url}/chat/completions`, the default)
   * or `alt` (`{alt_base_url}/chat/completions`).
   */
  chatEndpoint?: 'base' | 'alt';
  /**
   * The wire format of `gw(id)` and `gw.languageModel(id)` (so also of a provider registry's
   * `languageModel('unigate:id')`), chosen when the model is created:
   * - `'auto'` (default): Anthropic-family ids go to the messages format (`claude-*`, and, once the catalog
   *   is loaded, any id it lists under the Anthropic provider), keeping thinking signatures across turns,
   *   `topK` and messages-style tool choice; every other id goes to chat completions.
   * - `'chat'`: every id on chat completions.
   *
   * `gw.chat(id)` and `gw.messages(id)` always force their format; `model.provider` says which one a model
   * speaks (`unigate.chat` or `unigate.messages`). Checked when the provider is created (`InvalidArgumentError`).
   */
  format?: UnigateFormat;
  /** Extra headers sent with every request to the gateway. */
  headers?: Record<string, string | undefined>;
  /** Custom fetch: for proxies, tests, or the emulator from `unigate-ai-provider/testing`. */
  fetch?: FetchFunction;
  /**
   * Puts each call's cost in `providerMetadata.unigate.cost` (`{ input, output, total, unit: 'credits' }`).
   * - `false` (default): no prices; nothing is fetched.
   * - `'catalog'`: chat and embedding prices from the public catalog (`GET {site_url}/api/public/models`),
   *   fetched on the first call (page 1, then every other page at once), shared by concurrent calls, cached
   *   for `catalogCacheTtlMs`; plus the documented fixed prices (tts-1, tts-1-hd, whisper-1, the three
   *   embedding models). A catalog that cannot be loaded never fails a call: the call gets a warning and no
   *   catalog price. A call whose response is complete before the catalog has loaded waits for it, at most
   *   `priceWaitMs`; past that it comes without `cost`, with a warning saying so (a stream:
   *   `providerMetadata.unigate.costUnavailable` on its finish part), while the load goes on in the
   *   background, within `catalogTimeoutMs`, for later calls.
   * - a table `{ [modelId]: UnigateModelPrice }`: overrides the fixed and catalog prices per model; models
   *   it does not list fall back to the fixed prices, then to the catalog. The only source of image and video prices.
   */
  pricing?: UnigatePricing;
  /**
   * How long the cached catalog is fresh, in milliseconds. Default 3,600,000 (1 hour). After it, calls go
   * on with the cached prices while one background refresh runs; a failed refresh keeps the old prices
   * and is tried again a minute later.
   */
  catalogCacheTtlMs?: number;
  /**
   * Milliseconds between video status polls when a call names no `pollIntervalMs` of its own (the video
   * model's `providerOptions.unigate`, `gw.videoJobs.wait` and `generate`); also the pause before the
   * first poll of a job just created. At least 0. Default 5000, the gateway's published client loop.
   * The emulator's settings set it low, so its jobs finish in milliseconds.
   */
  videoPollIntervalMs?: number;
  /**
   * The catalog load's time limit, in milliseconds, from 1 to 2147483647. Default 10,000 (10 s). A load
   * still running then is stopped: calls waiting for it get a warning and no catalog price, and the next
   * call loads again. A load also stops when every call waiting for it is aborted. Calls never wait for
   * it past their own response. Checked when the provider is created (`InvalidArgumentError`).
   */
  catalogTimeoutMs?: number;
  /**
   * How long a call whose response is complete may wait for its price while the catalog is still loading,
   * in milliseconds, from 0 to 2147483647. Default 2,000: the catalog loads in two round trips (page 1, then
   * the rest at once), so a gateway answering each page in a few hundred ms prices a fresh process's first
   * call. `0` never waits. Only a stream's `finish` part waits; no part before it does. A call whose price
   * is already known, or that needs none, never waits. Checked when the provider is created.
   */
  priceWaitMs?: number;
  /**
   * A spending limit per period and key (`UnigateBudget`), or several at once (an array: a call is sent
   * only if every one admits it, and is charged to each). A budget needs prices: with `pricing: false`
   * (the default) it uses `'catalog'`, and a call waits for the catalog (within `catalogTimeoutMs`) so its
   * cost is known. A call whose price is unknown counts as 0, with a warning saying so. Checked when the
   * provider is created (`InvalidArgumentError`).
   */
  budget?: UnigateBudget | readonly UnigateBudget[];
  /**
   * Called once for every model call of every kind when its charge is final (`UnigateChargeEvent`):
   * completed, aborted, failed, refused by the budget, or answered with an HTTP error. With a budget, the
   * events' costs add up to what the budget's store counts. It runs after the result is delivered (a
   * microtask after it, or after the stream's `finish` part) and is never awaited: a slow handler delays no
   * call, and one that throws or rejects fails none: its error goes to `onChargeError`, never into a call's
   * result. Checked when the provider is created (`InvalidArgumentError`).
   */
  onCharge?: (event: UnigateChargeEvent) => unknown;
  /**
   * Receives the error of an `onCharge` handler that threw or rejected, with the event it failed on. Default:
   * a `console.warn` naming the call, the API key redacted. Its own failure is ignored. Checked when the
   * provider is created (`InvalidArgumentError`).
   */
  onChargeError?: (error: unknown, event: UnigateChargeEvent) => unknown;
  /**
   * Merges stream deltas that arrive together. Default `true`: consecutive `text-delta`,
   * `reasoning-delta` or `tool-input-delta` parts of one block that come from one network read of the
   * stream become one part (nothing else is merged, and nothing waits for a later read). The text is the
   * same; the AI SDK's per-part work, most of a stream's client CPU, is paid once per read instead of
   * once per delta when the client falls behind. `false`: one part per upstream delta, for code that
   * counts deltas. With `includeRawChunks`, each event's `raw` part still comes first, so deltas of
   * different events are never merged across it.
   */
  mergeStreamDeltas?: boolean;
  /**
   * Prompt caching on the messages format. `'auto'` (default): breakpoints (`cache_control`) at the end of
   * the conversation, at the end of the previous step (so each step of a tool loop reads what the step
   * before it wrote), and at the end of the tool definitions and of the system prompt when the prefix
   * they end is estimated at 1,024 tokens or more (characters / 4); at most 4, never on thinking blocks.
   * A `providerOptions.unigate.cacheControl` (or `providerOptions.anthropic.cacheControl`) marker on a
   * system message, message, part or tool replaces the automatic ones for that call. `'off'`: no
   * automatic breakpoints (explicit markers are still sent). A gateway that answers 400 naming
   * `cache_control` gets the call again without breakpoints, once, with a warning, and none for the rest
   * of the provider's life. Chat completions carry no markers: those upstreams cache long prefixes on
   * their own. Checked when the provider is created (`InvalidArgumentError`).
   */
  caching?: UnigateCaching;
  /**
   * A stream that fails after content has reached the caller (the connection drops, the body ends early,
   * an `error` event, a broken chunk) is resumed: the same request again with the text received so far as
   * the answer's start (a prefill), its continuation going on in the same stream (docs/resume.md).
   * `'auto'` (default): on the messages format without thinking, and on chat models whose upstream
   * documents a continuation (DeepSeek, Mistral, Moonshot/Kimi); `'off'`: never. Per call:
   * `providerOptions.unigate.resume`. Checked when the provider is created (`InvalidArgumentError`).
   */
  resume?: UnigateResumeMode;
  /** How many times one stream may be resumed: an integer, 0 to 10. Default 1. Per call: `providerOptions.unigate.maxResumes`. */
  maxResumes?: number;
  /**
   * How long a language stream may stay silent (ms) before it counts as dropped: no byte of its body for
   * this long (an SSE comment or a ping is a byte) and it is resumed where it can be (docs/resume.md),
   * else it ends with an `error` part (`unigateError(error).kind === 'timeout'`) and `finish` `'error'`.
   * An integer from 1 to 3,600,000 (one hour); default 120,000. Per call:
   * `providerOptions.unigate.streamIdleMs`. Checked when the provider is created (`InvalidArgumentError`).
   */
  streamIdleMs?: number;
}
