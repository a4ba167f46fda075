/**
 * The wire bytes every provider of a format receives: built once, deterministically, from a scenario
 * named in the request's model id (`bench-text-20000`, `bench-tool-1000`). No request field other than
 * the model id (and, for embeddings, the input count and encoding_format) changes a byte of the answer.
 */

/** Text pieces of a few characters each, as a tokenizer would cut them (two with non-ASCII bytes). */
const PIECES = [
  'The',
  ' gate',
  'way',
  ' for',
  'wards',
  ' each',
  ' request',
  ' to',
  ' the',
  ' model',
  ',',
  ' then',
  ' streams',
  ' back',
  ' tok',
  'ens',
  ' as',
  ' they',
  ' come',
  '.',
  ' Caf',
  'é',
  ' na',
  'ïve',
  ' re',
  'sum',
  'é',
  ' —',
  ' fine',
  '\n',
];

export type ScenarioKind = 'text' | 'tool';

export interface Scenario {
  kind: ScenarioKind;
  /** Number of delta events (text pieces, or tool-argument pieces including the opening and closing ones). */
  deltas: number;
}

export const MAX_DELTAS = 1_000_000;
export const TOOL_NAME = 'write_note';
export const PROMPT_TOKENS = 12;

export function scenarioModelId(kind: ScenarioKind, deltas: number): string {
  return `bench-${kind}-${deltas}`;
}

export function parseScenario(modelId: unknown): Scenario | undefined {
  if (typeof modelId !== 'string') return undefined;
  const match = /^bench-(text|tool)-(\d+)$/.exec(modelId);
  if (!match) return undefined;
  const deltas = Number(match[2]);
  if (deltas < 2 || deltas > MAX_DELTAS) return undefined;
  return { kind: match[1] as ScenarioKind, deltas };
}

/**
 * How the upstream writes a streamed body: `perWrite` events per socket write, with a pause after each
 * (long enough for the client to read that write on its own), or the whole body at once (`undefined`).
 * The bytes are the scenario's, whatever the delivery.
 */
export interface Delivery {
  scenario: Scenario;
  perWrite: number | undefined;
}

/** The model id of a paced delivery: `bench-text-20000-every-8`; `perWrite` undefined: the plain scenario id. */
export function deliveryModelId(scenario: Scenario, perWrite: number | undefined): string {
  const id = scenarioModelId(scenario.kind, scenario.deltas);
  return perWrite === undefined ? id : `${id}-every-${perWrite}`;
}

export function parseDelivery(modelId: unknown): Delivery | undefined {
  if (typeof modelId !== 'string') return undefined;
  const match = /^(.*?)(?:-every-(\d+))?$/.exec(modelId)!;
  const scenario = parseScenario(match[1]);
  const perWrite = match[2] === undefined ? undefined : Number(match[2]);
  if (!scenario || perWrite === 0) return undefined;
  return { scenario, perWrite };
}

/** The N pieces of a scenario: text pieces, or tool arguments `{"text":"...."}` cut into N pieces. */
export function scenarioPieces({ kind, deltas }: Scenario): string[] {
  const pieces: string[] = [];
  if (kind === 'text') {
    for (let i = 0; i < deltas; i++) pieces.push(PIECES[i % PIECES.length]);
    return pieces;
  }
  pieces.push('{"text":"');
  for (let i = 1; i < deltas - 1; i++) {
    const piece = PIECES[i % PIECES.length];
    pieces.push(piece === '\n' ? '\\n' : piece);
  }
  pieces.push('"}');
  return pieces;
}

/** What a correct consumer ends up with: the total text length, or the final tool arguments' length. */
export function expectedLength(scenario: Scenario): number {
  let length = 0;
  for (const piece of scenarioPieces(scenario)) length += piece.length;
  return length;
}

const CHUNK_HEAD =
  '{"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"bench-model",';

/** Chat-completions SSE: role chunk, one chunk per delta, finish chunk, usage chunk, `[DONE]`. */
export function chatSseBody(scenario: Scenario): string {
  const out: string[] = [];
  const event = (json: string) => out.push(`data: ${json}\n\n`);
  const pieces = scenarioPieces(scenario);
  if (scenario.kind === 'text') {
    event(`${CHUNK_HEAD}"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}`);
    for (const piece of pieces) {
      event(`${CHUNK_HEAD}"choices":[{"index":0,"delta":{"content":${JSON.stringify(piece)}},"finish_reason":null}]}`);
    }
  } else {
    event(
      `${CHUNK_HEAD}"choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,` +
        `"id":"call_bench","type":"function","function":{"name":"${TOOL_NAME}","arguments":""}}]},"finish_reason":null}]}`,
    );
    for (const piece of pieces) {
      event(
        `${CHUNK_HEAD}"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":` +
          `${JSON.stringify(piece)}}}]},"finish_reason":null}]}`,
      );
    }
  }
  const finish = scenario.kind === 'text' ? 'stop' : 'tool_calls';
  event(`${CHUNK_HEAD}"choices":[{"index":0,"delta":{},"finish_reason":"${finish}"}]}`);
  event(
    `${CHUNK_HEAD}"choices":[],"usage":{"prompt_tokens":${PROMPT_TOKENS},"completion_tokens":${scenario.deltas},` +
      `"total_tokens":${PROMPT_TOKENS + scenario.deltas}}}`,
  );
  out.push('data: [DONE]\n\n');
  return out.join('');
}

/** Messages SSE: message_start, content_block_start, ping, N content_block_delta, stop, message_delta, message_stop. */
export function messagesSseBody(scenario: Scenario): string {
  const out: string[] = [];
  const event = (name: string, json: string) => out.push(`event: ${name}\ndata: ${json}\n\n`);
  event(
    'message_start',
    '{"type":"message_start","message":{"id":"msg_bench","type":"message","role":"assistant","content":[],' +
      `"model":"bench-model","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":${PROMPT_TOKENS},"output_tokens":1}}}`,
  );
  const block =
    scenario.kind === 'text'
      ? '{"type":"text","text":""}'
      : `{"type":"tool_use","id":"toolu_bench","name":"${TOOL_NAME}","input":{}}`;
  event('content_block_start', `{"type":"content_block_start","index":0,"content_block":${block}}`);
  event('ping', '{"type":"ping"}');
  for (const piece of scenarioPieces(scenario)) {
    const delta =
      scenario.kind === 'text'
        ? `{"type":"text_delta","text":${JSON.stringify(piece)}}`
        : `{"type":"input_json_delta","partial_json":${JSON.stringify(piece)}}`;
    event('content_block_delta', `{"type":"content_block_delta","index":0,"delta":${delta}}`);
  }
  event('content_block_stop', '{"type":"content_block_stop","index":0}');
  const stop = scenario.kind === 'text' ? 'end_turn' : 'tool_use';
  event(
    'message_delta',
    `{"type":"message_delta","delta":{"stop_reason":"${stop}","stop_sequence":null},"usage":{"output_tokens":${scenario.deltas}}}`,
  );
  event('message_stop', '{"type":"message_stop"}');
  return out.join('');
}

/** Non-streaming chat completion holding the whole text (or the whole tool call). */
export function chatJsonBody(scenario: Scenario): string {
  const joined = scenarioPieces(scenario).join('');
  const message =
    scenario.kind === 'text'
      ? `{"role":"assistant","content":${JSON.stringify(joined)}}`
      : `{"role":"assistant","content":null,"tool_calls":[{"id":"call_bench","type":"function","function":{"name":"${TOOL_NAME}","arguments":${JSON.stringify(joined)}}}]}`;
  return (
    `{"id":"chatcmpl-bench","object":"chat.completion","created":1700000000,"model":"bench-model","choices":[{"index":0,` +
    `"message":${message},"finish_reason":"${scenario.kind === 'text' ? 'stop' : 'tool_calls'}"}],` +
    `"usage":{"prompt_tokens":${PROMPT_TOKENS},"completion_tokens":${scenario.deltas},"total_tokens":${PROMPT_TOKENS + scenario.deltas}}}`
  );
}

/** Non-streaming message holding the whole text (or the whole tool_use block). */
export function messagesJsonBody(scenario: Scenario): string {
  const joined = scenarioPieces(scenario).join('');
  const content =
    scenario.kind === 'text'
      ? `{"type":"text","text":${JSON.stringify(joined)}}`
      : `{"type":"tool_use","id":"toolu_bench","name":"${TOOL_NAME}","input":${joined}}`;
  return (
    `{"id":"msg_bench","type":"message","role":"assistant","content":[${content}],"model":"bench-model",` +
    `"stop_reason":"${scenario.kind === 'text' ? 'end_turn' : 'tool_use'}","stop_sequence":null,` +
    `"usage":{"input_tokens":${PROMPT_TOKENS},"output_tokens":${scenario.deltas}}}`
  );
}

export const EMBEDDING_DIMENSIONS = 1536;

/** Deterministic unit-scale values with float32 precision, the same numbers in both encodings. */
export function embeddingValues(count: number, dimensions: number): Float32Array {
  const values = new Float32Array(count * dimensions);
  let seed = 0x2545f491;
  for (let i = 0; i < values.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    // 10 decimals, as the OpenAI-style APIs print them.
    values[i] = Number((((seed >>> 8) / 0x1000000 - 0.5) * 0.1).toFixed(10));
  }
  return values;
}

/**
 * An embedding list for `count` inputs: `float` writes JSON numbers (10 decimals), `base64` the
 * little-endian float32 bytes of the same values.
 */
export function embeddingsJsonBody(count: number, encoding: 'float' | 'base64'): string {
  const values = embeddingValues(count, EMBEDDING_DIMENSIONS);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = values.subarray(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS);
    let embedding: string;
    if (encoding === 'base64') {
      embedding = `"${Buffer.from(row.buffer, row.byteOffset, row.byteLength).toString('base64')}"`;
    } else {
      const numbers: string[] = new Array(row.length);
      for (let j = 0; j < row.length; j++) numbers[j] = row[j].toFixed(10);
      embedding = `[${numbers.join(',')}]`;
    }
    parts.push(`{"object":"embedding","index":${i},"embedding":${embedding}}`);
  }
  return (
    `{"object":"list","data":[${parts.join(',')}],"model":"text-embedding-3-small",` +
    `"usage":{"prompt_tokens":${count * 4},"total_tokens":${count * 4}}}`
  );
}
