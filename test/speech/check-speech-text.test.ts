import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { checkSpeechText } from '../../src/speech/check-speech-text';
import { thrown } from '../helpers/test-kit';

describe('checkSpeechText', () => {
  it('counts code points, as the gateway does: 4096 emoji pass, 4097 are refused as 4097 characters', () => {
    expect(() => checkSpeechText('😀'.repeat(4096))).not.toThrow();
    expect(thrown(() => checkSpeechText('😀'.repeat(4097))).message).toMatch(
      /^Invalid argument text: the gateway accepts at most 4096 characters per call; received 4097\. /,
    );
  });

  it('accepts 1 to 4096 characters', () => {
    expect(() => checkSpeechText('a')).not.toThrow();
    expect(() => checkSpeechText('a'.repeat(4096))).not.toThrow();
  });

  it('rejects a longer text naming limit and length, and says how to split it', () => {
    const error = thrown(() => checkSpeechText('word '.repeat(1000)));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('text');
    expect(error.message).toBe(
      'Invalid argument text: the gateway accepts at most 4096 characters per call; received 5000. ' +
        'Split the text (e.g. at sentence ends) into pieces of at most 4096 characters and make one call per piece.',
    );
  });

  it('rejects an empty text', () => {
    expect(thrown(() => checkSpeechText('')).message).toBe(
      'Invalid argument text: the gateway accepts 1 to 4096 characters; received an empty string.',
    );
  });
});
