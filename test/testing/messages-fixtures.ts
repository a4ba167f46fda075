// Shared set-up of the messages-route tests: an emulator over a small catalog, request/response helpers.

import {
  createUnigateEmulator,
  type UnigateEmulatorModel as EmulatorModel,
  type UnigateEmulatorOptions,
} from '../../src/testing/index';

function chatModel(id: string): EmulatorModel {
  return {
    id,
    provider: 'anthropic',
    type: 'chat',
    inputPrice: 1,
    outputPrice: 5,
    isNew: false,
    created: 1_700_000_000,
  };
}

/** Chat models, one of them denied by testEmulator, and one non-chat model. */
const TEST_MODELS: EmulatorModel[] = [
  chatModel('claude-sonnet-4-5'),
  chatModel('claude-3-5-haiku'),
  chatModel('claude-opus-4-1'),
  {
    id: 'tts-1',
    provider: 'openai',
    type: 'audio',
    inputPrice: 3.75,
    outputPrice: 0,
    isNew: false,
    created: 1_700_000_000,
  },
];

/** An emulator over TEST_MODELS that denies claude-opus-4-1, at a fixed clock; `options` override. */
export function testEmulator(options: UnigateEmulatorOptions = {}) {
  return createUnigateEmulator({
    models: TEST_MODELS,
    deniedModels: ['claude-opus-4-1'],
    now: () => Date.UTC(2025, 0, 1),
    ...options,
  });
}

const emulator = testEmulator();

export const MESSAGES_URL = 'http://unigate.emulator/api/v1/messages';

/** Headers the messages endpoint expects. */
export const MESSAGES_HEADERS = {
  'x-api-key': 'sk-unigate-test',
  'anthropic-version': '2023-06-01',
  'content-type': 'application/json',
};

/** Sends a request to the messages endpoint. `headers` entries set to undefined are removed. */
export function callRoute(body: unknown, headers: Record<string, string | undefined> = {}): Promise<Response> {
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...MESSAGES_HEADERS, ...headers })) {
    if (value !== undefined) merged[key] = value;
  }
  return emulator.handler(
    new Request(MESSAGES_URL, {
      method: 'POST',
      headers: merged,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** Calls the route and returns the status and parsed JSON body. */
export async function post(body: unknown, headers?: Record<string, string | undefined>) {
  const response = await callRoute(body, headers);
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
}

/** A minimal valid request, with `extra` fields merged in. */
export function request(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'claude-sonnet-4-5', max_tokens: 256, messages: [{ role: 'user', content: text }], ...extra };
}

export interface ParsedEvent {
  event: string;
  data: any;
}

/** Splits a complete SSE body into events; every event must have exactly an `event:` and a `data:` line. */
export function parseSse(text: string): ParsedEvent[] {
  if (!text.endsWith('\n\n'))
    throw new Error(`SSE body does not end with a blank line: ${JSON.stringify(text.slice(-40))}`);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map(block => {
      const lines = block.split('\n');
      if (lines.length !== 2 || !lines[0]!.startsWith('event: ') || !lines[1]!.startsWith('data: ')) {
        throw new Error(`Malformed SSE event: ${JSON.stringify(block)}`);
      }
      return { event: lines[0]!.slice('event: '.length), data: JSON.parse(lines[1]!.slice('data: '.length)) };
    });
}

/** Reads a streamed body chunk by chunk, as the client receives it. */
export async function readChunks(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(decoder.decode(value));
  }
}

/** A 1x1 PNG, base64. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A weather tool and a second tool, as the messages format defines them. */
export const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather of a city',
  input_schema: {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 2 },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city'],
  },
};

export const TIME_TOOL = {
  name: 'get_time',
  description: 'Current time in a time zone',
  input_schema: {
    type: 'object',
    properties: { zone: { type: 'string' }, precise: { type: 'boolean' } },
    required: ['zone'],
  },
};
