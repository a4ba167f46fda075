import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { sampleFromSchema } from '../../src/testing/routes/messages-schema-sample';

const seed = 'Find flights to Lisbon';

function expectValid(schema: Record<string, unknown>, value: unknown) {
  const result = z.fromJSONSchema(schema as any).safeParse(value);
  expect(result.success, JSON.stringify({ value, issues: result.error?.issues })).toBe(true);
}

describe('sampleFromSchema', () => {
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
    ['a reused schema through $defs', z.toJSONSchema(z.object({ home: Address, work: Address }), { reused: 'ref' }) as Record<string, unknown>],
    [
      'allOf, oneOf and a tuple (hand written)',
      {
        type: 'object',
        properties: {
          both: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'integer', minimum: 3 } }, required: ['b'] }] },
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
    expectValid(schema, sampleFromSchema(schema, { seed }));
  });

  it.each([
    ['^\\d{5}$', '00000'],
    ['^[A-Z]{2}-\\d{3}$', 'AA-000'],
    ['^(?:foo|bar)_[a-z]+$', 'foo_a'],
    ['^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', 'a@a.aa'],
    ['^#?[0-9a-fA-F]{6}$', '000000'],
  ])('builds a string matching the pattern %s', (pattern, expected) => {
    const value = sampleFromSchema({ type: 'string', pattern }, { seed });
    expect(value).toBe(expected);
    expect(new RegExp(pattern).test(value as string)).toBe(true);
  });

  it('derives strings from the seed and respects length limits', () => {
    const value = sampleFromSchema(
      {
        type: 'object',
        properties: { full: { type: 'string' }, short: { type: 'string', maxLength: 4 }, long: { type: 'string', minLength: 25 } },
        required: ['full', 'short', 'long'],
      },
      { seed },
    );
    expect(value).toEqual({ full: seed, short: 'Find', long: `${seed}...` });
  });

  it('is deterministic and varies with the seed', () => {
    const schema = schemas[0]![1];
    expect(sampleFromSchema(schema, { seed })).toEqual(sampleFromSchema(schema, { seed }));
    const text = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    expect(sampleFromSchema(text, { seed: 'one' })).toEqual({ q: 'one' });
    expect(sampleFromSchema(text, { seed: 'two' })).toEqual({ q: 'two' });
  });

  it('picks enum and const values and distinct items for unique arrays', () => {
    expect(sampleFromSchema({ enum: ['red', 'green'] }, { seed })).toBe('red');
    expect(sampleFromSchema({ const: 42 }, { seed })).toBe(42);
    expect(sampleFromSchema({ type: 'array', items: { type: 'integer' }, minItems: 3, uniqueItems: true }, { seed })).toEqual([1, 2, 3]);
  });

  it('ends recursion: a required recursive property stops at the depth limit', () => {
    const schema = z.toJSONSchema(z.object({ root: Node })) as Record<string, unknown>;
    const value = sampleFromSchema(schema, { seed }) as { root: { children: unknown[] } };
    expect(value.root.children).toHaveLength(1);
  });
});
