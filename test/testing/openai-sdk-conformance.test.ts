// The official `openai` client must read the emulator's chat-completions answers, streams and errors:
// it keeps the emulator honest about the wire format (design.md, "The emulator stands apart").

import { zodResponseFormat } from 'openai/helpers/zod';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiClient } from './openai-client';
import { z } from 'zod/v4';
import type { UnigateEmulatorOptions } from '../../src/testing/index';
import { checkJsonSchema } from './json-schema-check';

const client = (options: UnigateEmulatorOptions = {}, apiKey?: string) => openaiClient(options, { apiKey });

const weatherParameters = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  required: ['city', 'unit'],
  additionalProperties: false,
};
const weatherTool = { type: 'function' as const, function: { name: 'get_weather', parameters: weatherParameters } };

describe('openai SDK against the emulator', () => {
  it('reads a non-streaming completion', async () => {
    const { openai, emulator } = client();
    const completion = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello SDK' }],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]!.message).toEqual({ role: 'assistant', content: 'You said: Hello SDK' });
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    // Hello | SDK; You | said | : | Hello | SDK.
    expect(completion.usage).toEqual({ prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 });
    expect(emulator.requests).toEqual([
      { method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o-mini', status: 200 },
    ]);
  });

  it('reads the model list', async () => {
    const { openai } = client();
    const models = await openai.models.list();
    const ids = models.data.map(m => m.id);
    expect(ids).toContain('gpt-4o-mini');
    expect(models.data.find(m => m.id === 'claude-3-5-haiku')).toMatchObject({
      object: 'model',
      owned_by: 'anthropic',
    });
  });

  it('iterates a streamed text answer chunk by chunk, with usage', async () => {
    const { openai } = client();
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'stream these five words' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let textChunks = 0;
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice?.delta.content) {
        text += choice.delta.content;
        textChunks++;
      }
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('You said: stream these five words');
    expect(textChunks).toBe(6);
    expect(finish).toBe('stop');
    // Six deltas, but seven tokens: the colon is one.
    expect(usage).toEqual({ prompt_tokens: 4, completion_tokens: 7, total_tokens: 11 });
  });

  it('accumulates streamed tool calls with the SDK stream helper', async () => {
    const { openai } = client();
    const argumentDeltas: string[] = [];
    const runner = openai.chat.completions
      .stream({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Weather in Lisbon' }],
        tools: [weatherTool],
        tool_choice: 'required',
      })
      .on('tool_calls.function.arguments.delta', event => argumentDeltas.push(event.arguments_delta));
    const final = await runner.finalChatCompletion();
    const call = final.choices[0]!.message.tool_calls![0]!;
    expect(call).toMatchObject({ id: 'call_1', type: 'function', function: { name: 'get_weather' } });
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      city: 'Lisbon',
      unit: 'celsius',
    });
    expect(argumentDeltas.length).toBeGreaterThan(2);
    expect(argumentDeltas.join('')).toBe(call.type === 'function' ? call.function.arguments : '');
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('accumulates streamed tool-call arguments by index from raw chunks', async () => {
    const { openai } = client();
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Weather in Oslo' }],
      tools: [weatherTool],
      stream: true,
    });
    const calls: Array<{ id?: string; name?: string; args: string }> = [];
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { args: '' });
        if (delta.id) call.id = delta.id;
        if (delta.function?.name) call.name = delta.function.name;
        call.args += delta.function?.arguments ?? '';
      }
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]!.id).toBe('call_1');
    expect(calls[0]!.name).toBe('get_weather');
    expect(checkJsonSchema(weatherParameters, JSON.parse(calls[0]!.args))).toEqual([]);
  });

  it('runs a two-step tool loop with runTools', async () => {
    const { openai, emulator } = client();
    const seen: unknown[] = [];
    const runner = openai.chat.completions.runTools({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Weather in Rome' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather of a city',
            parameters: weatherParameters,
            parse: JSON.parse,
            function: (args: unknown) => {
              seen.push(args);
              return { temperature: 24 };
            },
          },
        },
      ],
    });
    expect(await runner.finalContent()).toBe('The get_weather tool returned: {"temperature":24}');
    expect(seen).toEqual([{ city: 'Rome', unit: 'celsius' }]);
    expect(emulator.requests).toHaveLength(2);
  });

  it('parses a json_schema answer with the zod helper', async () => {
    const { openai } = client();
    const Review = z.object({ title: z.string(), stars: z.number().int().min(1).max(5), pros: z.array(z.string()) });
    const completion = await openai.chat.completions.parse({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Review a film' }],
      response_format: zodResponseFormat(Review, 'review'),
    });
    expect(completion.choices[0]!.message.parsed).toEqual({ title: 'film', stars: 1, pros: ['film'] });
  });

  it('reads reasoning_content of deepseek-reasoner as an extra field', async () => {
    const { openai } = client();
    const completion = await openai.chat.completions.create({
      model: 'deepseek-reasoner',
      messages: [{ role: 'user', content: 'Why?' }],
    });
    const message = completion.choices[0]!.message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
    expect(message.reasoning_content).toBe('Let me think. The request has 2 tokens, so I will answer it directly.');
    expect(completion.usage?.completion_tokens_details?.reasoning_tokens).toBe(17);
  });

  it('maps the emulator errors to the SDK error classes', async () => {
    const wrongKey = client({ apiKey: 'sk-unigate-emulator' }, 'sk-wrong').openai;
    const request = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hi' }] };
    const auth = await wrongKey.chat.completions.create(request).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(auth).toMatchObject({
      status: 401,
      type: 'auth_error',
      message: '401 Invalid API key: this emulator accepts only the key(s) given in its apiKey option',
    });

    const { openai } = client({ dailyRequestLimit: 1, now: () => Date.UTC(2025, 5, 1) });
    await openai.chat.completions.create(request);
    const limit = await openai.chat.completions.create(request).catch((e: unknown) => e);
    expect(limit).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limit).toMatchObject({ status: 429, type: 'rate_limit_exceeded' });

    const fresh = client().openai;
    const missing = await fresh.chat.completions
      .create({ ...request, model: 'no-such-model' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing).toMatchObject({ status: 404, type: 'not_found_error' });
    const denying = client({ deniedModels: ['claude-opus-4-1'] }).openai;
    const denied = await denying.chat.completions
      .create({ ...request, model: 'claude-opus-4-1' })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(denied).toMatchObject({
      status: 403,
      type: 'permission_error',
      message: "403 This key has no access to model 'claude-opus-4-1'",
    });
    const invalid = await fresh.chat.completions.create({ ...request, temperature: 3 }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(OpenAI.BadRequestError);
    expect((invalid as Error).message).toBe('400 Invalid temperature: must be a number from 0 to 2, got 3');
    const server = await fresh.chat.completions
      .create({ ...request, messages: [{ role: 'user', content: 'x [[emulator:status:503]]' }] })
      .catch((e: unknown) => e);
    expect(server).toBeInstanceOf(OpenAI.InternalServerError);
  });

  it('surfaces an error object inside a 200 stream as an APIError', async () => {
    const { openai } = client();
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'one two three [[emulator:stream-error]]' }],
      stream: true,
    });
    const text: string[] = [];
    const failure = await (async () => {
      for await (const chunk of stream) text.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect((failure as Error).message).toContain('Emulated stream error');
    expect(text.join('')).not.toBe('');
  });
});
