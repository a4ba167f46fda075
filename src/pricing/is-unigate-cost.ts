import { type FieldChecks, hasFields, isFiniteNumber, optional } from '../checks/field-checks';
import type { UnigateCost } from './unigate-pricing-types';

const COST_FIELDS: FieldChecks<UnigateCost> = {
  input: isFiniteNumber,
  output: isFiniteNumber,
  total: isFiniteNumber,
  unit: (value): value is 'credits' => value === 'credits',
  cacheRead: optional(isFiniteNumber),
  cacheWrite: optional(isFiniteNumber),
};

/** `value` is a cost as this package writes it into metadata: finite credit figures, `unit: 'credits'`. */
export function isUnigateCost(value: unknown): value is UnigateCost {
  return hasFields(value, COST_FIELDS);
}
