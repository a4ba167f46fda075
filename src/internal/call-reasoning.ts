import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { checkOneOf } from './validate-argument';

/** ai@7's reasoning levels, lowest first. */
export const REASONING_LEVELS = ['minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

/** A reasoning level of ai@7's `reasoning` call option (`'none'` and `'provider-default'` aside). */
export type ReasoningLevel = (typeof REASONING_LEVELS)[number];

const REASONING_VALUES = ['provider-default', 'none', ...REASONING_LEVELS] as const;

/**
 * ai@7's `reasoning` call option (`generateText({ reasoning: 'high' })`). Its adapter passes it to V3
 * models although the V3 call options have no such field, so it is read as unknown. Unset and
 * `'provider-default'` give `undefined` (send nothing); anything outside ai@7's values fails before the
 * request, naming the option.
 */
export function readCallReasoning(options: LanguageModelV3CallOptions): ReasoningLevel | 'none' | undefined {
  const reasoning = 'reasoning' in options ? options.reasoning : undefined;
  if (reasoning === null) return undefined;
  checkOneOf('reasoning', reasoning, REASONING_VALUES);
  return reasoning === 'provider-default' ? undefined : reasoning;
}
