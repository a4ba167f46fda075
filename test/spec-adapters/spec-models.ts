import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { LanguageModelV4, LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from '@ai-sdk/provider-v4';

// Hand-written models of each spec that record the call options they get and answer what a test scripts.

export const USAGE = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function streamOf<PART>(parts: readonly PART[]): ReadableStream<PART> {
  return new ReadableStream<PART>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** A V4 model answering `content` (or streaming `parts`), with `calls` holding the options it got. */
export function scriptedV4(
  script: { result?: Partial<LanguageModelV4GenerateResult>; parts?: LanguageModelV4StreamPart[] } = {},
) {
  const calls: unknown[] = [];
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: 'other4.chat',
    modelId: 'other4-model',
    supportedUrls: { 'image/*': [/^https:/] },
    async doGenerate(options) {
      calls.push(options);
      return {
        content: [{ type: 'text', text: 'from v4' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: USAGE,
        warnings: [],
        ...script.result,
      };
    },
    async doStream(options) {
      calls.push(options);
      return { stream: streamOf(script.parts ?? []) };
    },
  };
  return { model, calls };
}

/** A V3 model answering `content` (or streaming `parts`), with `calls` holding the options it got. */
export function scriptedV3(
  script: {
    content?: Awaited<ReturnType<LanguageModelV3['doGenerate']>>['content'];
    parts?: LanguageModelV3StreamPart[];
  } = {},
) {
  const calls: unknown[] = [];
  const model: LanguageModelV3 = {
    specificationVersion: 'v3',
    provider: 'other3.chat',
    modelId: 'other3-model',
    supportedUrls: {},
    async doGenerate(options) {
      calls.push(options);
      return {
        content: script.content ?? [{ type: 'text', text: 'from v3' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: USAGE,
        warnings: [{ type: 'other', message: 'its own' }],
      };
    },
    async doStream(options) {
      calls.push(options);
      return { stream: streamOf(script.parts ?? []) };
    },
  };
  return { model, calls };
}

export async function readParts<PART>(stream: ReadableStream<PART>): Promise<PART[]> {
  const parts: PART[] = [];
  for await (const part of stream as unknown as AsyncIterable<PART>) parts.push(part);
  return parts;
}

/** A tool turn holding one tool result whose content is `value` (items of either spec). */
export const toolTurn = (value: unknown[]): never =>
  ({
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'look', output: { type: 'content', value } }],
  }) as never;

/** The items of that tool result as the model got them in its first call. */
export const sentToolItems = (calls: unknown[]): unknown => (calls[0] as any).prompt[0].content[0].output.value;
