import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  checkInteger,
  checkMaxItems,
  checkMaxLength,
  checkObject,
  checkOneOf,
  checkRange,
  checkRequestOptions,
  checkString,
  countCharacters,
  formatArgumentValue,
} from '../../src/checks/validate-argument';
import { thrown } from '../helpers/test-kit';

/** Asserts `check` throws an InvalidArgumentError for `argument` with exactly `message`. */
function expectRejected(check: () => void, argument: string, message: string): void {
  const error = thrown(check);
  expect(InvalidArgumentError.isInstance(error)).toBe(true);
  expect(error.argument).toBe(argument);
  expect(error.message).toBe(message);
}

describe('checkRange', () => {
  const check = (value: number | undefined) => () => checkRange('temperature', value, { min: 0, max: 2 });

  it('passes undefined and every value from min to max inclusive', () => {
    for (const value of [undefined, 0, 1.25, 2]) expect(check(value)).not.toThrow();
  });

  it('rejects values just outside the range, naming both bounds and the value', () => {
    expectRejected(
      check(-0.1),
      'temperature',
      'Invalid argument temperature: the gateway accepts 0 to 2; received -0.1.',
    );
    expectRejected(
      check(2.01),
      'temperature',
      'Invalid argument temperature: the gateway accepts 0 to 2; received 2.01.',
    );
  });

  it('rejects NaN and infinities, which no comparison catches', () => {
    expectRejected(
      check(Number.NaN),
      'temperature',
      'Invalid argument temperature: the gateway accepts 0 to 2; received NaN.',
    );
    expectRejected(
      check(Infinity),
      'temperature',
      'Invalid argument temperature: the gateway accepts 0 to 2; received Infinity.',
    );
    expectRejected(
      check(-Infinity),
      'temperature',
      'Invalid argument temperature: the gateway accepts 0 to 2; received -Infinity.',
    );
  });

  it('rejects a numeric string from untyped callers, quoting it', () => {
    expectRejected(
      check('1' as never),
      'temperature',
      'Invalid argument temperature: the gateway accepts 0 to 2; received "1".',
    );
  });

  it('says "at least" for a limit without an upper bound', () => {
    expect(() => checkRange('speed', 1e9, { min: 0.25 })).not.toThrow();
    expectRejected(
      () => checkRange('speed', 0.2, { min: 0.25 }),
      'speed',
      'Invalid argument speed: the gateway accepts at least 0.25; received 0.2.',
    );
  });
});

describe('checkInteger', () => {
  it('passes undefined and integers at both bounds', () => {
    for (const value of [undefined, 1, 50])
      expect(() => checkInteger('limit', value, { min: 1, max: 50 })).not.toThrow();
    expect(() => checkInteger('n', Number.MAX_SAFE_INTEGER, { min: 1 })).not.toThrow();
  });

  it('states the range when there is a maximum', () => {
    expectRejected(
      () => checkInteger('limit', 0, { min: 1, max: 50 }),
      'limit',
      'Invalid argument limit: the gateway accepts an integer, 1 to 50; received 0.',
    );
    expectRejected(
      () => checkInteger('limit', 51, { min: 1, max: 50 }),
      'limit',
      'Invalid argument limit: the gateway accepts an integer, 1 to 50; received 51.',
    );
  });

  it('states only the minimum when there is no maximum', () => {
    expectRejected(
      () => checkInteger('n', 0, { min: 1 }),
      'n',
      'Invalid argument n: the gateway accepts an integer, at least 1; received 0.',
    );
  });

  it('rejects non-integers, NaN and Infinity', () => {
    expectRejected(
      () => checkInteger('n', 1.5, { min: 1 }),
      'n',
      'Invalid argument n: the gateway accepts an integer, at least 1; received 1.5.',
    );
    expectRejected(
      () => checkInteger('n', Number.NaN, { min: 1 }),
      'n',
      'Invalid argument n: the gateway accepts an integer, at least 1; received NaN.',
    );
    expectRejected(
      () => checkInteger('n', Infinity, { min: 1 }),
      'n',
      'Invalid argument n: the gateway accepts an integer, at least 1; received Infinity.',
    );
  });
});

describe('checkMaxItems', () => {
  const check =
    (value: string[] | undefined, max = 4) =>
    () =>
      checkMaxItems('stopSequences', value, max);

  it('passes undefined, an empty list and exactly max items', () => {
    for (const value of [undefined, [], ['a', 'b', 'c', 'd']]) expect(check(value)).not.toThrow();
  });

  it('rejects one item too many, counting the items instead of printing them', () => {
    expectRejected(
      check(['a', 'b', 'c', 'd', 'e']),
      'stopSequences',
      'Invalid argument stopSequences: the gateway accepts at most 4; received 5 items.',
    );
  });

  it('says "1 item" in the singular', () => {
    expectRejected(
      check(['a'], 0),
      'stopSequences',
      'Invalid argument stopSequences: the gateway accepts at most 0; received 1 item.',
    );
  });
});

describe('checkMaxLength', () => {
  it('passes undefined and a string of exactly max characters', () => {
    for (const value of [undefined, '', 'x'.repeat(64)]) expect(() => checkMaxLength('user', value, 64)).not.toThrow();
  });

  it('quotes a short string that is too long', () => {
    expectRejected(
      () => checkMaxLength('user', 'abcdef', 5),
      'user',
      'Invalid argument user: the gateway accepts at most 5 characters; received "abcdef".',
    );
  });

  it('quotes up to 60 characters and summarises anything longer by its length', () => {
    const sixty = 'y'.repeat(60);
    expectRejected(
      () => checkMaxLength('user', sixty, 10),
      'user',
      `Invalid argument user: the gateway accepts at most 10 characters; received "${sixty}".`,
    );
    expectRejected(
      () => checkMaxLength('user', 'y'.repeat(61), 10),
      'user',
      'Invalid argument user: the gateway accepts at most 10 characters; received a string of 61 characters.',
    );
  });
});

describe('countCharacters', () => {
  it('counts code points, as the gateway does: an emoji or a CJK character is one', () => {
    expect(countCharacters('héllo')).toBe(5);
    expect(countCharacters('😀👍')).toBe(2);
    expect(countCharacters('日本語')).toBe(3);
    expect(countCharacters('')).toBe(0);
  });
});

describe('formatArgumentValue', () => {
  it('prints NaN and the infinities as they are, where JSON would print null', () => {
    expect([Number.NaN, Infinity, -Infinity, -0.5].map(formatArgumentValue)).toEqual([
      'NaN',
      'Infinity',
      '-Infinity',
      '-0.5',
    ]);
  });

  it('quotes strings of up to 60 characters and sizes longer ones in code points', () => {
    expect(formatArgumentValue('😀'.repeat(60))).toBe(JSON.stringify('😀'.repeat(60)));
    expect(formatArgumentValue('😀'.repeat(61))).toBe('a string of 61 characters');
  });

  it('names null, undefined, functions and arrays, and shows objects as JSON', () => {
    expect([null, undefined, () => 1, [1, 2], { a: 1 }, true].map(formatArgumentValue)).toEqual([
      'null',
      'undefined',
      'a function',
      '2 items',
      '{"a":1}',
      'true',
    ]);
  });
});

describe('checkMaxLength counts code points', () => {
  it('takes 1000 emoji (2000 UTF-16 units) under a 1000-character limit, refuses 1001 as 1001 characters', () => {
    expect(() => checkMaxLength('prompt', '😀'.repeat(1000), 1000)).not.toThrow();
    expectRejected(
      () => checkMaxLength('prompt', '😀'.repeat(1001), 1000),
      'prompt',
      'Invalid argument prompt: the gateway accepts at most 1000 characters; received a string of 1001 characters.',
    );
  });
});

describe('checkString and checkObject', () => {
  it('pass undefined and the right type, and name the expected type and the value otherwise', () => {
    expect(() => checkString('provider', undefined)).not.toThrow();
    expect(() => checkString('provider', 'openai')).not.toThrow();
    expectRejected(
      () => checkString('provider', 5),
      'provider',
      'Invalid argument provider: expected a string; received 5.',
    );
    expect(() => checkObject('query', undefined)).not.toThrow();
    expect(() => checkObject('query', {})).not.toThrow();
    expectRejected(
      () => checkObject('query', null),
      'query',
      'Invalid argument query: expected an object; received null.',
    );
    expectRejected(
      () => checkObject('query', ['a']),
      'query',
      'Invalid argument query: expected an object; received 1 item.',
    );
    expectRejected(
      () => checkObject('request', undefined, true),
      'request',
      'Invalid argument request: expected an object; received undefined.',
    );
  });
});

describe('checkRequestOptions', () => {
  it('passes nothing, an empty object and well-typed options', () => {
    expect(() => checkRequestOptions(undefined)).not.toThrow();
    expect(() => checkRequestOptions({})).not.toThrow();
    const ok = { maxRetries: 0, headers: { 'x-a': 'b', 'x-b': undefined }, abortSignal: new AbortController().signal };
    expect(() => checkRequestOptions(ok)).not.toThrow();
  });

  it('refuses a retry count that is not a whole number of at least 0, NaN printed as NaN', () => {
    expectRejected(
      () => checkRequestOptions({ maxRetries: Number.NaN }),
      'maxRetries',
      'Invalid argument maxRetries: the gateway accepts an integer, at least 0; received NaN.',
    );
    expectRejected(
      () => checkRequestOptions({ maxRetries: -1 }),
      'maxRetries',
      'Invalid argument maxRetries: the gateway accepts an integer, at least 0; received -1.',
    );
  });

  it('refuses a header value that is not a string, a signal that is not one, and options that are not an object', () => {
    expectRejected(
      () => checkRequestOptions({ headers: { 'x-n': 5 as never } }),
      'headers.x-n',
      'Invalid argument headers.x-n: expected a string; received 5.',
    );
    expectRejected(
      () => checkRequestOptions({ abortSignal: 'stop' as never }),
      'abortSignal',
      'Invalid argument abortSignal: expected an AbortSignal; received "stop".',
    );
    expectRejected(
      () => checkRequestOptions(7 as never),
      'options',
      'Invalid argument options: expected an object; received 7.',
    );
  });

  it('prefixes every name when the options sit inside another object', () => {
    expectRejected(
      () => checkRequestOptions({ maxRetries: 1.5 }, 'providerOptions.unigate.'),
      'providerOptions.unigate.maxRetries',
      'Invalid argument providerOptions.unigate.maxRetries: the gateway accepts an integer, at least 0; received 1.5.',
    );
  });
});

describe('checkOneOf', () => {
  it('passes undefined and every allowed value', () => {
    for (const value of [undefined, 'mp3', 'wav'])
      expect(() => checkOneOf('format', value, ['mp3', 'wav'])).not.toThrow();
    expect(() => checkOneOf('channels', 2, [1, 2])).not.toThrow();
  });

  it('lists the allowed strings quoted', () => {
    expectRejected(
      () => checkOneOf('format', 'ogg', ['mp3', 'wav']),
      'format',
      'Invalid argument format: the gateway accepts "mp3", "wav"; received "ogg".',
    );
  });

  it('lists allowed numbers bare', () => {
    expectRejected(
      () => checkOneOf('channels', 3, [1, 2]),
      'channels',
      'Invalid argument channels: the gateway accepts 1, 2; received 3.',
    );
  });

  it('compares exactly: a differently cased string is not allowed', () => {
    expectRejected(
      () => checkOneOf('format', 'MP3', ['mp3', 'wav']),
      'format',
      'Invalid argument format: the gateway accepts "mp3", "wav"; received "MP3".',
    );
  });
});
