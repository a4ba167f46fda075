import { InvalidArgumentError } from '@ai-sdk/provider';
import { isObjectRecord, isOneOf } from './values';

// Every check here runs before a request: a call that must fail should not spend the user's daily quota.

/**
 * Characters as the gateway counts them: Unicode code points, so an emoji is one character, not two
 * UTF-16 units. Every text limit of the package (speech text, image and video prompts) counts this way.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * A value as the caller gave it, for an error message: `NaN`, `Infinity` and `-Infinity` as such (JSON
 * would print `null`), short strings quoted, long strings and arrays by their size.
 */
export function formatArgumentValue(value: unknown): string {
  if (typeof value === 'string') {
    const characters = countCharacters(value);
    return characters > 60 ? `a string of ${characters} characters` : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'function') return 'a function';
  if (value !== null && typeof value === 'object') {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/**
 * Throws the package's one argument error: the parameter, the rule it breaks and the value as given
 * (`shown`: how to show it, when `formatArgumentValue` would not say it best).
 */
export function failArgument(argument: string, rule: string, value: unknown, shown?: string): never {
  throw new InvalidArgumentError({
    argument,
    message: `Invalid argument ${argument}: ${rule}; received ${shown ?? formatArgumentValue(value)}.`,
  });
}

/**
 * A documented limit of one parameter, inclusive. Every model kind states its limits as one
 * `<KIND>_LIMITS` object of these (e.g. `CHAT_LIMITS.temperature`), so the checks read the same everywhere.
 */
export interface Limit {
  min: number;
  /** Absent: no upper bound. */
  max?: number;
  /** Whose limit it is: the gateway's (default), or the provider's own, for a setting of this package. */
  by?: Accepter;
}

/** Who accepts a value: the gateway (a limit of its API), or the provider (a setting of this package). */
export type Accepter = 'gateway' | 'provider';

/** `value` must be a finite number within the limit when defined. */
export function checkRange(
  argument: string,
  value: number | undefined,
  { min, max = Infinity, by = 'gateway' }: Limit,
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    failArgument(argument, `the ${by} accepts ${max === Infinity ? `at least ${min}` : `${min} to ${max}`}`, value);
  }
}

/** `value` must be an integer within the limit when defined. */
export function checkInteger(
  argument: string,
  value: number | undefined,
  { min, max = Number.MAX_SAFE_INTEGER, by = 'gateway' }: Limit,
): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min} to ${max}`;
    failArgument(argument, `the ${by} accepts an integer, ${range}`, value);
  }
}

/** At most `max` items when defined. */
export function checkMaxItems(argument: string, value: readonly unknown[] | undefined, max: number): void {
  if (value !== undefined && value.length > max) {
    failArgument(argument, `the gateway accepts at most ${max}`, value);
  }
}

/** A string of at most `max` characters, counted as code points (see `countCharacters`). */
export function checkMaxLength(argument: string, value: string | undefined, max: number): void {
  if (value !== undefined && countCharacters(value) > max) {
    failArgument(argument, `the gateway accepts at most ${max} characters`, value);
  }
}

/** One of the documented values when defined; `by` says whose values they are (default: the gateway's). */
export function checkOneOf<T extends string | number>(
  argument: string,
  value: unknown,
  allowed: readonly T[],
  by: Accepter = 'gateway',
): asserts value is T | undefined {
  if (value !== undefined && !isOneOf(allowed, value)) {
    failArgument(argument, `the ${by} accepts ${allowed.map(v => JSON.stringify(v)).join(', ')}`, value);
  }
}

/** A string when defined (for options typed `string` that untyped callers may fill with anything). */
export function checkString(argument: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'string') failArgument(argument, 'expected a string', value);
}

/** A plain object (when defined, unless `required`): `query`, `options` and the like of the package's own helpers. */
export function checkObject(argument: string, value: unknown, required = false): void {
  if ((required || value !== undefined) && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    failArgument(argument, 'expected an object', value);
  }
}

/** What the package's own helpers (listing, catalog, video jobs) take per call, besides their request. */
export interface RequestCallOptions {
  abortSignal?: AbortSignal;
  maxRetries?: number;
  headers?: Record<string, string | undefined>;
}

/**
 * Checks the per-call options of the package's own helpers before any request: a retry count that is
 * not a whole number could retry forever, and a header or signal of the wrong type would fail inside
 * fetch with a bare TypeError.
 */
export function checkRequestOptions(options: RequestCallOptions | undefined, prefix = ''): void {
  checkObject(prefix === '' ? 'options' : prefix.slice(0, -1), options);
  if (options === undefined) return;
  const { abortSignal, maxRetries, headers } = options;
  checkInteger(`${prefix}maxRetries`, maxRetries, { min: 0 });
  if (abortSignal !== undefined && !isAbortSignal(abortSignal))
    failArgument(`${prefix}abortSignal`, 'expected an AbortSignal', abortSignal);
  checkObject(`${prefix}headers`, headers);
  for (const [name, value] of Object.entries(headers ?? {})) checkString(`${prefix}headers.${name}`, value);
}

/** An AbortSignal by its shape: the class differs between realms (an edge VM, an iframe). */
function isAbortSignal(value: unknown): value is AbortSignal {
  return isObjectRecord(value) && typeof value.aborted === 'boolean' && typeof value.addEventListener === 'function';
}

// A blank id would otherwise travel to the gateway as `"model": ""` and come back as a 400 or 404 that
// names no argument: refusing it when the model is made costs the caller no quota and points at the line.

/** `modelId` must be a string with something besides whitespace in it. */
export function checkModelId(modelId: unknown, argument = 'modelId'): asserts modelId is string {
  if (typeof modelId !== 'string' || modelId.trim() === '') {
    failArgument(argument, 'expected a model id (a non-empty string, not only whitespace)', modelId);
  }
}

/**
 * A model id without what gateways put around the model's name: lower case, without a vendor path
 * (`deepseek/deepseek-reasoner`, `moonshotai/Kimi-K2-Thinking`) and without a variant suffix
 * (`deepseek-v3.1:free`).
 */
export function bareModelId(modelId: string): string {
  const name = modelId.toLowerCase().slice(modelId.lastIndexOf('/') + 1);
  const variant = name.indexOf(':');
  return variant === -1 ? name : name.slice(0, variant);
}

/** A model factory that checks its id (`checkModelId`) before it makes anything. */
export function checkingModelId<ID extends string, REST extends unknown[], MODEL>(
  make: (modelId: ID, ...rest: REST) => MODEL,
): (modelId: ID, ...rest: REST) => MODEL {
  return (modelId, ...rest) => {
    checkModelId(modelId);
    return make(modelId, ...rest);
  };
}
