// Tool arguments that read like a model's: the part of the prompt that fits each field, still valid against
// the schema, the same every time. Through generateJsonValue, and end to end through both wire formats.

import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { generateJsonValue } from '../../src/testing/json-schema-value';
import { fieldCandidates, readPrompt } from '../../src/testing/prompt-field-text';
import { checkJsonSchema } from './json-schema-check';

const text = { type: 'string' };
const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe('tool arguments from the prompt', () => {
  it.each([
    ['a city after "in"', object({ city: text }), 'What is the weather in Paris?', { city: 'Paris' }],
    [
      'a name of several words',
      object({ location: text }),
      'Is it raining in New York today?',
      { location: 'New York' },
    ],
    [
      'the enum value the prompt names',
      object({ city: text, unit: { enum: ['celsius', 'fahrenheit'] } }),
      'Weather in Madrid in Fahrenheit',
      { city: 'Madrid', unit: 'fahrenheit' },
    ],
    [
      'origin after "from", destination after "to", an ISO date',
      object({ origin: text, destination: text, date: text }),
      'Find flights from Berlin to Lisbon on 2025-06-01',
      { origin: 'Berlin', destination: 'Lisbon', date: '2025-06-01' },
    ],
    ['a number for an id', object({ orderId: text }), 'Where is my order 12345?', { orderId: '12345' }],
    ["the word after the id's noun", object({ userId: text }), 'Look up user alice', { userId: 'alice' }],
    [
      'the quoted phrase for a query',
      object({ query: text }),
      'Search the docs for "rate limits"',
      { query: 'rate limits' },
    ],
    ['the name after "called"', object({ name: text }), 'Create a file called report.txt', { name: 'report.txt' }],
    [
      'a place and a person apart',
      object({ cityName: text, firstName: text }),
      'Book a hotel in Rome for Anna',
      { cityName: 'Rome', firstName: 'Anna' },
    ],
    [
      'an address for an email, a content word for a subject',
      object({ email: text, subject: text }),
      'Email bob@example.org about the Friday meeting',
      { email: 'bob@example.org', subject: 'meeting' },
    ],
    [
      'distinct content words for array items',
      object({ tags: { type: 'array', items: text, minItems: 2, uniqueItems: true } }),
      'Summarise the quarterly revenue report',
      { tags: ['quarterly', 'revenue'] },
    ],
  ])('%s', (_name, schema, prompt, expected) => {
    const value = generateJsonValue(schema, prompt);
    expect(value).toEqual(expected);
    expect(checkJsonSchema(schema, value)).toEqual([]);
    // Deterministic: the same prompt and schema give the same arguments.
    expect(generateJsonValue(schema, prompt)).toEqual(value);
  });

  it('keeps the schema first: format, pattern, length limits, enum', () => {
    const schema = object({
      when: { type: 'string', format: 'date-time' },
      city: { type: 'string', pattern: '^[A-Z][a-z]+$' },
      code: { type: 'string', minLength: 30 },
      short: { type: 'string', maxLength: 9 },
      mode: { enum: ['fast', 'slow'] },
    });
    const value = generateJsonValue(schema, 'weather in paris for the whole week');
    expect(value).toEqual({
      when: '2025-01-01T00:00:00Z',
      city: 'Paris', // capitalised to match the pattern
      code: 'weather in paris for the whole week',
      short: 'paris', // a content word within 9 characters (the opening word comes last)
      mode: 'fast',
    });
    expect(checkJsonSchema(schema, value)).toEqual([]);
  });

  it('falls back to something short, and to the field name without a prompt', () => {
    expect(generateJsonValue(object({ topic: text }), 'What is the weather in Paris?')).toEqual({ topic: 'weather' });
    expect(generateJsonValue(object({ city: text }), '  ')).toEqual({ city: 'city' });
    expect(fieldCandidates(readPrompt(''), 'city')).toEqual([]);
  });

  it('gives the demo\'s weather tool { city: "Paris" } on the chat and the messages route', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    for (const model of [gw('gpt-4o-mini'), gw.messages('claude-opus-4-1')]) {
      const seen: unknown[] = [];
      const weather = tool({
        description: 'Current weather for a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async input => {
          seen.push(input);
          return { sky: 'sunny' };
        },
      });
      const result = await generateText({
        model,
        tools: { weather },
        stopWhen: stepCountIs(2),
        prompt: 'What is the weather in Paris?',
      });
      expect(seen).toEqual([{ city: 'Paris' }]);
      expect(result.steps[0]!.toolCalls.map(call => [call.toolName, call.input])).toEqual([
        ['weather', { city: 'Paris' }],
      ]);
    }
  });
});
