import { APICallError, LoadSettingError, NoSuchModelError } from '@ai-sdk/provider';
import { generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { emulatorGateway } from '../helpers/emulator-gateway';

// End to end against the in-process emulator: the same provider code, a gateway written from the spec.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const chatRequests = (emulator: ReturnType<typeof createUnigateEmulator>) =>
  emulator.requests.filter(entry => entry.path === '/v1/chat/completions');

function weatherTool(seen: Array<{ city: string }>) {
  return tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async input => {
      seen.push(input);
      return { temperature: 21, unit: 'C' };
    },
  });
}

describe('chat model against the emulator', () => {
  it('generateText answers a plain prompt', async () => {
    const { gw } = emulatorGateway();
    const result = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    expect(result.text).toBe('You said: Hello there');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBe(2);
    expect(result.usage.outputTokens).toBe(5); // You | said | : | Hello | there
  });

  it('generateText runs a two-step tool loop with stopWhen: stepCountIs(3)', async () => {
    const { gw, emulator } = emulatorGateway();
    const seen: Array<{ city: string }> = [];
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      tools: { weather: weatherTool(seen) },
      stopWhen: stepCountIs(3),
      prompt: 'What is the weather in Paris?',
    });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0].finishReason).toBe('tool-calls');
    expect(result.steps[0].toolCalls).toHaveLength(1);
    expect(result.steps[0].toolCalls[0].toolCallId).toBe('call_1');
    expect(seen).toHaveLength(1);
    expect(typeof seen[0].city).toBe('string');
    expect(result.text).toBe('The weather tool returned: {"temperature":21,"unit":"C"}');
    expect(result.finishReason).toBe('stop');
    expect(chatRequests(emulator).map(entry => [entry.method, entry.model, entry.status])).toEqual([
      ['POST', 'gpt-4o-mini', 200],
      ['POST', 'gpt-4o-mini', 200],
    ]);
  });

  it('streamText runs the loop with parallel tool calls streamed in pieces', async () => {
    const { gw } = emulatorGateway();
    const seen: Array<{ city: string }> = [];
    const clock = tool({
      description: 'Current time in a timezone',
      inputSchema: z.object({ timezone: z.string() }),
      execute: async () => '12:00',
    });
    const result = streamText({
      model: gw('gpt-4o-mini'),
      tools: { weather: weatherTool(seen), clock },
      stopWhen: stepCountIs(3),
      prompt: 'Weather and time in Oslo [[emulator:parallel-tools]]',
    });
    const partTypes = new Set<string>();
    for await (const part of result.fullStream) partTypes.add(part.type);
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0].toolCalls.map(call => call.toolName)).toEqual(['weather', 'clock']);
    expect(await result.text).toBe(
      'The weather tool returned: {"temperature":21,"unit":"C"}\nThe clock tool returned: 12:00',
    );
    expect(partTypes).toContain('tool-input-delta');
  });

  it('streams the reasoning of deepseek-reasoner and its reasoning tokens', async () => {
    const { gw } = emulatorGateway();
    const result = streamText({ model: gw('deepseek-reasoner'), prompt: 'Why is the sky blue?' });
    expect(await result.text).toBe('You said: Why is the sky blue?');
    expect(await result.reasoningText).toMatch(/^Let me think\./);
    const usage = await result.usage;
    expect(usage.outputTokenDetails.reasoningTokens).toBeGreaterThan(0);
  });

  it('generateText with Output.object gets a value that fits the schema', async () => {
    const { gw } = emulatorGateway();
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      output: Output.object({ schema: z.object({ name: z.string(), age: z.number() }) }),
      prompt: 'Invent a person',
    });
    expect(typeof result.output.name).toBe('string');
    expect(typeof result.output.age).toBe('number');
  });

  it('lists every choice with n > 1', async () => {
    const { gw } = emulatorGateway();
    const result = await generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hi',
      providerOptions: { unigate: { n: 2 } },
    });
    expect(result.text).toBe('You said: Hi');
    expect(result.providerMetadata?.unigate).toEqual({
      choices: [
        { index: 0, text: 'You said: Hi', finishReason: 'stop' },
        { index: 1, text: 'Alternative 2: You said: Hi', finishReason: 'stop' },
      ],
    });
  });

  it('surfaces an in-stream error and a truncated stream as errors, never a hang', async () => {
    const { gw } = emulatorGateway();
    for (const marker of ['[[emulator:stream-error]]', '[[emulator:truncate]]']) {
      const errors: unknown[] = [];
      const result = streamText({
        model: gw('gpt-4o-mini'),
        prompt: `Tell me a long story please ${marker}`,
        onError: ({ error }) => void errors.push(error),
      });
      await result.consumeStream();
      expect(await result.finishReason).toBe('error');
      expect(errors).toHaveLength(1);
    }
  });

  it('rejects bad settings before the emulator sees a request', async () => {
    const { gw, emulator } = emulatorGateway();
    await expect(
      generateText({ model: gw('gpt-4o-mini'), prompt: 'Hi', temperature: 3, maxRetries: 0 }),
    ).rejects.toThrow('Invalid argument temperature');
    expect(chatRequests(emulator)).toHaveLength(0);
  });

  it('refuses an id the package lists as another kind before any request, naming the accessor', async () => {
    const { gw, emulator } = emulatorGateway();
    const cases: Array<[string, string]> = [
      [
        'text-embedding-3-small',
        "Model 'text-embedding-3-small' is an embedding model, not a language model: use embedding('text-embedding-3-small') on the provider. No request was sent.",
      ],
      [
        'whisper-1',
        "Model 'whisper-1' is a speech-to-text (transcription) model, not a language model: use transcription('whisper-1') on the provider. No request was sent.",
      ],
      [
        'dall-e-3',
        "Model 'dall-e-3' is an image model, not a language model: use image('dall-e-3') on the provider. No request was sent.",
      ],
      [
        'veo-3',
        "Model 'veo-3' is a video model, not a language model: use video('veo-3') on the provider. No request was sent.",
      ],
    ];
    for (const [id, message] of cases) {
      for (const model of [gw(id), gw.messages(id)]) {
        const error = await generateText({ model, prompt: 'Hi', maxRetries: 0 }).catch(e => e);
        expect(NoSuchModelError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({ message, modelId: id, modelType: 'languageModel' });
        const errors: unknown[] = [];
        await streamText({
          model,
          prompt: 'Hi',
          maxRetries: 0,
          onError: ({ error }) => void errors.push(error),
        }).consumeStream();
        expect(errors).toEqual([expect.objectContaining({ message, modelId: id })]);
      }
    }
    expect(emulator.requests).toEqual([]);
  });

  it('names the accessor when the gateway says an id it serves is another kind of model', async () => {
    // An id the package does not list passes to the gateway, which refuses it; the hint leads to embedding().
    const models = [
      {
        id: 'embed-next-1',
        provider: 'Test',
        type: 'embedding' as const,
        inputPrice: 1,
        outputPrice: 0,
        isNew: true,
        created: 0,
      },
    ];
    const { gw } = emulatorGateway({ models });
    const error = await generateText({ model: gw('embed-next-1'), prompt: 'Hi', maxRetries: 0 }).catch(e => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      "Unigate request failed with HTTP 400 (invalid_request_error): Invalid model: 'embed-next-1' is an embedding model, " +
        "not a chat model. Use embedding('embed-next-1') on the provider for this model.",
    );
  });

  it('refuses a siteURL ending in /v1 before any request, where the gateway would answer 404', async () => {
    const emulator = createUnigateEmulator();
    const { apiKey, fetch, siteURL } = emulator.settings;
    const gw = createUnigate({ apiKey, fetch, siteURL: `${siteURL}/v1` });
    const error = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hi', maxRetries: 0 }).catch(e => e);
    expect(LoadSettingError.isInstance(error)).toBe(true);
    expect(error.message).toContain(`Pass siteURL: '${siteURL}' (the host root), or baseURL: '${siteURL}/v1'.`);
    expect(emulator.requests).toEqual([]);
  });

  it('a 404 for a path names the URL settings and the URL requested, not an unknown model', async () => {
    const emulator = createUnigateEmulator();
    const { apiKey, fetch, siteURL } = emulator.settings;
    const gw = createUnigate({ apiKey, fetch, baseURL: `${siteURL}/v1/v1` });
    const error = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hi', maxRetries: 0 }).catch(e => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate request failed with HTTP 404 (not_found_error): No endpoint at POST /v1/v1/chat/completions. ' +
        `No endpoint answers at ${siteURL}/v1/v1/chat/completions: check the URL settings of createUnigate(). siteURL is ` +
        "the host root (e.g. 'https://host', no /v1), baseURL the OpenAI-style base (default: siteURL + '/v1'), " +
        'altBaseURL the base of images and video (default: baseURL).',
    );
  });

  it('maps an HTTP error from the emulator to an APICallError', async () => {
    const { gw } = emulatorGateway();
    const error = await generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hi [[emulator:status:401]]',
      maxRetries: 0,
    }).catch(e => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(401);
  });

  it('stops a slow stream promptly when aborted', async () => {
    const { gw } = emulatorGateway({ streamDelayMs: 200 });
    const abort = new AbortController();
    const result = streamText({
      model: gw('gpt-4o-mini'),
      prompt: 'one two three four five six',
      abortSignal: abort.signal,
    });
    const started = Date.now();
    let aborted = false;
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') abort.abort();
      if (part.type === 'abort') aborted = true;
    }
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
