import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { streamText, tool } from 'ai';
import { z } from 'zod';

/** A call with one user message. */
export function callOptions(
  text: string,
  overrides: Partial<LanguageModelV3CallOptions> = {},
): LanguageModelV3CallOptions {
  return { prompt: [{ role: 'user', content: [{ type: 'text', text }] }], ...overrides };
}

/** Another provider's HTTP failure: an `APICallError` with a status and no Unigate data. */
export function foreignError(statusCode: number): APICallError {
  return new APICallError({
    message: `other provider: HTTP ${statusCode}`,
    url: 'https://other.example/v1/chat',
    requestBodyValues: {},
    statusCode,
  });
}

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** The parts of a stream that answers `text`. */
export function answerParts(text: string): LanguageModelV3StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
  ];
}

/** A hand-written model of another provider: answers `text`, or fails as `behaviour` says; counts its calls. */
export function otherModel(
  modelId: string,
  behaviour: { text?: string; fail?: () => unknown; streamParts?: LanguageModelV3StreamPart[] } = {},
): LanguageModelV3 & { calls: number } {
  const model = {
    specificationVersion: 'v3' as const,
    provider: 'other.chat',
    modelId,
    supportedUrls: {},
    calls: 0,
    async doGenerate() {
      model.calls++;
      if (behaviour.fail) throw behaviour.fail();
      return {
        content: [{ type: 'text' as const, text: behaviour.text ?? `from ${modelId}` }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage: USAGE,
        warnings: [],
        providerMetadata: { other: { seen: true } },
      };
    },
    async doStream() {
      model.calls++;
      if (behaviour.fail) throw behaviour.fail();
      const parts = behaviour.streamParts ?? answerParts(behaviour.text ?? `from ${modelId}`);
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
  return model;
}

type StreamModel = Parameters<typeof streamText>[0]['model'];

/** A `streamText` read to its end: the result, its part types, its error parts' errors and its text. */
export async function streamedText(
  model: StreamModel,
  prompt: string,
  unigate: { [key: string]: string | number | undefined } = {},
) {
  const result = streamText({ model, prompt, maxRetries: 0, providerOptions: { unigate }, onError: () => undefined });
  const types: string[] = [];
  const errors: unknown[] = [];
  for await (const part of result.fullStream) {
    types.push(part.type);
    if (part.type === 'error') errors.push(part.error);
  }
  return { result, types, errors, text: await result.text };
}

const weather = tool({ description: 'The weather in a city', inputSchema: z.object({ city: z.string() }) });

/** A `streamText` that must call the weather tool. */
export function askWeather(model: StreamModel, prompt: string) {
  return streamText({
    model,
    prompt,
    tools: { weather },
    toolChoice: 'required',
    maxRetries: 0,
    onError: () => undefined,
  });
}
