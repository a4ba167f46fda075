// Checks of an object's fields, composed into a type guard, so code that reads a JSON value it did not
// make (provider metadata handed back by the AI SDK) narrows it field by field instead of casting.
import { isObjectRecord, isOneOf } from './narrow';

/** A check of one value; the guard narrows it to `V`. */
export type FieldCheck<V> = (value: unknown) => value is V;

/**
 * One check per field of `T`, every field included: a field added to `T` and not checked here fails to
 * compile. An optional field's check must accept `undefined` (`optional(...)`).
 */
export type FieldChecks<T> = { readonly [K in keyof T]-?: FieldCheck<T[K]> };

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `check`, or the field is absent (`undefined`). */
export const optional =
  <V>(check: FieldCheck<V>): FieldCheck<V | undefined> =>
  (value): value is V | undefined =>
    value === undefined || check(value);

/** `check`, or `null`. */
export const nullable =
  <V>(check: FieldCheck<V>): FieldCheck<V | null> =>
  (value): value is V | null =>
    value === null || check(value);

/** One of `values` (literals such as the job statuses). */
export const oneOf =
  <V>(values: readonly V[]): FieldCheck<V> =>
  (value): value is V =>
    isOneOf(values, value);

/**
 * A key of `keys`, a record of every member of a string union (so that a member added to the union and not
 * to the record fails to compile).
 */
export const keyOf =
  <K extends string>(keys: Readonly<Record<K, true>>): FieldCheck<K> =>
  (value): value is K =>
    typeof value === 'string' && Object.hasOwn(keys, value);

/** An array whose every entry passes `check`. */
export const listOf =
  <V>(check: FieldCheck<V>): FieldCheck<V[]> =>
  (value): value is V[] =>
    Array.isArray(value) && value.every(check);

/** `value` is an object whose every field passes its check in `checks` (fields not named are not read). */
export function hasFields<T>(value: unknown, checks: FieldChecks<T>): value is T {
  if (!isObjectRecord(value)) return false;
  const entries: Array<[string, (field: unknown) => boolean]> = Object.entries(checks);
  return entries.every(([key, check]) => check(value[key]));
}

/** The check of an object with the fields `checks` names, for a field that holds such an object. */
export const shape =
  <T>(checks: FieldChecks<T>): FieldCheck<T> =>
  (value): value is T =>
    hasFields(value, checks);
