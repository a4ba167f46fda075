// A tiny JSON Schema checker for the subset the emulator generates (tests only; no ajv installed).
// Returns the list of violations, each with its JSON path; an empty list means valid.

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function resolve(root: Schema, ref: string): Schema {
  let node: unknown = root;
  for (const part of ref.replace(/^#\/?/, '').split('/').filter(Boolean))
    node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? node : {};
}

export function checkJsonSchema(
  schema: unknown,
  value: unknown,
  root: Schema = schema as Schema,
  path = '$',
): string[] {
  if (!isObject(schema)) return [];
  if (typeof schema.$ref === 'string') return checkJsonSchema(resolve(root, schema.$ref), value, root, path);
  const errors: string[] = [];
  const type = schema.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const actual = typeOf(value);
    if (!types.some(t => t === actual || (t === 'number' && actual === 'integer'))) {
      errors.push(`${path}: expected ${types.join('|')}, got ${actual}`);
      return errors;
    }
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    errors.push(`${path}: not the const`);
  if (Array.isArray(schema.enum) && !schema.enum.some(e => JSON.stringify(e) === JSON.stringify(value))) {
    errors.push(`${path}: not in enum`);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const passing = branches.filter(b => checkJsonSchema(b, value, root, path).length === 0).length;
      if (passing === 0 || (key === 'oneOf' && passing > 1)) errors.push(`${path}: ${key} matched ${passing} branches`);
    }
  }
  if (Array.isArray(schema.allOf)) for (const b of schema.allOf) errors.push(...checkJsonSchema(b, value, root, path));

  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      errors.push(`${path}: shorter than minLength`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      errors.push(`${path}: longer than maxLength`);
    if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) errors.push(`${path}: not a date-time`);
    if (schema.format === 'email' && !/^[^@\s]+@[^@\s]+$/.test(value)) errors.push(`${path}: not an email`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${path}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${path}: above maximum`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      errors.push(`${path}: not above exclusiveMinimum`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
      errors.push(`${path}: not below exclusiveMaximum`);
    if (
      typeof schema.multipleOf === 'number' &&
      Math.abs(value / schema.multipleOf - Math.round(value / schema.multipleOf)) > 1e-9
    ) {
      errors.push(`${path}: not a multipleOf ${schema.multipleOf}`);
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      errors.push(`${path}: fewer than minItems`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      errors.push(`${path}: more than maxItems`);
    if (schema.uniqueItems === true && new Set(value.map(v => JSON.stringify(v))).size !== value.length) {
      errors.push(`${path}: items not unique`);
    }
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    value.forEach((item, i) => {
      const itemSchema = i < prefix.length ? prefix[i] : schema.items;
      errors.push(...checkJsonSchema(itemSchema, item, root, `${path}[${i}]`));
    });
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const key of Array.isArray(schema.required) ? schema.required : []) {
      if (!(String(key) in value)) errors.push(`${path}: missing required ${String(key)}`);
    }
    for (const [key, item] of Object.entries(value)) {
      if (key in properties) errors.push(...checkJsonSchema(properties[key], item, root, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${key}`);
    }
  }
  return errors;
}
