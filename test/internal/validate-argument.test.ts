import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { checkInteger, checkMaxItems, checkMaxLength, checkOneOf, checkRange } from '../../src/internal/validate-argument';
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
    expectRejected(check(-0.1), 'temperature', 'Invalid argument temperature: the gateway accepts 0 to 2; received -0.1.');
    expectRejected(check(2.01), 'temperature', 'Invalid argument temperature: the gateway accepts 0 to 2; received 2.01.');
  });

  it('rejects NaN and infinities, which no comparison catches', () => {
    expectRejected(check(Number.NaN), 'temperature', 'Invalid argument temperature: the gateway accepts 0 to 2; received NaN.');
    expectRejected(check(Infinity), 'temperature', 'Invalid argument temperature: the gateway accepts 0 to 2; received Infinity.');
    expectRejected(check(-Infinity), 'temperature', 'Invalid argument temperature: the gateway accepts 0 to 2; received -Infinity.');
  });

  it('rejects a numeric string from untyped callers, quoting it', () => {
    expectRejected(check('1' as never), 'temperature', 'Invalid argument temperature: the gateway accepts 0 to 2; received "1".');
  });

  it('says "at least" for a limit without an upper bound', () => {
    expect(() => checkRange('speed', 1e9, { min: 0.25 })).not.toThrow();
    expectRejected(() => checkRange('speed', 0.2, { min: 0.25 }), 'speed', 'Invalid argument speed: the gateway accepts at least 0.25; received 0.2.');
  });
});

describe('checkInteger', () => {
  it('passes undefined and integers at both bounds', () => {
    for (const value of [undefined, 1, 50]) expect(() => checkInteger('limit', value, { min: 1, max: 50 })).not.toThrow();
    expect(() => checkInteger('n', Number.MAX_SAFE_INTEGER, { min: 1 })).not.toThrow();
  });

  it('states the range when there is a maximum', () => {
    expectRejected(() => checkInteger('limit', 0, { min: 1, max: 50 }), 'limit', 'Invalid argument limit: the gateway accepts an integer, 1 to 50; received 0.');
    expectRejected(() => checkInteger('limit', 51, { min: 1, max: 50 }), 'limit', 'Invalid argument limit: the gateway accepts an integer, 1 to 50; received 51.');
  });

  it('states only the minimum when there is no maximum', () => {
    expectRejected(() => checkInteger('n', 0, { min: 1 }), 'n', 'Invalid argument n: the gateway accepts an integer, at least 1; received 0.');
  });

  it('rejects non-integers, NaN and Infinity', () => {
    expectRejected(() => checkInteger('n', 1.5, { min: 1 }), 'n', 'Invalid argument n: the gateway accepts an integer, at least 1; received 1.5.');
    expectRejected(() => checkInteger('n', Number.NaN, { min: 1 }), 'n', 'Invalid argument n: the gateway accepts an integer, at least 1; received NaN.');
    expectRejected(() => checkInteger('n', Infinity, { min: 1 }), 'n', 'Invalid argument n: the gateway accepts an integer, at least 1; received Infinity.');
  });
});

describe('checkMaxItems', () => {
  const check = (value: string[] | undefined, max = 4) => () => checkMaxItems('stopSequences', value, max);

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
    expectRejected(check(['a'], 0), 'stopSequences', 'Invalid argument stopSequences: the gateway accepts at most 0; received 1 item.');
  });
});

describe('checkMaxLength', () => {
  it('passes undefined and a string of exactly max characters', () => {
    for (const value of [undefined, '', 'x'.repeat(64)]) expect(() => checkMaxLength('user', value, 64)).not.toThrow();
  });

  it('quotes a short string that is too long', () => {
    expectRejected(() => checkMaxLength('user', 'abcdef', 5), 'user', 'Invalid argument user: the gateway accepts at most 5 characters; received "abcdef".');
  });

  it('quotes up to 60 characters and summarises anything longer by its length', () => {
    const sixty = 'y'.repeat(60);
    expectRejected(() => checkMaxLength('user', sixty, 10), 'user', `Invalid argument user: the gateway accepts at most 10 characters; received "${sixty}".`);
    expectRejected(
      () => checkMaxLength('user', 'y'.repeat(61), 10),
      'user',
      'Invalid argument user: the gateway accepts at most 10 characters; received a string of 61 characters.',
    );
  });
});

describe('checkOneOf', () => {
  it('passes undefined and every allowed value', () => {
    for (const value of [undefined, 'mp3', 'wav']) expect(() => checkOneOf('format', value, ['mp3', 'wav'])).not.toThrow();
    expect(() => checkOneOf('channels', 2, [1, 2])).not.toThrow();
  });

  it('lists the allowed strings quoted', () => {
    expectRejected(() => checkOneOf('format', 'ogg', ['mp3', 'wav']), 'format', 'Invalid argument format: the gateway accepts "mp3", "wav"; received "ogg".');
  });

  it('lists allowed numbers bare', () => {
    expectRejected(() => checkOneOf('channels', 3, [1, 2]), 'channels', 'Invalid argument channels: the gateway accepts 1, 2; received 3.');
  });

  it('compares exactly: a differently cased string is not allowed', () => {
    expectRejected(() => checkOneOf('format', 'MP3', ['mp3', 'wav']), 'format', 'Invalid argument format: the gateway accepts "mp3", "wav"; received "MP3".');
  });
});
