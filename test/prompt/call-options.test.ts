import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { numberOption, parseUnigateOptions } from '../../src/prompt/call-options';
import { thrown } from '../helpers/test-kit';

// A schema of its own, so these tests pin the parser, not any model's option set.
const schema = z.object({
  user: z.string().optional(),
  n: z.number().optional(),
  routing: z.object({ region: z.object({ priority: z.number() }) }).optional(),
  tags: z.array(z.string()).optional(),
});

/** The InvalidArgumentError a parse throws. */
function parseError(unigate: Record<string, unknown>): InvalidArgumentError {
  const error = thrown(() => parseUnigateOptions({ unigate: unigate as never }, schema, 'chat-completions'));
  expect(InvalidArgumentError.isInstance(error)).toBe(true);
  return error;
}

describe('parseUnigateOptions', () => {
  it('gives empty options and no warnings without providerOptions or without the unigate key', () => {
    expect(parseUnigateOptions(undefined, schema, 'chat-completions')).toEqual({ options: {}, warnings: [] });
    expect(parseUnigateOptions({ openai: { user: 'u-1' } }, schema, 'chat-completions')).toEqual({
      options: {},
      warnings: [],
    });
  });

  it('returns valid options as parsed, without warnings', () => {
    const unigate = { user: 'u-1', n: 2, routing: { region: { priority: 1 } }, tags: ['a', 'b'] };
    expect(parseUnigateOptions({ unigate }, schema, 'chat-completions')).toEqual({ options: unigate, warnings: [] });
  });

  it('warns once per key the model does not read, naming the key and the model, and drops it from the options', () => {
    const result = parseUnigateOptions(
      { unigate: { user: 'u-1', reasoning: 'high', cache: { ttl: 5 } } },
      schema,
      'messages',
    );
    expect(result.options).toEqual({ user: 'u-1' });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.reasoning',
        details: 'The messages model does not read this option.',
      },
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.cache',
        details: 'The messages model does not read this option.',
      },
    ]);
  });

  it('rejects a wrong type before any request, naming the option, the expected type and the value received', () => {
    const error = parseError({ n: '3' });
    expect(error.argument).toBe('providerOptions.unigate.n');
    expect(error.message).toBe(
      'Invalid argument providerOptions.unigate.n: Invalid input: expected number, received string; received "3".',
    );
  });

  it('shows a null the same way it was sent', () => {
    expect(parseError({ n: null }).message).toBe(
      'Invalid argument providerOptions.unigate.n: Invalid input: expected number, received null; received null.',
    );
  });

  it('names the full path of a nested option and the value found there', () => {
    const error = parseError({ routing: { region: { priority: 'high' } } });
    expect(error.argument).toBe('providerOptions.unigate.routing.region.priority');
    expect(error.message).toBe(
      'Invalid argument providerOptions.unigate.routing.region.priority: Invalid input: expected number, received string; received "high".',
    );
  });

  it('names the index of a wrong array item', () => {
    const error = parseError({ tags: ['a', 7] });
    expect(error.argument).toBe('providerOptions.unigate.tags.1');
    expect(error.message).toBe(
      'Invalid argument providerOptions.unigate.tags.1: Invalid input: expected string, received number; received 7.',
    );
  });

  it('rejects a wrong type even when unknown keys come along', () => {
    const error = parseError({ other: true, user: 42 });
    expect(error.argument).toBe('providerOptions.unigate.user');
    expect(error.message).toBe(
      'Invalid argument providerOptions.unigate.user: Invalid input: expected string, received number; received 42.',
    );
  });

  it('shows NaN and the infinities as given when a schema refuses them, never as null', () => {
    expect(parseError({ n: Number.NaN }).message).toBe(
      'Invalid argument providerOptions.unigate.n: Invalid input: expected number, received NaN; received NaN.',
    );
    expect(parseError({ routing: { region: { priority: -Infinity } } }).message).toBe(
      'Invalid argument providerOptions.unigate.routing.region.priority: Invalid input: expected number, received -Infinity; received -Infinity.',
    );
  });
});

describe('numberOption', () => {
  const numeric = z.object({ n: numberOption().optional() });

  it('lets every number through, NaN and the infinities included, for the range check that follows', () => {
    for (const n of [1, -2.5, Number.NaN, Infinity, -Infinity]) {
      expect(parseUnigateOptions({ unigate: { n } }, numeric, 'chat-completions').options).toEqual({ n });
    }
  });

  it('refuses what is not a number as z.number() words it, with the value received', () => {
    const error = thrown(() => parseUnigateOptions({ unigate: { n: '3' } }, numeric, 'chat-completions'));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('providerOptions.unigate.n');
    expect(error.message).toBe(
      'Invalid argument providerOptions.unigate.n: Invalid input: expected number, received string; received "3".',
    );
    expect(thrown(() => parseUnigateOptions({ unigate: { n: null } }, numeric, 'chat-completions')).message).toBe(
      'Invalid argument providerOptions.unigate.n: Invalid input: expected number, received null; received null.',
    );
    expect(thrown(() => parseUnigateOptions({ unigate: { n: [1] } }, numeric, 'chat-completions')).message).toBe(
      'Invalid argument providerOptions.unigate.n: Invalid input: expected number, received array; received 1 item.',
    );
  });
});
