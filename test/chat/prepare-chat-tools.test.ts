import type { LanguageModelV3CallOptions, LanguageModelV3FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { answering, completion, prompt } from './chat-fixtures';

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
