/**
 * The least a provider that merges deltas could do: the raw floor's fetch and parse, and one text-delta
 * part per network read carrying that read's text; no checks, no metadata, no usage. `streamText` over
 * it is what the burst rows' targets are up against: the floor plus the AI SDK's work for merged parts.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { WireFormat } from './contenders';
import { request, requestBody, splitEvents } from './raw-floor';

const USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** The text of one event's data, or '' (text-only scenarios: the burst rows stream text). */
function textOf(format: WireFormat, data: string): string {
  if (format === 'chat') {
    if (data === '[DONE]') return '';
    const content = JSON.parse(data).choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : '';
  }
  const event = JSON.parse(data);
  return event.type === 'content_block_delta' && event.delta.type === 'text_delta' ? event.delta.text : '';
}

/** The parts a text-only ideal stream emits: the same shape in the V3 and V4 specs. */
export type IdealTextPart =
  | { type: 'stream-start'; warnings: [] }
  | { type: 'text-start' | 'text-end'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'finish'; finishReason: { unified: 'stop'; raw: string }; usage: typeof USAGE };

/** The upstream's streamed body for the scenario, as a reader; an HTTP error throws. */
async function openBody(upstream: string, format: WireFormat, modelId: string, abortSignal: AbortSignal | undefined) {
  const response = await request(upstream, format, requestBody(format, modelId, true), abortSignal);
  if (!response.ok || !response.body) throw new Error(`ideal: HTTP ${response.status}`);
  return response.body.getReader();
}

/** The parts before the text, and after it: every ideal stream is one text block. */
const opening = (controller: ReadableStreamDefaultController<IdealTextPart>) => {
  controller.enqueue({ type: 'stream-start', warnings: [] });
  controller.enqueue({ type: 'text-start', id: '0' });
};
const closing = (controller: ReadableStreamDefaultController<IdealTextPart>) => {
  controller.enqueue({ type: 'text-end', id: '0' });
  controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE });
  controller.close();
};

export function idealMergingModel(upstream: string, format: WireFormat, modelId: string): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'bench.ideal',
    modelId,
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('the ideal merging model only streams')),
    async doStream({ abortSignal }) {
      const reader = await openBody(upstream, format, modelId, abortSignal);
      const decoder = new TextDecoder();
      let buffer = '';
      let text = '';
      const onData = (data: string) => {
        text += textOf(format, data);
      };
      const stream = new ReadableStream<IdealTextPart>({
        start: opening,
        async pull(controller) {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return closing(controller);
            buffer += decoder.decode(value, { stream: true });
            buffer = buffer.slice(splitEvents(buffer, onData));
            if (text !== '') {
              controller.enqueue({ type: 'text-delta', id: '0', delta: text });
              text = '';
              return;
            }
          }
        },
        cancel: reason => reader.cancel(reason),
      });
      return { stream };
    },
  };
}

/**
 * The least any provider could do for the first delta: the floor's fetch and parse, the first text
 * event's delta enqueued the moment it is parsed, and the rest of the body parsed only after a
 * macrotask (`setImmediate`, which `src/` may not use), so nothing delays the first part on its way
 * through `streamText`. The ttfd rows' bound: its ratio to the best peer is the lowest any provider
 * reaches on that machine. Spec-neutral: the V3 model below and the ai@7 line's V4 model wrap it.
 */
export async function idealFirstDeltaStream(
  upstream: string,
  format: WireFormat,
  modelId: string,
  abortSignal: AbortSignal | undefined,
): Promise<ReadableStream<IdealTextPart>> {
  const reader = await openBody(upstream, format, modelId, abortSignal);
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let first = true;
  const onData = (data: string) => {
    text += textOf(format, data);
  };
  /** Parses events one at a time until one has text; true when it found one. */
  const firstText = () => {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      splitEvents(buffer.slice(0, end + 2), onData);
      buffer = buffer.slice(end + 2);
      if (text !== '') return true;
    }
    return false;
  };
  return new ReadableStream<IdealTextPart>({
    start: opening,
    async pull(controller) {
      if (!first) await new Promise(resolve => setImmediate(resolve));
      for (;;) {
        if (!first) buffer = buffer.slice(splitEvents(buffer, onData));
        if (first ? firstText() : text !== '') {
          first = false;
          controller.enqueue({ type: 'text-delta', id: '0', delta: text });
          text = '';
          return;
        }
        const { done, value } = await reader.read();
        if (done) return closing(controller);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: reason => reader.cancel(reason),
  });
}

/** `idealFirstDeltaStream` as a V3 model, for ai@6's rows. */
export function idealFirstDeltaModel(upstream: string, format: WireFormat, modelId: string): LanguageModelV3 {
  return {
    ...idealMergingModel(upstream, format, modelId),
    provider: 'bench.ideal-first-delta',
    doStream: async ({ abortSignal }) => ({
      stream: await idealFirstDeltaStream(upstream, format, modelId, abortSignal),
    }),
  };
}
