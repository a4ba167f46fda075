import { InvalidArgumentError, type LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { deprecatedWarnings } from '../helpers/spec';
import { failure, readAll } from '../helpers/test-kit';
import { answering, completion, DONE, chunk, prompt, streaming } from './chat-fixtures';

// ai@7's `reasoning` call option on the chat-completions format, through the model: it reaches a V3
// model as an extra call option, which is how these tests pass it.

const ok = completion({ content: 'Hello!' });
const MINIMAL = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
const MAX_WARNING = {
  type: 'compatibility',
  feature: 'reasoning',
  details:
    'The chat-completions format has no "max" reasoning effort; reasoning_effort "xhigh", its highest, was sent.',
};

async function send(options: Record<string, unknown>) {
  const { model, requests } = answering(ok);
  const result = await model.doGenerate({ prompt, ...options } as LanguageModelV3CallOptions);
  expect(requests).toHaveLength(1);
  return { body: requests[0].body, warnings: result.warnings };
}

describe('chat: reasoning', () => {
  it.each(['none', 'minimal', 'low', 'medium', 'high', 'xhigh'])(
    'reasoning %s is sent as the reasoning_effort of that name, without a warning',
    async reasoning => {
      const { body, warnings } = await send({ reasoning });
      expect(body).toEqual({ ...MINIMAL, reasoning_effort: reasoning });
      expect(warnings).toEqual([]);
    },
  );

  it('reasoning max, which the format cannot express, is sent as xhigh with a compatibility warning', async () => {
    const { body, warnings } = await send({ reasoning: 'max' });
    expect(body).toEqual({ ...MINIMAL, reasoning_effort: 'xhigh' });
    expect(warnings).toEqual([MAX_WARNING]);
  });

  it('provider-default (and no reasoning at all) sends nothing', async () => {
    expect(await send({ reasoning: 'provider-default' })).toEqual({ body: MINIMAL, warnings: [] });
    expect(await send({})).toEqual({ body: MINIMAL, warnings: [] });
  });

  it('providerOptions.unigate.reasoningEffort wins over reasoning, without its warning (V4: deprecated, naming the call option)', async () => {
    const { body, warnings } = await send({
      reasoning: 'max',
      providerOptions: { unigate: { reasoningEffort: 'low' } },
    });
    expect(body).toEqual({ ...MINIMAL, reasoning_effort: 'low' });
    expect(warnings).toEqual(
      deprecatedWarnings(
        'providerOptions.unigate.reasoningEffort',
        "use the call's reasoning option (generateText({ reasoning: 'low' })), which every provider reads; " +
          'reasoningEffort is still sent, and wins when both are set.',
      ),
    );
    expect((await send({ providerOptions: { unigate: { reasoningEffort: 'none' } } })).body).toEqual({
      ...MINIMAL,
      reasoning_effort: 'none',
    });
  });

  it('extraBody.reasoning_effort wins over both, as every extraBody field does', async () => {
    const { body } = await send({
      reasoning: 'high',
      providerOptions: { unigate: { reasoningEffort: 'low', extraBody: { reasoning_effort: 'medium' } } },
    });
    expect(body).toEqual({ ...MINIMAL, reasoning_effort: 'medium' });
  });

  it('a value outside ai@7 reasoning levels fails before any request, naming the option', async () => {
    const { model, requests } = answering(ok);
    const error = await failure(model.doGenerate({ prompt, reasoning: 'hgih' } as LanguageModelV3CallOptions));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('reasoning');
    expect(error.message).toBe(
      'Invalid argument reasoning: the gateway accepts "provider-default", "none", "minimal", "low", "medium", "high", ' +
        '"xhigh", "max"; received "hgih".',
    );
    const typo = await failure(model.doGenerate({ prompt, providerOptions: { unigate: { reasoningEffort: 'max' } } }));
    expect(typo.argument).toBe('providerOptions.unigate.reasoningEffort');
    expect(requests).toHaveLength(0);
  });

  it('streams send the same reasoning_effort, and the warning is in stream-start', async () => {
    const { model, requests } = streaming([chunk({ role: 'assistant', content: 'Hi' }), chunk({}, 'stop'), DONE]);
    const { stream } = await model.doStream({ prompt, reasoning: 'max' } as LanguageModelV3CallOptions);
    const parts = await readAll(stream);
    expect(parts[0]).toEqual({ type: 'stream-start', warnings: [MAX_WARNING] });
    expect(requests[0].body).toEqual({
      ...MINIMAL,
      reasoning_effort: 'xhigh',
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});
