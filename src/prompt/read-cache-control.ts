import type { LanguageModelV3CallOptions, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/values';
import { failArgument } from '../checks/validate-argument';

/**
 * A prompt-caching breakpoint: the prefix up to and including the block that carries it is cached
 * (`ttl` default 5 minutes). At most 4 per request; never on thinking blocks.
 */
export interface MessagesCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** The blocks, system blocks and tools that may carry a breakpoint. */
export interface MessagesCacheable {
  cache_control?: MessagesCacheControl;
}

/**
 * Where the explicit breakpoints were written, by the block (or tool) that carries one: `prompt[3]`,
 * `prompt[3].content[1]`, `tools[0]`. A warning names the ones cut beyond the upstream's four.
 */
export type CacheBreakpointLabels = Map<MessagesCacheable, string>;

const SHAPE = "expected { type: 'ephemeral', ttl?: '5m' | '1h' }";

function checkCacheControl(value: unknown, argument: string): MessagesCacheControl {
  if (!isObjectRecord(value)) failArgument(argument, SHAPE, value);
  if (value.type !== 'ephemeral') failArgument(`${argument}.type`, 'the only cache type is "ephemeral"', value.type);
  if (value.ttl === undefined) return { type: 'ephemeral' };
  if (value.ttl !== '5m' && value.ttl !== '1h') {
    failArgument(`${argument}.ttl`, 'the gateway accepts "5m" or "1h"', value.ttl);
  }
  return { type: 'ephemeral', ttl: value.ttl };
}

/**
 * The explicit cache breakpoint a system message, message, part or tool asks for:
 * `providerOptions.unigate.cacheControl`, else `providerOptions.anthropic.cacheControl` (or its
 * `cache_control`), so markers written for `@ai-sdk/anthropic` keep working. A wrong shape fails
 * before any request, naming where it is (`where`, e.g. `prompt[2].content[0]`) and the value given.
 */
export function readCacheControl(
  providerOptions: SharedV3ProviderOptions | undefined,
  where: string,
): MessagesCacheControl | undefined {
  if (providerOptions === undefined) return undefined;
  const unigate = providerOptions.unigate?.cacheControl;
  if (unigate !== undefined) return checkCacheControl(unigate, `${where}.providerOptions.unigate.cacheControl`);
  const anthropic = providerOptions.anthropic;
  if (anthropic === undefined) return undefined;
  for (const key of ['cacheControl', 'cache_control']) {
    const value = anthropic[key];
    if (value !== undefined) return checkCacheControl(value, `${where}.providerOptions.anthropic.${key}`);
  }
  return undefined;
}

/**
 * Checks every explicit cache breakpoint of a call whose format sends none (chat completions: its
 * upstreams cache on their own), so a malformed one fails there as it does on the messages format, with
 * the same error, instead of passing unnoticed until the code moves to a messages model.
 */
export function checkCacheControls({ prompt, tools }: Pick<LanguageModelV3CallOptions, 'prompt' | 'tools'>): void {
  for (const [position, message] of prompt.entries()) {
    if (Array.isArray(message.content)) {
      for (const [index, part] of message.content.entries()) {
        readCacheControl(part.providerOptions, `prompt[${position}].content[${index}]`);
      }
    }
    readCacheControl(message.providerOptions, `prompt[${position}]`);
  }
  for (const [index, tool] of (tools ?? []).entries()) {
    if (tool.type === 'function') readCacheControl(tool.providerOptions, `tools[${index}]`);
  }
}
