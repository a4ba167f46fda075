import { describe, expect, it } from 'vitest';
import {
  countTokens,
  lastUserText,
  lastUserTurn,
  plural,
  tokenize,
  truncateToTokens,
  withArticle,
} from '../../src/testing/emulator-text';

describe('emulator text helpers', () => {
  it('pluralises by count', () => {
    expect([0, 1, 2].map(n => plural(n, 'token'))).toEqual(['0 tokens', '1 token', '2 tokens']);
    expect(plural(1, 'image')).toBe('1 image');
  });

  it('puts the right article before every model type', () => {
    expect(['chat', 'audio', 'embedding', 'image', 'video'].map(withArticle)).toEqual([
      'a chat',
      'an audio',
      'an embedding',
      'an image',
      'a video',
    ]);
  });

  it('finds the last user turn of either wire format', () => {
    const chat = [
      { role: 'user', text: 'first' },
      { role: 'assistant', text: 'reply' },
      { role: 'user', text: 'second' },
      { role: 'tool', text: 'result' },
    ];
    expect(lastUserTurn(chat)).toBe(chat[2]);
    expect(lastUserText(chat, turn => turn.text)).toBe('second');
    expect(lastUserText([{ role: 'assistant', text: 'x' }], turn => turn.text)).toBe('');
  });

  it('counts one kind of token: words, numbers and single punctuation marks', () => {
    const text = 'You said: "Hello there".';
    expect(tokenize(text)).toEqual(['You', ' said', ':', ' "', 'Hello', ' there', '"', '.']);
    expect(countTokens(text)).toBe(8);
    expect(tokenize('get_weather 21 °C?!')).toEqual(['get_weather', ' 21', ' °', 'C', '?', '!']);
    expect(countTokens('')).toBe(0);
  });

  it('truncates to a number of tokens, keeping the original spacing', () => {
    const text = 'You  said:\tone two ';
    expect(truncateToTokens(text, 3)).toEqual({ text: 'You  said:', truncated: true });
    expect(truncateToTokens(text, 4)).toEqual({ text: 'You  said:\tone', truncated: true });
    expect(countTokens(truncateToTokens(text, 4).text)).toBe(4);
    // Exactly the limit (trailing whitespace included) or fewer tokens: unchanged.
    expect(truncateToTokens(text, 5)).toEqual({ text, truncated: false });
    expect(truncateToTokens(text, 50)).toEqual({ text, truncated: false });
    expect(truncateToTokens('', 1)).toEqual({ text: '', truncated: false });
  });
});
