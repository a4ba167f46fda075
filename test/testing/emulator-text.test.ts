import { describe, expect, it } from 'vitest';
import { countTokens, countWords, lastUserText, lastUserTurn, plural, tokenize, withArticle } from '../../src/testing/emulator-text';

describe('emulator text helpers', () => {
  it('pluralises by count', () => {
    expect([0, 1, 2].map((n) => plural(n, 'word'))).toEqual(['0 words', '1 word', '2 words']);
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
    expect(lastUserText(chat, (turn) => turn.text)).toBe('second');
    expect(lastUserText([{ role: 'assistant', text: 'x' }], (turn) => turn.text)).toBe('');
  });

  it('counts words for chat completions and finer tokens for messages', () => {
    const text = 'You said: "Hello there".';
    expect(countWords(text)).toBe(4);
    expect(tokenize(text)).toEqual(['You', ' said', ':', ' "', 'Hello', ' there', '"', '.']);
    expect(countTokens(text)).toBe(8);
  });
});
