import { checkModelId } from '../checks/validate-argument';
import { isObjectRecord } from '../checks/values';
import { failArgument } from '../checks/validate-argument';
import type { UnigateModelPrice } from '../settings/unigate-provider-settings';

/**
 * The fields of `UnigateModelPrice`: the only names a price-table entry may use. A new price field is
 * one line here; `test/types/price-fields.types.ts` fails to compile while this list and the type differ.
 */
export const PRICE_FIELDS = [
  'inputPerMillionTokens',
  'outputPerMillionTokens',
  'cacheReadPerMillionTokens',
  'cacheWritePerMillionTokens',
  'cacheWrite1hPerMillionTokens',
  'perMillionCharacters',
  'perMinute',
  'perImage',
  'perVideo',
] as const satisfies ReadonlyArray<keyof UnigateModelPrice>;

const KNOWN_FIELDS: readonly string[] = PRICE_FIELDS;

/**
 * Checks the `pricing` setting when the provider is created. A typo in a table (`inputPerMillionToken`)
 * would otherwise leave its model unpriced without a word: no `cost`, and a budget counting its calls as 0.
 * So would an entry with no price in it, which replaces the built-in and catalog prices with none; and an
 * entry under an empty id prices no model.
 */
export function checkPricing(pricing: unknown): void {
  if (pricing === undefined || pricing === false || pricing === 'catalog') return;
  if (!isObjectRecord(pricing)) {
    failArgument(
      'pricing',
      "expected false, 'catalog' or a price table { [modelId]: { inputPerMillionTokens, ... } }",
      pricing,
    );
  }
  for (const [modelId, price] of Object.entries(pricing)) {
    const argument = `pricing[${JSON.stringify(modelId)}]`;
    checkModelId(modelId, argument);
    checkModelPrice(argument, price);
  }
}

/** One table entry: an object of known price fields, at least one set, each a finite number of credits, 0 or more. */
function checkModelPrice(argument: string, price: unknown): void {
  if (!isObjectRecord(price))
    failArgument(argument, `expected a price object with the fields ${KNOWN_FIELDS.join(', ')}`, price);
  for (const [field, value] of Object.entries(price)) {
    const path = /^[A-Za-z_$][\w$]*$/.test(field) ? `${argument}.${field}` : `${argument}[${JSON.stringify(field)}]`;
    if (!KNOWN_FIELDS.includes(field)) {
      failArgument(path, `not a price field; the known fields are ${KNOWN_FIELDS.join(', ')}`, value);
    }
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
      failArgument(path, 'expected a finite number of credits, 0 or more', value);
    }
  }
  if (Object.values(price).every(value => value === undefined)) {
    failArgument(
      argument,
      `expected at least one price field (${KNOWN_FIELDS.join(', ')}): an entry without a price would replace the built-in and catalog prices with none`,
      price,
    );
  }
}
