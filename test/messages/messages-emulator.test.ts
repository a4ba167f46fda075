import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { failure, readAll } from '../helpers/test-kit';

// The messages model against the in-process emulator, which validates requests the way the gateway does
// (max_tokens present, input_schema not parameters, alternating turns, thinking signatures intact).

const MODEL = 'claude-sonnet-4-5';

function weatherTool(calls: Array<{ city: string }>) {
  return tool({
    description: 'Current weather for a city',
    inputSchema: jsonSchema<{ city: string }>({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    }),
    execute: async input => {
      calls.push(input);
      return { sky: 'sunny', celsius: 21 };
    },
  });
}

function messagesRequests(emulator: ReturnType<typeof createUnigateEmulator>) {
  return emulator.requests.filter(entry => entry.path === '/api/v1/messages');
}

describe('messages model against the emulator', () => {
  it('runs the tool loop with generateText and stepCountIs(3)', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const calls: Array<{ city: string }> = [];
    const result = await generateText({
      model: gw.messages(MODEL),
      prompt: 'What is the weather in Paris?',
      tools: { weather: weatherTool(calls) },
      stopWhen: stepCountIs(3),
    });
    expect(calls).toHaveLength(1);
    expect(typeof calls[0].city).toBe('string');
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0].finishReason).toBe('tool-calls');
    expect(result.steps[0].toolCalls.map(c => c.toolName)).toEqual(['weather']);
    expect(result.text).toBe('The tool weather returned: {"sky":"sunny","celsius":21}.');
    expect(result.finishReason).toBe('stop');
    expect(result.totalUsage.inputTokens).toBeGreaterThan(0);
    expect(messagesRequests(emulator)).toEqual([
      { method: 'POST', path: '/api/v1/messages', model: MODEL, status: 200 },
      { method: 'POST', path: '/api/v1/messages', model: MODEL, status: 200 },
    ]);
  });

  it('runs the tool loop with streamText and stepCountIs(3)', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const calls: Array<{ city: string }> = [];
    const result = streamText({
      model: gw.messages(MODEL),
      prompt: 'What is the weather in Paris?',
      tools: { weather: weatherTool(calls) },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe('The tool weather returned: {"sky":"sunny","celsius":21}.');
    expect(calls).toHaveLength(1);
    expect(await result.finishReason).toBe('stop');
    expect((await result.steps).length).toBe(2);
  });

  it('keeps thinking signatures intact through a tool loop (the emulator rejects altered or missing ones)', async () => {
    for (const mode of ['generate', 'stream'] as const) {
      const emulator = createUnigateEmulator();
      const gw = createUnigate(emulator.settings);
      const options = {
        model: gw.messages(MODEL),
        prompt: 'What is the weather in Paris?',
        tools: { weather: weatherTool([]) },
        stopWhen: stepCountIs(3),
        providerOptions: { unigate: { thinking: { type: 'enabled' as const, budgetTokens: 1024 } } },
      };
      const steps = mode === 'generate' ? (await generateText(options)).steps : await streamText(options).steps;
      expect(steps).toHaveLength(2);
      expect(steps[0].reasoningText).toBe(
        'The user wrote: "What is the weather in Paris?". The weather tool can answer this, so I will call it.',
      );
      expect(steps[1].text).toBe('The tool weather returned: {"sky":"sunny","celsius":21}.');
    }
  });

  it('with thinking on, a topP below 0.95 is not sent (the gateway would refuse it), with a warning naming it', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const result = await generateText({
      model: gw.messages(MODEL),
      prompt: 'Think.',
      topP: 0.9,
      maxRetries: 0,
      providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    });
    expect(result.text).not.toBe('');
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'topP',
        details:
          'With extended thinking the gateway accepts topP from 0.95 to 1 only; received 0.9, which was not sent.',
      },
    ]);
    expect(messagesRequests(emulator)).toEqual([expect.objectContaining({ status: 200 })]);
  });

  it('keeps redacted thinking intact through a tool loop', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const result = await generateText({
      model: gw.messages(MODEL),
      prompt: 'Weather in Paris? [[emulator:redacted-thinking]]',
      tools: { weather: weatherTool([]) },
      stopWhen: stepCountIs(3),
      providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    });
    expect(result.steps).toHaveLength(2);
    expect(result.text).toBe('The tool weather returned: {"sky":"sunny","celsius":21}.');
  });

  it('describes an image and streams the answer', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const result = streamText({
      model: gw.messages(MODEL),
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', image: png },
          ],
        },
      ],
    });
    expect(await result.text).toBe('I see 1 image. You said: "What is this?".');
  });

  it('gets 403 permission_error, not retryable, for a model the key may not use', async () => {
    const emulator = createUnigateEmulator({ deniedModels: ['claude-opus-4-1'] });
    const gw = createUnigate(emulator.settings);
    const error = (await failure(
      gw
        .messages('claude-opus-4-1')
        .doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }),
    )) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(403);
    expect(error.isRetryable).toBe(false);
    expect((error.data as { type: string }).type).toBe('permission_error');
    expect(error.message).not.toContain(emulator.settings.apiKey);
  });

  it('surfaces a mid-stream error event and a truncated body as error parts', async () => {
    const emulator = createUnigateEmulator();
    const model = createUnigate(emulator.settings).messages(MODEL);
    const stream = async (text: string) =>
      readAll((await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text }] }] })).stream);

    const errored = await stream('Hello there [[emulator:stream-error]]');
    const errorPart = errored.find(p => p.type === 'error') as { error: APICallError };
    expect(errorPart.error.message).toBe('Unigate messages stream reported an error (overloaded_error): Overloaded');
    expect(errorPart.error.isRetryable).toBe(true);
    expect((errored.at(-1) as Extract<LanguageModelV3StreamPart, { type: 'finish' }>).finishReason.unified).toBe(
      'error',
    );

    const truncated = await stream('Hello there [[emulator:truncate]]');
    expect(truncated.filter(p => p.type === 'text-delta').length).toBeGreaterThan(0);
    const cut = truncated.find(p => p.type === 'error') as { error: Error };
    expect(cut.error.message).toContain('not valid JSON (the stream may have been cut off)');
    expect((truncated.at(-1) as Extract<LanguageModelV3StreamPart, { type: 'finish' }>).finishReason.unified).toBe(
      'error',
    );
  });

  it('passes the emulator validation for every documented tool choice', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const expected: Record<string, string> = {
      auto: 'tool-calls',
      required: 'tool-calls',
      none: 'stop',
    };
    for (const [toolChoice, finishReason] of Object.entries(expected)) {
      const result = await generateText({
        model: gw.messages(MODEL),
        prompt: 'Weather in Oslo?',
        tools: {
          weather: weatherTool([]),
          time: tool({ inputSchema: jsonSchema({ type: 'object', properties: {} }) }),
        },
        toolChoice: toolChoice as 'auto' | 'required' | 'none',
      });
      expect(result.finishReason).toBe(finishReason);
    }
    const named = await generateText({
      model: gw.messages(MODEL),
      prompt: 'Weather in Oslo?',
      tools: { weather: weatherTool([]), time: tool({ inputSchema: jsonSchema({ type: 'object', properties: {} }) }) },
      toolChoice: { type: 'tool', toolName: 'time' },
    });
    expect(named.toolCalls.map(c => c.toolName)).toEqual(['time']);
  });
});
