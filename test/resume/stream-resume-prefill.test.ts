import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { chatContinuation, refusesPrefill, whenPrepared } from '../../src/resume/stream-resume';

describe('which upstreams take a prefill', () => {
  it('the Claude models before 4.6 take a prefill; 4.6 and later refuse it', () => {
    for (const id of [
      'claude-sonnet-4-5',
      'claude-opus-4-1',
      'claude-sonnet-4-20250514',
      'claude-3-7-sonnet',
      'gpt-4o',
    ])
      expect(refusesPrefill(id)).toBe(false);
    for (const id of ['claude-opus-4-6', 'claude-sonnet-4.6', 'claude-haiku-5-0'])
      expect(refusesPrefill(id)).toBe(true);
  });

  it('names each chat family flag, reading the id bare; the others continue nothing', () => {
    expect(chatContinuation('deepseek/DeepSeek-Chat:free')).toEqual({ flag: 'prefix' });
    expect(chatContinuation('mistral-large-latest')).toEqual({ flag: 'prefix' });
    expect(chatContinuation('moonshotai/kimi-k2')).toEqual({ flag: 'partial' });
    expect(chatContinuation('qwen-plus')).toEqual({ flag: 'partial' });
    for (const id of ['gpt-4o', 'grok-3', 'gemini-2.5-pro', 'qwen3-32b']) expect(chatContinuation(id)).toBeUndefined();
  });

  it('a call the model refuses is not handed to it, but a bug in preparing it is not swallowed', () => {
    const refused = () => {
      throw new InvalidArgumentError({ argument: 'temperature', message: 'temperature: expected 0 to 2' });
    };
    expect(whenPrepared(refused, () => true)).toBe(false);
    const bug = () => {
      // A TypeError from a bug in prepare: before, a catch-all turned it into "cannot continue".
      return (undefined as unknown as { body: number }).body;
    };
    expect(() => whenPrepared(bug, () => true)).toThrow(TypeError);
    expect(
      whenPrepared(
        () => 1,
        prepared => prepared === 1,
      ),
    ).toBe(true);
  });
});
