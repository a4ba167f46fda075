import { InvalidArgumentError, type LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { MESSAGES_REASONING_BUDGETS } from '../../src/messages/messages-model-calls';
import { failure } from '../helpers/test-kit';
import { answering, message, MODEL } from './messages-test-kit';

// ai@7's `reasoning` call option on the messages format, through the model: it reaches a V3 model as an
// extra call option, which is how these tests pass it.

const MESSAGES = [{ role: 'user', content: [{ type: 'text', text: 'Think.' }] }];

async function send(options: Record<string, unknown>) {
  const { model, requests } = answering(message());
  const result = await model.doGenerate({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Think.' }] }],
    ...options,
  } as LanguageModelV3CallOptions);
  expect(requests).toHaveLength(1);
  return { body: requests[0].body, warnings: result.warnings };
}

describe('messages: reasoning', () => {
  it('the budget table', () => {
    expect(MESSAGES_REASONING_BUDGETS).toEqual({
      minimal: 1024,
      low: 3072,
      medium: 8192,
      high: 16384,
      xhigh: 24576,
      max: 27648,
    });
  });

  it.each([
    ['minimal', 1024, 5120],
    ['low', 3072, 7168],
    ['medium', 8192, 12288],
    ['high', 16384, 20480],
    ['xhigh', 24576, 28672],
    ['max', 27648, 31744],
  ])(
    'reasoning %s sends a thinking budget of %i, and max_tokens %i (the budget + 4096) by default',
    async (reasoning, budget, maxTokens) => {
      const { body, warnings } = await send({ reasoning });
      expect(body).toEqual({
        model: MODEL,
        max_tokens: maxTokens,
        messages: MESSAGES,
        thinking: { type: 'enabled', budget_tokens: budget },
      });
      expect(warnings).toEqual([]);
    },
  );

  it('reasoning none turns thinking off explicitly, and keeps temperature and topK', async () => {
    const { body, warnings } = await send({ reasoning: 'none', temperature: 0.5, topK: 5 });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 4096,
      messages: MESSAGES,
      temperature: 0.5,
      top_k: 5,
      thinking: { type: 'disabled' },
    });
    expect(warnings).toEqual([]);
  });

  it('a reasoning level drops a topP below 0.95, which thinking does not allow, and says so', async () => {
    const { body, warnings } = await send({ reasoning: 'low', topP: 0.8 });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 7168,
      messages: MESSAGES,
      thinking: { type: 'enabled', budget_tokens: 3072 },
    });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'topP',
        details:
          'With extended thinking the gateway accepts topP from 0.95 to 1 only; received 0.8, which was not sent.',
      },
    ]);
    expect((await send({ reasoning: 'none', topP: 0.8 })).body).toMatchObject({
      top_p: 0.8,
      thinking: { type: 'disabled' },
    });
  });

  it('provider-default (and no reasoning at all) sends nothing', async () => {
    const plain = { model: MODEL, max_tokens: 4096, messages: MESSAGES };
    expect(await send({ reasoning: 'provider-default' })).toEqual({ body: plain, warnings: [] });
    expect(await send({})).toEqual({ body: plain, warnings: [] });
  });

  it('keeps the budget under a maxOutputTokens that has room for it', async () => {
    const { body, warnings } = await send({ reasoning: 'high', maxOutputTokens: 40_000 });
    expect(body).toMatchObject({ max_tokens: 40_000, thinking: { type: 'enabled', budget_tokens: 16384 } });
    expect(warnings).toEqual([]);
  });

  it('caps the budget at half of a smaller maxOutputTokens (at least 1024), with a compatibility warning', async () => {
    const { body, warnings } = await send({ reasoning: 'high', maxOutputTokens: 8000 });
    expect(body).toMatchObject({ max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 4000 } });
    expect(warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'reasoning',
        details:
          'reasoning "high" is a thinking budget of 16384 tokens; with maxOutputTokens 8000 the budget sent is 4000 ' +
          '(at most half of max_tokens, at least 1024), so the answer keeps room.',
      },
    ]);
    const floor = await send({ reasoning: 'medium', maxOutputTokens: 1025 });
    expect(floor.body).toMatchObject({ max_tokens: 1025, thinking: { type: 'enabled', budget_tokens: 1024 } });
    expect(floor.warnings).toHaveLength(1);
    // minimal's 1024 already fits under 1025: nothing to adjust, nothing to say.
    expect(await send({ reasoning: 'minimal', maxOutputTokens: 1025 })).toMatchObject({
      body: { thinking: { type: 'enabled', budget_tokens: 1024 } },
      warnings: [],
    });
  });

  it('does not enable thinking when maxOutputTokens leaves no room for the minimum budget, and says so', async () => {
    const { body, warnings } = await send({ reasoning: 'low', maxOutputTokens: 1024, temperature: 0.3 });
    expect(body).toEqual({ model: MODEL, max_tokens: 1024, messages: MESSAGES, temperature: 0.3 });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'reasoning',
        details:
          'Thinking needs max_tokens above its minimum budget of 1024 tokens; with maxOutputTokens 1024, reasoning "low" was not sent.',
      },
    ]);
  });

  it('drops temperature and topK with a level, as with the thinking provider option', async () => {
    const { body, warnings } = await send({ reasoning: 'minimal', temperature: 0.5, topK: 5 });
    expect(body).toEqual({
      model: MODEL,
      max_tokens: 5120,
      messages: MESSAGES,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'temperature',
        details: 'Not available together with extended thinking; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'topK',
        details: 'Not available together with extended thinking; it was not sent.',
      },
    ]);
  });

  it('providerOptions.unigate.thinking wins over reasoning, without a warning', async () => {
    const enabled = await send({
      reasoning: 'max',
      providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 2000 } } },
    });
    expect(enabled).toEqual({
      body: { model: MODEL, max_tokens: 6096, messages: MESSAGES, thinking: { type: 'enabled', budget_tokens: 2000 } },
      warnings: [],
    });
    const disabled = await send({
      reasoning: 'high',
      providerOptions: { unigate: { thinking: { type: 'disabled' } } },
    });
    expect(disabled).toEqual({ body: { model: MODEL, max_tokens: 4096, messages: MESSAGES }, warnings: [] });
  });

  it('a value outside ai@7 reasoning levels fails before any request, naming the option', async () => {
    const { model, requests } = answering(message());
    const error = await failure(
      model.doGenerate({ prompt: [], reasoning: 7 } as unknown as LanguageModelV3CallOptions),
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('reasoning');
    expect(error.message).toContain('; received 7.');
    expect(requests).toHaveLength(0);
  });
});
