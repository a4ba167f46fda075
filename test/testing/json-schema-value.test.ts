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
  required: [
    'id',
    'count',
    'ratio',
    'even',
    'flag',
    'note',
    'when',
    'email',
    'tags',
    'items',
    'pair',
    'kind',
    'ref',
    'choice',
    'merged',
  ],
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
      items: {
        type: 'object',
        properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
        required: ['sku', 'qty'],
      },
    },
    pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'boolean' }], minItems: 2, maxItems: 2 },
    kind: { const: 'order' },
    ref: { $ref: '#/$defs/address' },
    choice: { anyOf: [{ type: 'null' }, { type: 'integer', maximum: -3 }] },
    merged: {
      allOf: [
        { properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'number' } }, required: ['b'] },
      ],
    },
  },
  $defs: {
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, zip: { type: 'string', maxLength: 5 } },
      required: ['street', 'zip'],
    },
  },
};

describe('generateJsonValue', () => {
  it('derives required and optional string properties from the prompt and picks enum values', () => {
    const value = generateJsonValue(weather, 'Weather in Paris?');
    expect(value).toEqual({ city: 'Paris', unit: 'celsius' });
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
      // Content words, the opening one (often a verb) last, then the prompt.
      tags: ['pizza', 'order', 'order pizza'],
      ref: { street: 'pizza', zip: 'pizza' },
      merged: { a: 'pizza', b: 1 },
    });
  });

  it('is deterministic and falls back to the property name without a prompt', () => {
    expect(generateJsonValue(rich, 'x')).toEqual(generateJsonValue(rich, 'x'));
    expect(generateJsonValue(weather, '   ')).toEqual({ city: 'city', unit: 'celsius' });
  });

  it('ends recursive schemas', () => {
    const tree = {
      $ref: '#/$defs/node',
      $defs: {
        node: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
          required: ['name'],
        },
      },
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

// The cases below came with the messages route's generator; zod's JSON Schema reader checks them.
const seed = 'Find flights to Lisbon';

function expectValid(schema: Record<string, unknown>, value: unknown) {
  const result = z.fromJSONSchema(schema as any).safeParse(value);
  expect(result.success, JSON.stringify({ value, issues: result.error?.issues })).toBe(true);
}

describe('generateJsonValue: patterns, tuples, $defs and recursion', () => {
  const Node: z.ZodType<{ name: string; children?: unknown[] }> = z.lazy(() =>
    z.object({ name: z.string(), children: z.array(Node).optional() }),
  );
  const Address = z.object({ street: z.string(), zip: z.string().regex(/^\d{5}$/) });

  const schemas: Array<[string, Record<string, unknown>]> = [
    [
      'bounds, formats and nested arrays (draft 2020-12)',
      z.toJSONSchema(
        z.object({
          count: z.number().int().gt(10).lte(20).multipleOf(4),
          price: z.number().min(-5).max(-1),
          when: z.iso.datetime(),
          id: z.uuid(),
          site: z.url(),
          codes: z.array(z.string().length(3)).min(3),
          matrix: z.array(z.array(z.number().int().nonnegative()).min(2)).min(1),
        }),
      ) as Record<string, unknown>,
    ],
    [
      'draft-07 output with nullable, optional and literal fields',
      z.toJSONSchema(
        z.object({
          kind: z.literal('search'),
          limit: z.number().int().optional(),
          cursor: z.string().nullable(),
          flags: z.record(z.string(), z.boolean()),
        }),
        { target: 'draft-07' },
      ) as Record<string, unknown>,
    ],
    ['a recursive schema through $ref', z.toJSONSchema(z.object({ root: Node })) as Record<string, unknown>],
    [
      'a reused schema through $defs',
      z.toJSONSchema(z.object({ home: Address, work: Address }), { reused: 'ref' }) as Record<string, unknown>,
    ],
    [
      'allOf, oneOf and a tuple (hand written)',
      {
        type: 'object',
        properties: {
          both: {
            allOf: [
              { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              { properties: { b: { type: 'integer', minimum: 3 } }, required: ['b'] },
            ],
          },
          either: { oneOf: [{ type: 'null' }, { type: 'string', maxLength: 4 }] },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2 },
          code: { type: 'string', pattern: '^[a-z]+$' },
          unique: { type: 'array', items: { type: 'string' }, minItems: 3, uniqueItems: true },
          padded: { type: 'string', minLength: 40 },
        },
        required: ['both', 'either', 'pair', 'code', 'unique', 'padded'],
        additionalProperties: false,
      },
    ],
  ];

  it.each(schemas)('produces a valid value for %s', (_name, schema) => {
    expectValid(schema, generateJsonValue(schema, seed));
  });

  it.each([
    ['^\\d{5}$', '00000'],
    ['^[A-Z]{2}-\\d{3}$', 'AA-000'],
    ['^(?:foo|bar)_[a-z]+$', 'foo_a'],
    ['^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', 'a@a.aa'],
    ['^#?[0-9a-fA-F]{6}$', '000000'],
  ])('builds a string matching the pattern %s', (pattern, expected) => {
    const value = generateJsonValue({ type: 'string', pattern }, seed);
    expect(value).toBe(expected);
    expect(new RegExp(pattern).test(value as string)).toBe(true);
  });

  it('derives strings from the seed and respects length limits', () => {
    const value = generateJsonValue(
      {
        type: 'object',
        properties: {
          full: { type: 'string' },
          short: { type: 'string', maxLength: 4 },
          long: { type: 'string', minLength: 25 },
        },
        required: ['full', 'short', 'long'],
      },
      seed,
    );
    // The longest content word; the prompt cut at a word for four characters; the prompt padded for 25.
    expect(value).toEqual({ full: 'flights', short: 'Find', long: `${seed}...` });
  });

  it('is deterministic and varies with the seed', () => {
    const schema = schemas[0]![1];
    expect(generateJsonValue(schema, seed)).toEqual(generateJsonValue(schema, seed));
    const text = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    expect(generateJsonValue(text, 'one')).toEqual({ q: 'one' });
    expect(generateJsonValue(text, 'two')).toEqual({ q: 'two' });
  });

  it('picks enum and const values and distinct items for unique arrays', () => {
    expect(generateJsonValue({ enum: ['red', 'green'] }, seed)).toBe('red');
    expect(generateJsonValue({ const: 42 }, seed)).toBe(42);
    expect(
      generateJsonValue({ type: 'array', items: { type: 'integer' }, minItems: 3, uniqueItems: true }, seed),
    ).toEqual([1, 2, 3]);
  });

  it('ends recursion: a required recursive property stops at the depth limit', () => {
    const schema = z.toJSONSchema(z.object({ root: Node })) as Record<string, unknown>;
    const value = generateJsonValue(schema, seed) as { root: { children: unknown[] } };
    expect(value.root.children).toHaveLength(1);
  });
});
