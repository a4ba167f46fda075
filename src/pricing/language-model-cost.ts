import type { LanguageModelV3Prompt, LanguageModelV3Usage } from '@ai-sdk/provider';
import { tokenCost } from './compute-cost';
import type { UnigateCost, UnigateModelPrice } from './unigate-pricing-types';

/**
 * Characters of a language-model prompt's text (system, text, reasoning, tool calls and results), for
 * the context-window check. Files count nothing: their token cost is not known from their size.
 */
export function promptCharacters(prompt: LanguageModelV3Prompt): number {
  let characters = 0;
  for (const message of prompt) {
    if (typeof message.content === 'string') {
      characters += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') characters += part.text.length;
      else if (part.type === 'tool-call') characters += JSON.stringify(part.input ?? null).length;
      else if (part.type === 'tool-result') {
        const output = part.output;
        if (output.type === 'text' || output.type === 'error-text') characters += output.value.length;
        else if (output.type === 'json' || output.type === 'error-json')
          characters += JSON.stringify(output.value).length;
      }
    }
  }
  return characters;
}

/**
 * A language-model call's cost from its usage: fresh input tokens at the input price, cache reads and
 * writes at their own prices, and every output token. `oneHourWrites` is how many of the cache writes had
 * a 1-hour TTL; when the caller cannot tell, every write is priced at the 1-hour price, so the cost never
 * under-counts. With `n > 1` the gateway's usage already covers every choice.
 */
export function languageModelCost(
  price: UnigateModelPrice | undefined,
  usage: LanguageModelV3Usage,
  oneHourWrites?: number,
): UnigateCost | undefined {
  if (price === undefined) return undefined;
  const cacheWriteTokens = usage.inputTokens.cacheWrite;
  return tokenCost(price, {
    inputTokens: usage.inputTokens.total,
    outputTokens: usage.outputTokens.total,
    cacheReadTokens: usage.inputTokens.cacheRead,
    cacheWriteTokens,
    cacheWrite1hTokens: oneHourWrites ?? cacheWriteTokens,
  });
}
