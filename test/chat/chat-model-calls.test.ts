import {
  InvalidArgumentError,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FunctionTool,
} from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { mapChatFinishReason } from '../../src/chat/chat-model-calls';
import { deprecatedWarnings } from '../helpers/spec';
import { failure, readAll } from '../helpers/test-kit';
import { answering, completion, DONE, chunk, prompt, streaming } from './chat-fixtures';

// The calls' small mappers: the finish reason directly; the reasoning effort, tools and structured
// output through the model.

describe('mapChatFinishReason', () => {
  it('maps the documented reasons and keeps the raw value', () => {
    expect(mapChatFinishReason('stop')).toEqual({ unified: 'stop', raw: 'stop' });
    expect(mapChatFinishReason('length')).toEqual({ unified: 'length', raw: 'length' });
    expect(mapChatFinishReason('tool_calls')).toEqual({ unified: 'tool-calls', raw: 'tool_calls' });
    expect(mapChatFinishReason('content_filter')).toEqual({ unified: 'content-filter', raw: 'content_filter' });
  });

  it('maps anything else to other', () => {
    expect(mapChatFinishReason('function_call')).toEqual({ unified: 'other', raw: 'function_call' });
    expect(mapChatFinishReason('insufficient_system_resource')).toEqual({
      unified: 'other',
      raw: 'insufficient_system_resource',
    });
    expect(mapChatFinishReason(null)).toEqual({ unified: 'other', raw: undefined });
    expect(mapChatFinishReason(undefined)).toEqual({ unified: 'other', raw: undefined });
  });
});

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

async function sendReasoning(options: Record<string, unknown>) {
  const { model, requests } = answering(ok);
  const result = await model.doGenerate({ prompt, ...options } as LanguageModelV3CallOptions);
  expect(requests).toHaveLength(1);
  return { body: requests[0].body, warnings: result.warnings };
}

describe('chat: reasoning', () => {
  it.each(['none', 'minimal', 'low', 'medium', 'high', 'xhigh'])(
    'reasoning %s is sent as the reasoning_effort of that name, without a warning',
    async reasoning => {
      const { body, warnings } = await sendReasoning({ reasoning });
      expect(body).toEqual({ ...MINIMAL, reasoning_effort: reasoning });
      expect(warnings).toEqual([]);
    },
  );

  it('reasoning max, which the format cannot express, is sent as xhigh with a compatibility warning', async () => {
    const { body, warnings } = await sendReasoning({ reasoning: 'max' });
    expect(body).toEqual({ ...MINIMAL, reasoning_effort: 'xhigh' });
    expect(warnings).toEqual([MAX_WARNING]);
  });

  it('provider-default (and no reasoning at all) sends nothing', async () => {
    expect(await sendReasoning({ reasoning: 'provider-default' })).toEqual({ body: MINIMAL, warnings: [] });
    expect(await sendReasoning({})).toEqual({ body: MINIMAL, warnings: [] });
  });

  it('providerOptions.unigate.reasoningEffort wins over reasoning, without its warning (V4: deprecated, naming the call option)', async () => {
    const { body, warnings } = await sendReasoning({
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
    expect((await sendReasoning({ providerOptions: { unigate: { reasoningEffort: 'none' } } })).body).toEqual({
      ...MINIMAL,
      reasoning_effort: 'none',
    });
  });

  it('extraBody.reasoning_effort wins over both, as every extraBody field does', async () => {
    const { body } = await sendReasoning({
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

const weather: LanguageModelV3FunctionTool = {
  type: 'function',
  name: 'weather',
  description: 'Current weather for a city',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};
const time: LanguageModelV3FunctionTool = {
  type: 'function',
  name: 'time',
  inputSchema: { type: 'object', properties: {} },
  strict: true,
};

const wireWeather = {
  type: 'function',
  function: {
    name: 'weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
};
const wireTime = {
  type: 'function',
  function: { name: 'time', parameters: { type: 'object', properties: {} }, strict: true },
};

async function send(options: Partial<LanguageModelV3CallOptions>) {
  const { model, requests } = answering(completion({ content: 'ok' }));
  const { warnings } = await model.doGenerate({ prompt, ...options });
  return { body: requests[0].body as Record<string, unknown>, warnings };
}

describe('chat tools', () => {
  it('sends function tools with their JSON schema, description and strict flag', async () => {
    const { body, warnings } = await send({ tools: [weather, time] });
    expect(body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [wireWeather, wireTime],
    });
    expect(warnings).toEqual([]);
  });

  it('maps each tool choice', async () => {
    expect((await send({ tools: [weather], toolChoice: { type: 'auto' } })).body.tool_choice).toBe('auto');
    expect((await send({ tools: [weather], toolChoice: { type: 'none' } })).body.tool_choice).toBe('none');
    expect((await send({ tools: [weather], toolChoice: { type: 'required' } })).body.tool_choice).toBe('required');
    expect(
      (await send({ tools: [weather, time], toolChoice: { type: 'tool', toolName: 'time' } })).body.tool_choice,
    ).toEqual({
      type: 'function',
      function: { name: 'time' },
    });
  });

  it('sends no tool_choice without tools', async () => {
    const { body } = await send({ toolChoice: { type: 'required' } });
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('warns about provider-defined tools and leaves them out', async () => {
    const { body, warnings } = await send({
      tools: [weather, { type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }],
    });
    expect(body.tools).toEqual([wireWeather]);
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'provider-defined tool openai.web_search',
        details: 'The chat-completions endpoint runs no provider tools; "web_search" was not sent.',
      },
    ]);
  });

  it('sends no tools at all when only provider tools were given', async () => {
    const { body, warnings } = await send({
      tools: [{ type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }],
      toolChoice: { type: 'auto' },
    });
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
    expect(warnings).toHaveLength(1);
  });

  it('warns that tool input examples cannot be sent', async () => {
    const { body, warnings } = await send({ tools: [{ ...weather, inputExamples: [{ input: { city: 'Paris' } }] }] });
    expect(body.tools).toEqual([wireWeather]);
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'tool input examples',
        details:
          'The chat-completions format has no field for the input examples of tool "weather"; they were not sent.',
      },
    ]);
  });
});

describe('chat structured output', () => {
  const schema = {
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
    additionalProperties: false,
  } as const;

  it('sends a schema as a strict json_schema with name and description', async () => {
    const { body, warnings } = await send({
      responseFormat: { type: 'json', schema, name: 'person', description: 'A person' },
    });
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'person', description: 'A person', schema, strict: true },
    });
    expect(warnings).toEqual([]);
  });

  it('names an unnamed schema "response" and honours strictJsonSchema: false', async () => {
    const { body } = await send({
      responseFormat: { type: 'json', schema },
      providerOptions: { unigate: { strictJsonSchema: false } },
    });
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema, strict: false },
    });
  });

  it('asks for json_object without a schema, and for nothing with text', async () => {
    expect((await send({ responseFormat: { type: 'json' } })).body.response_format).toEqual({ type: 'json_object' });
    expect((await send({ responseFormat: { type: 'text' } })).body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });
});
