/**
 * The raw floor of each wire format, no SDK: fetch, a manual SSE split, one JSON.parse per event,
 * field reads by shape. Tool arguments are collected in an array and parsed once at the end.
 */
import type { WireFormat } from './contenders';
import { BENCH_API_KEY } from './contenders';

export interface FloorStreamResult {
  deltas: number;
  /** Total text length, or the final tool arguments' length. */
  length: number;
  finished: boolean;
  /** performance.now() when the first delta was parsed. */
  firstDeltaAt?: number;
}

export function request(upstream: string, format: WireFormat, body: unknown, signal?: AbortSignal): Promise<Response> {
  const url = format === 'chat' ? `${upstream}/v1/chat/completions` : `${upstream}/api/v1/messages`;
  const headers: Record<string, string> =
    format === 'chat'
      ? { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' }
      : { 'x-api-key': BENCH_API_KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' };
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
}

export function requestBody(format: WireFormat, modelId: string, stream: boolean) {
  const messages = [{ role: 'user', content: 'Say something.' }];
  return format === 'chat'
    ? { model: modelId, messages, stream, ...(stream ? { stream_options: { include_usage: true } } : {}) }
    : { model: modelId, messages, max_tokens: 4096, stream };
}

/**
 * Hands the `data:` line(s) of each complete event in `buffer` to `onData` (`event:` lines are not
 * needed: the JSON carries its type) and returns where the incomplete rest starts.
 */
export function splitEvents(buffer: string, onData: (data: string) => void): number {
  let start = 0;
  let end: number;
  while ((end = buffer.indexOf('\n\n', start)) !== -1) {
    let line = start;
    while (line < end) {
      let lineEnd = buffer.indexOf('\n', line);
      if (lineEnd === -1 || lineEnd > end) lineEnd = end;
      if (buffer.startsWith('data: ', line)) onData(buffer.slice(line + 6, lineEnd));
      line = lineEnd + 1;
    }
    start = end + 2;
  }
  return start;
}

/** Streams one scenario and reads every delta. */
export async function floorStream(
  upstream: string,
  format: WireFormat,
  modelId: string,
  signal?: AbortSignal,
): Promise<FloorStreamResult> {
  const response = await request(upstream, format, requestBody(format, modelId, true), signal);
  if (!response.ok || !response.body) throw new Error(`floor: HTTP ${response.status}`);
  const result: FloorStreamResult = { deltas: 0, length: 0, finished: false };
  const toolPieces: string[] = [];

  const onData = (data: string) => {
    if (format === 'chat') {
      if (data === '[DONE]') return;
      const chunk = JSON.parse(data);
      const choice = chunk.choices?.[0];
      if (choice) {
        const delta = choice.delta;
        if (typeof delta?.content === 'string' && delta.content !== '') {
          result.deltas++;
          result.length += delta.content.length;
          result.firstDeltaAt ??= performance.now();
        }
        const call = delta?.tool_calls?.[0];
        const args = call?.function?.arguments;
        if (typeof args === 'string' && args !== '') {
          result.deltas++;
          toolPieces.push(args);
          result.firstDeltaAt ??= performance.now();
        }
      }
      if (chunk.usage) result.finished = true;
    } else {
      const event = JSON.parse(data);
      if (event.type === 'content_block_delta') {
        const delta = event.delta;
        result.deltas++;
        result.firstDeltaAt ??= performance.now();
        if (delta.type === 'text_delta') result.length += delta.text.length;
        else if (delta.type === 'input_json_delta') toolPieces.push(delta.partial_json);
      } else if (event.type === 'message_stop') {
        result.finished = true;
      }
    }
  };

  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    buffer = buffer.slice(splitEvents(buffer, onData));
  }
  if (toolPieces.length > 0) {
    const args = toolPieces.join('');
    JSON.parse(args);
    result.length = args.length;
  }
  return result;
}

/** One non-streaming call: fetch + JSON.parse + reading the answer's text length. */
export async function floorGenerate(
  upstream: string,
  format: WireFormat,
  modelId: string,
  signal?: AbortSignal,
): Promise<number> {
  const response = await request(upstream, format, requestBody(format, modelId, false), signal);
  if (!response.ok) throw new Error(`floor: HTTP ${response.status}`);
  const json = JSON.parse(await response.text());
  const text = format === 'chat' ? json.choices[0].message.content : json.content[0].text;
  return text.length;
}

/**
 * The embeddings floor: base64 encoding requested, fetch + JSON.parse + decode each vector into a
 * Float32Array (Node's native base64 decoder: the cheapest a hand-written client can do in Node).
 */
export async function floorEmbed(upstream: string, values: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const response = await fetch(`${upstream}/v1/embeddings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'text-embedding-3-small', input: values, encoding_format: 'base64' }),
    signal,
  });
  if (!response.ok) throw new Error(`floor: HTTP ${response.status}`);
  const json = JSON.parse(await response.text());
  return json.data.map((item: { embedding: string }) => {
    const bytes = Buffer.from(item.embedding, 'base64');
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    return new Float32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
  });
}
