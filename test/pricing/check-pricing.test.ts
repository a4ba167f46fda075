import { InvalidArgumentError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigatePricing, type UnigateProviderSettings, unigateCost } from '../../src';
import { PRICE_FIELDS } from '../../src/pricing/check-pricing';
import { CHAT_URL, completion } from '../chat/chat-fixtures';
import { createMockFetch } from '../helpers/mock-fetch';
import { API_KEY, SITE_URL, thrown } from '../helpers/test-kit';

// A price table with a typo priced nothing, silently: every call cost 0 and passed any budget. The
// `pricing` setting is now checked when the provider is made, before anything is fetched.

const FIELDS = PRICE_FIELDS.join(', ');

function refused(pricing: unknown, argument: string, message: string, settings: UnigateProviderSettings = {}): void {
  const { fetch, requests } = createMockFetch();
  const error = thrown(() =>
    createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch, ...settings, pricing: pricing as UnigatePricing }),
  );
  expect(InvalidArgumentError.isInstance(error)).toBe(true);
  expect(error.argument).toBe(argument);
  expect(error.message).toBe(message);
  expect(requests).toHaveLength(0);
}

describe('the pricing setting', () => {
  it('accepts false, "catalog", no setting and tables of known fields', () => {
    const { fetch, requests } = createMockFetch();
    const accepted: Array<UnigatePricing | undefined> = [
      undefined,
      false,
      'catalog',
      {},
      { 'gpt-4o': { inputPerMillionTokens: 2.5, outputPerMillionTokens: 10 } },
      { 'free-1': { inputPerMillionTokens: 0, outputPerMillionTokens: undefined }, 'draw-1': { perImage: 0 } },
      Object.fromEntries([['my-model', Object.fromEntries(PRICE_FIELDS.map(field => [field, 1]))]]),
    ];
    for (const pricing of accepted) expect(() => createUnigate({ apiKey: API_KEY, fetch, pricing })).not.toThrow();
    expect(requests).toHaveLength(0);
  });

  it('lists every field of UnigateModelPrice, the spelling a typo is compared with', () => {
    expect(PRICE_FIELDS).toEqual(
      expect.arrayContaining(['inputPerMillionTokens', 'outputPerMillionTokens', 'perImage', 'perVideo']),
    );
  });

  it('refuses any other value, naming pricing, the allowed values and the value given', () => {
    const rule = "expected false, 'catalog' or a price table { [modelId]: { inputPerMillionTokens, ... } }";
    for (const [value, shown] of [
      [true, 'true'],
      ['Catalog', '"Catalog"'],
      [null, 'null'],
      [0, '0'],
      [[{ inputPerMillionTokens: 1 }], '1 item'],
    ] as const) {
      refused(value, 'pricing', `Invalid argument pricing: ${rule}; received ${shown}.`);
    }
  });

  it('refuses a table entry that is not an object, naming the model id', () => {
    refused(
      { 'gpt-4o': 2.5 },
      'pricing["gpt-4o"]',
      `Invalid argument pricing["gpt-4o"]: expected a price object with the fields ${FIELDS}; received 2.5.`,
    );
    refused(
      { 'gpt-4o': null },
      'pricing["gpt-4o"]',
      `Invalid argument pricing["gpt-4o"]: expected a price object with the fields ${FIELDS}; received null.`,
    );
  });

  it('refuses an entry under an empty or blank model id, which prices no model', () => {
    const rule = 'expected a model id (a non-empty string, not only whitespace)';
    refused(
      { 'gpt-4o': { inputPerMillionTokens: 2.5 }, '': { inputPerMillionTokens: 1 } },
      'pricing[""]',
      `Invalid argument pricing[""]: ${rule}; received "".`,
    );
    refused({ '  ': { perImage: 1 } }, 'pricing["  "]', `Invalid argument pricing["  "]: ${rule}; received "  ".`);
  });

  it('refuses an entry with no price field set, which would shadow the built-in and catalog prices', () => {
    const rule =
      `expected at least one price field (${FIELDS}): an entry without a price would replace the built-in ` +
      'and catalog prices with none';
    refused(
      { 'gpt-4o-mini': { inputPerMillionTokens: 0.15 }, 'gpt-4o': {} },
      'pricing["gpt-4o"]',
      `Invalid argument pricing["gpt-4o"]: ${rule}; received {}.`,
    );
    refused(
      { 'tts-1': { perMillionCharacters: undefined } },
      'pricing["tts-1"]',
      `Invalid argument pricing["tts-1"]: ${rule}; received {}.`,
    );
  });

  it('refuses a misspelt field, naming the model id, the field and the known fields', () => {
    refused(
      { 'gpt-4o-mini': { inputPerMillionTokens: 0.15 }, 'gpt-4o': { inputPerMillionToken: 2.5 } },
      'pricing["gpt-4o"].inputPerMillionToken',
      `Invalid argument pricing["gpt-4o"].inputPerMillionToken: not a price field; the known fields are ${FIELDS}; received 2.5.`,
    );
    refused(
      { 'tts-1': { 'per million characters': 15 } },
      'pricing["tts-1"]["per million characters"]',
      `Invalid argument pricing["tts-1"]["per million characters"]: not a price field; the known fields are ${FIELDS}; received 15.`,
    );
  });

  it('refuses a price that is not a finite number of 0 or more, showing it as given', () => {
    for (const [value, shown] of [
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [Number.NEGATIVE_INFINITY, '-Infinity'],
      [-0.5, '-0.5'],
      ['2.5', '"2.5"'],
      [null, 'null'],
    ] as const) {
      refused(
        { 'gpt-4o': { inputPerMillionTokens: 2.5, outputPerMillionTokens: value } },
        'pricing["gpt-4o"].outputPerMillionTokens',
        `Invalid argument pricing["gpt-4o"].outputPerMillionTokens: expected a finite number of credits, 0 or more; received ${shown}.`,
      );
    }
  });

  it('is checked under a budget too; a table that passes prices the call', async () => {
    refused(
      { 'gpt-4o': { perImages: 1 } },
      'pricing["gpt-4o"].perImages',
      `Invalid argument pricing["gpt-4o"].perImages: not a price field; the known fields are ${FIELDS}; received 1.`,
      { budget: { maxCredits: 1, period: 'day' } },
    );
    const { fetch } = createMockFetch(
      http.post(CHAT_URL, () =>
        HttpResponse.json(completion({ content: 'Hi' }, { usage: { prompt_tokens: 1000, completion_tokens: 500 } })),
      ),
    );
    const gw = createUnigate({
      apiKey: API_KEY,
      siteURL: SITE_URL,
      fetch,
      pricing: { 'gpt-4o': { inputPerMillionTokens: 2.5, outputPerMillionTokens: 10 } },
    });
    const result = await generateText({ model: gw.chat('gpt-4o'), prompt: 'Hi' });
    expect(unigateCost(result)).toEqual({ input: 0.0025, output: 0.005, total: 0.0075, unit: 'credits' });
  });
});
