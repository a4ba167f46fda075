// A deterministic value generator for the JSON Schema subset tool parameters and structured outputs use:
// type (also type arrays), properties/required, items/prefixItems, min/maxItems, uniqueItems, enum,
// const, anyOf/oneOf/allOf, $ref into the same document, string formats and lengths, numeric bounds
// and multipleOf. `pattern` is not honoured. Strings are derived from a seed text (the prompt).

type Schema = Record<string, unknown>;

interface GenerationState {
  root: Schema;
  text: string;
}

/** Below this depth optional properties are filled too; deeper only the required ones (ends recursion). */
const FULL_OBJECT_DEPTH = 3;
const MAX_DEPTH = 12;
const MAX_STRING = 200;

/**
 * A JSON value valid against `schema`, the same for the same inputs. Strings come from `seedText`
 * (cut to `maxLength`, default 200 characters), falling back to the property name when it is empty.
 */
export function generateJsonValue(schema: unknown, seedText: string): unknown {
  const root = isSchema(schema) ? schema : {};
  return generate(root, { root, text: seedText.trim().slice(0, MAX_STRING) }, 0, 'value', 0);
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#')) return {};
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter((part) => part !== '')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isSchema(node) ? node[key] : undefined;
  }
  return isSchema(node) ? node : {};
}

function pickType(schema: Schema): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type.find((t) => t !== 'null') ?? 'null') as string;
  if (schema.properties !== undefined || schema.required !== undefined) return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((k) => k in schema)) {
    return 'number';
  }
  return 'string';
}

function mergeAllOf(schema: Schema): Schema {
  const merged: Schema = { ...schema, allOf: undefined };
  const properties: Schema = { ...(isSchema(schema.properties) ? schema.properties : {}) };
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const part of schema.allOf as unknown[]) {
    if (!isSchema(part)) continue;
    Object.assign(merged, part);
    if (isSchema(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) for (const key of part.required) required.add(String(key));
  }
  merged.properties = properties;
  merged.required = [...required];
  if (merged.type === undefined) merged.type = 'object';
  return merged;
}

function generate(schema: unknown, state: GenerationState, depth: number, name: string, variant: number): unknown {
  if (!isSchema(schema)) return stringFor({}, state, name, variant);
  if (typeof schema.$ref === 'string') {
    return depth > MAX_DEPTH ? null : generate(resolveRef(state.root, schema.$ref), state, depth + 1, name, variant);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[variant % schema.enum.length];
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (alternatives && alternatives.length > 0) {
    // Prefer a non-null branch: it shows more of the shape than `null` does.
    const branch = alternatives.find((alt) => !(isSchema(alt) && alt.type === 'null')) ?? alternatives[0];
    return generate(branch, state, depth + 1, name, variant);
  }
  if (Array.isArray(schema.allOf)) return generate(mergeAllOf(schema), state, depth + 1, name, variant);

  switch (pickType(schema)) {
    case 'object':
      return objectFor(schema, state, depth);
    case 'array':
      return arrayFor(schema, state, depth, name);
    case 'integer':
      return numberFor(schema, true, variant);
    case 'number':
      return numberFor(schema, false, variant);
    case 'boolean':
      return variant % 2 === 0;
    case 'null':
      return null;
    default:
      return stringFor(schema, state, name, variant);
  }
}

function objectFor(schema: Schema, state: GenerationState, depth: number): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const keys = depth < FULL_OBJECT_DEPTH ? [...new Set([...Object.keys(properties), ...required])] : required;
  const value: Record<string, unknown> = {};
  for (const key of keys) value[key] = generate(properties[key] ?? {}, state, depth + 1, key, 0);
  return value;
}

function arrayFor(schema: Schema, state: GenerationState, depth: number, name: string): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 1;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const count = Math.min(Math.max(minItems, prefix.length > 0 ? prefix.length : 1), maxItems);
  const items: unknown[] = [];
  for (let i = 0; i < count; i++) {
    // Each item gets its own variant, so uniqueItems holds for strings, numbers and enums.
    const itemSchema = i < prefix.length ? prefix[i] : (schema.items ?? {});
    items.push(generate(itemSchema, state, depth + 1, name, i));
  }
  return items;
}

function stringFor(schema: Schema, state: GenerationState, name: string, variant: number): string {
  const suffix = variant > 0 ? String(variant + 1) : '';
  const formatted = formatValue(schema.format, variant);
  let value = formatted ?? (state.text !== '' ? state.text : name) + (suffix ? ` ${suffix}` : '');
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : MAX_STRING;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (formatted === undefined && value.length > maxLength) {
    value = suffix && maxLength > suffix.length ? value.slice(0, maxLength - suffix.length) + suffix : value.slice(0, maxLength);
  }
  if (value.length < minLength) value = value.padEnd(minLength, '.');
  return value;
}

function formatValue(format: unknown, variant: number): string | undefined {
  const n = variant + 1;
  switch (format) {
    case 'date-time':
      return `2024-01-${String(n).padStart(2, '0')}T12:00:00Z`;
    case 'date':
      return `2024-01-${String(n).padStart(2, '0')}`;
    case 'time':
      return `12:00:${String(n).padStart(2, '0')}Z`;
    case 'email':
      return `user${n}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/${n}`;
    case 'hostname':
      return `host${n}.example.com`;
    case 'ipv4':
      return `192.0.2.${n}`;
    case 'uuid':
      return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    default:
      return undefined;
  }
}

function numberFor(schema: Schema, integer: boolean, variant: number): number {
  let lo = -Infinity;
  let hi = Infinity;
  let loExclusive = false;
  let hiExclusive = false;
  if (typeof schema.minimum === 'number') [lo, loExclusive] = [schema.minimum, schema.exclusiveMinimum === true];
  if (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= lo) {
    [lo, loExclusive] = [schema.exclusiveMinimum, true];
  }
  if (typeof schema.maximum === 'number') [hi, hiExclusive] = [schema.maximum, schema.exclusiveMaximum === true];
  if (typeof schema.exclusiveMaximum === 'number' && schema.exclusiveMaximum <= hi) {
    [hi, hiExclusive] = [schema.exclusiveMaximum, true];
  }
  let value = 1 + variant;
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : 0;
  if (step > 0) {
    let min = Math.ceil(lo / step) * step;
    if (loExclusive && min === lo) min += step;
    let max = Math.floor(hi / step) * step;
    if (hiExclusive && max === hi) max -= step;
    value = Math.min(Math.max(Math.round(value / step) * step, min), max);
    if (integer) value = Math.round(value);
    return value;
  }
  if (value < lo || (loExclusive && value === lo)) value = hi < Infinity ? (lo + hi) / 2 : lo + 1;
  if (value > hi || (hiExclusive && value === hi)) value = lo > -Infinity ? (lo + hi) / 2 : hi - 1;
  return value;
}
