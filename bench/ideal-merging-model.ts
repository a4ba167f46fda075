/**
 * The least a provider that merges deltas could do: the raw floor's fetch and parse, and one text-delta
 * part per network read carrying that read's text; no checks, no metadata, no usage. `streamText` over
 * it is what the burst rows' targets are up against: the floor plus the AI SDK's work for merged parts.
 */
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
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

export function idealMergingModel(upstream: string, format: WireFormat, modelId: string): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'bench.ideal',
    modelId,
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('the ideal merging model only streams')),
    async doStream({ abortSignal }) {
      const response = await request(upstream, format, requestBody(format, modelId, true), abortSignal);
      if (!response.ok || !response.body) throw new Error(`ideal: HTTP ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let text = '';
      const onData = (data: string) => {
        text += textOf(format, data);
      };
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: '0' });
        },
        async pull(controller) {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) {
              controller.enqueue({ type: 'text-end', id: '0' });
              controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE });
              return controller.close();
            }
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
