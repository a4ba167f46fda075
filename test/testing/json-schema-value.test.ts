import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { generateJsonValue } from '../../src/testing/json-schema-value';
import { checkJsonSchema } from './json-schema-check';

const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  required: ['city'],
  additionalProperties: false,
};

const rich = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'count', 'ratio', 'even', 'flag', 'note', 'when', 'email', 'tags', 'items', 'pair', 'kind', 'ref', 'choice', 'merged'],
  properties: {
    id: { type: 'string', minLength: 40, maxLength: 50 },
    count: { type: 'integer', minimum: 10, maximum: 20 },
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    even: { type: 'integer', multipleOf: 4, minimum: 5 },
    flag: { type: 'boolean' },
    note: { type: ['string', 'null'], maxLength: 5 },
    when: { type: 'string', format: 'date-time' },
    email: { type: 'string', format: 'email' },
    tags: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 4, uniqueItems: true },
    items: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } }, required: ['sku', 'qty'] },
    },
    pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'boolean' }], minItems: 2, maxItems: 2 },
    kind: { const: 'order' },
    ref: { $ref: '#/$defs/address' },
    choice: { anyOf: [{ type: 'null' }, { type: 'integer', maximum: -3 }] },
    merged: { allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } }, required: ['b'] }] },
  },
  $defs: {
    address: { type: 'object', properties: { street: { type: 'string' }, zip: { type: 'string', maxLength: 5 } }, required: ['street', 'zip'] },
  },
};

describe('generateJsonValue', () => {
  it('derives required and optional string properties from the prompt and picks enum values', () => {
    const value = generateJsonValue(weather, 'Weather in Paris?');
    expect(value).toEqual({ city: 'Weather in Paris?', unit: 'celsius' });
    expect(checkJsonSchema(weather, value)).toEqual([]);
  });

  it('satisfies bounds, formats, lengths, arrays, const, $ref, anyOf and allOf', () => {
    const value = generateJsonValue(rich, 'order pizza') as Record<string, unknown>;
    expect(checkJsonSchema(rich, value)).toEqual([]);
    expect(value).toMatchObject({
      id: 'order pizza'.padEnd(40, '.'),
      count: 10,
      ratio: 0.5,
      even: 8,
      flag: true,
      note: 'order',
      kind: 'order',
      choice: -3,
      pair: [1, false],
      tags: ['order pizza', 'order pizza 2', 'order pizza 3'],
      ref: { street: 'order pizza', zip: 'order' },
      merged: { a: 'order pizza', b: 1 },
    });
  });

  it('is deterministic and falls back to the property name without a prompt', () => {
    expect(generateJsonValue(rich, 'x')).toEqual(generateJsonValue(rich, 'x'));
    expect(generateJsonValue(weather, '   ')).toEqual({ city: 'city', unit: 'celsius' });
  });

  it('ends recursive schemas', () => {
    const tree = {
      $ref: '#/$defs/node',
      $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['name'] } },
    };
    const value = generateJsonValue(tree, 'root');
    expect(checkJsonSchema(tree, value)).toEqual([]);
    expect(JSON.stringify(value).length).toBeLessThan(500);
  });

  it('produces values valid against schemas made by zod (the usual source of tool parameters)', () => {
    const schema = z.toJSONSchema(
      z.object({
        query: z.string().min(3).max(30),
        limit: z.number().int().min(1).max(10).optional(),
        filters: z.array(z.object({ field: z.enum(['name', 'date']), value: z.union([z.string(), z.number()]) })),
        range: z.object({ from: z.iso.datetime(), to: z.iso.datetime() }).nullable(),
        strict: z.boolean().default(false),
      }),
    );
    const value = generateJsonValue(schema, 'find recent invoices from last quarter please');
    expect(checkJsonSchema(schema, value)).toEqual([]);
    expect((value as { query: string }).query).toBe('find recent invoices from last');
  });

  it('the checker itself reports violations (so the tests above can fail)', () => {
    expect(checkJsonSchema(weather, { unit: 'kelvin', extra: 1 })).toEqual([
      '$: missing required city',
      '$.unit: not in enum',
      '$: unexpected property extra',
    ]);
    expect(checkJsonSchema(rich.properties.ratio, 1)).toEqual(['$: not below exclusiveMaximum']);
  });
});
