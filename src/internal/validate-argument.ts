import { InvalidArgumentError } from '@ai-sdk/provider';

// Every check here runs before a request: a call that must fail should not spend the user's daily quota.

function fail(argument: string, rule: string, value: unknown): never {
  throw new InvalidArgumentError({
    argument,
    message: `Invalid argument ${argument}: ${rule}; received ${formatValue(value)}.`,
  });
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') {
    return value.length > 60 ? `a string of ${value.length} characters` : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  return String(value);
}

/**
 * A documented limit of one parameter, inclusive. Every model kind states its limits as one
 * `<KIND>_LIMITS` object of these (e.g. `CHAT_LIMITS.temperature`), so the checks read the same everywhere.
 */
export interface Limit {
  min: number;
  /** Absent: no upper bound. */
  max?: number;
}

/** `value` must be a finite number within the limit when defined. */
export function checkRange(argument: string, value: number | undefined, { min, max = Infinity }: Limit): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(argument, `the gateway accepts ${max === Infinity ? `at least ${min}` : `${min} to ${max}`}`, value);
  }
}

/** `value` must be an integer within the limit when defined. */
export function checkInteger(argument: string, value: number | undefined, { min, max = Number.MAX_SAFE_INTEGER }: Limit): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min} to ${max}`;
    fail(argument, `the gateway accepts an integer, ${range}`, value);
  }
}

/** At most `max` items when defined. */
export function checkMaxItems(argument: string, value: readonly unknown[] | undefined, max: number): void {
  if (value !== undefined && value.length > max) {
    fail(argument, `the gateway accepts at most ${max}`, value);
  }
}

/** A string of at most `max` characters. */
export function checkMaxLength(argument: string, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) {
    fail(argument, `the gateway accepts at most ${max} characters`, value);
  }
}

/** One of the documented values when defined. */
export function checkOneOf<T extends string | number>(
  argument: string,
  value: T | undefined,
  allowed: readonly T[],
): void {
  if (value !== undefined && !allowed.includes(value)) {
    fail(argument, `the gateway accepts ${allowed.map(v => JSON.stringify(v)).join(', ')}`, value);
  }
}
