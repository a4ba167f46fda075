import {
  InvalidArgumentError,
  type LanguageModelV3CallOptions,
  type SharedV3ProviderOptions,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { z } from 'zod/v4';
import { checkInteger, checkOneOf, formatArgumentValue } from '../checks/validate-argument';
import type { ResumeSettings, UnigateResume, UnigateResumeMode } from '../resume/resume-types';

// The resume settings' values, at provider and call level, and the check of the `resumed` metadata the
// resume writes (their types: src/resume/resume-types.ts, a leaf).

/** The values of `resume`. */
export const RESUME_MODES: readonly UnigateResumeMode[] = ['auto', 'off'];
/**
 * The limits of `maxResumes`: each resume resends the whole prompt, and a stream that fails ten times in a
 * row is failing for a reason a resume will not mend.
 */
export const MAX_RESUMES = { min: 0, max: 10, by: 'provider' } as const;
/** The limits of `streamIdleMs` (ms). */
export const STREAM_IDLE_MS = { min: 1, max: 3_600_000, by: 'provider' } as const;
/** `streamIdleMs` when neither the provider nor the call sets it: two minutes. */
export const DEFAULT_STREAM_IDLE_MS = 120_000;

const RESUME_REASONS: readonly string[] = ['connection-closed', 'ended-early', 'error-event', 'malformed-chunk'];

/** `value` is a `resumed` list as this package writes it into metadata. */
export function isUnigateResumeList(value: unknown): value is UnigateResume[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: Partial<Record<keyof UnigateResume, unknown>> | null) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.afterCharacters === 'number' &&
        typeof entry.reason === 'string' &&
        RESUME_REASONS.includes(entry.reason) &&
        (entry.requestId === undefined || typeof entry.requestId === 'string'),
    )
  );
}

/** The type of a value as zod's messages name it (`null`, `array`, `string`, ...). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * A numeric option: any JavaScript number passes the schema, NaN and the infinities included, so the
 * range check that follows the parse (validate-argument) names the option, its limit and the value as
 * given. `z.number()` would refuse them first with a message that names no limit.
 */
export function numberOption() {
  return z.custom<number>(value => typeof value === 'number', {
    error: issue => `Invalid input: expected number, received ${typeName(issue.input)}`,
  });
}

/** The per-call `resume`, `maxResumes` and `streamIdleMs` options, in the chat and messages schemas. */
export function resumeOptionFields() {
  return {
    resume: z.enum(RESUME_MODES).optional(),
    maxResumes: numberOption().optional(),
    streamIdleMs: numberOption().optional(),
  };
}

/** A call's resume settings: its own options over the provider's, checked before any request. */
export function callResume(
  options: { resume?: UnigateResumeMode; maxResumes?: number; streamIdleMs?: number },
  provider: ResumeSettings,
): ResumeSettings {
  checkInteger('providerOptions.unigate.maxResumes', options.maxResumes, MAX_RESUMES);
  checkInteger('providerOptions.unigate.streamIdleMs', options.streamIdleMs, STREAM_IDLE_MS);
  return {
    resume: options.resume ?? provider.resume,
    maxResumes: options.maxResumes ?? provider.maxResumes,
    streamIdleMs: options.streamIdleMs ?? provider.streamIdleMs,
  };
}

/**
 * Reads `providerOptions.unigate` for one model kind. A wrong type fails before any request, naming the
 * option, what it must be and what it was. A key this model does not read (the namespace is shared by
 * every model kind) is an `unsupported` warning, not an error and not a silent drop.
 */
export function parseUnigateOptions<SHAPE extends z.ZodRawShape>(
  providerOptions: SharedV3ProviderOptions | undefined,
  schema: z.ZodObject<SHAPE>,
  modelKind: string,
): { options: z.output<z.ZodObject<SHAPE>>; warnings: SharedV3Warning[] } {
  const raw = providerOptions?.unigate;
  if (raw === undefined) return { options: {} as z.output<z.ZodObject<SHAPE>>, warnings: [] };
  const result = schema.safeParse(raw);
  if (result.success) {
    const warnings: SharedV3Warning[] = Object.keys(raw)
      .filter(key => !(key in schema.shape))
      .map(key => ({
        type: 'unsupported',
        feature: `providerOptions.unigate.${key}`,
        details: `The ${modelKind} model does not read this option.`,
      }));
    return { options: result.data, warnings };
  }
  const issue = result.error.issues[0];
  const argument = ['providerOptions', 'unigate', ...issue.path.map(String)].join('.');
  let value: unknown = raw;
  for (const key of issue.path)
    value = value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined;
  throw new InvalidArgumentError({
    argument,
    message: `Invalid argument ${argument}: ${issue.message}; received ${formatArgumentValue(value)}.`,
  });
}

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
