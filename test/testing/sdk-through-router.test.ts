import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../../src/testing';

// The official clients against the whole emulator (router, auth, routes), as users would point them.
describe('official clients through the emulator router', () => {
  it('@anthropic-ai/sdk authenticates and parses a message', async () => {
    const emulator = createUnigateEmulator();
    const client = new Anthropic({
      apiKey: emulator.settings.apiKey,
      baseURL: `${emulator.settings.siteURL}/api`,
      fetch: emulator.fetch,
      maxRetries: 0,
    });
    const message = await client.messages.create({
      model: 'claude-3-5-haiku',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hello there' }],
    });
    expect(message.type).toBe('message');
    expect(message.stop_reason).toBe('end_turn');
    expect(message.content[0]).toEqual({ type: 'text', text: 'You said: "hello there".' });
    expect(emulator.requests.map(r => [r.path, r.status])).toEqual([['/api/v1/messages', 200]]);
  });

  it('@anthropic-ai/sdk with a key outside the apiKey option gets AuthenticationError', async () => {
    const emulator = createUnigateEmulator({ apiKey: 'sk-unigate-emulator' });
    const client = new Anthropic({
      apiKey: 'sk-wrong',
      baseURL: `${emulator.settings.siteURL}/api`,
      fetch: emulator.fetch,
      maxRetries: 0,
    });
    await expect(
      client.messages.create({ model: 'claude-3-5-haiku', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('openai authenticates and parses a completion and the model list', async () => {
    const emulator = createUnigateEmulator();
    const client = new OpenAI({
      apiKey: emulator.settings.apiKey,
      baseURL: emulator.settings.baseURL,
      fetch: emulator.fetch,
      maxRetries: 0,
    });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello there' }],
    });
    expect(completion.choices[0].message.content).toBe('You said: hello there');
    const models = await client.models.list();
    expect(models.data.some(m => m.id === 'gpt-4o-mini' && m.owned_by === 'openai')).toBe(true);
  });
});
