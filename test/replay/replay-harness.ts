/// <reference types="vite/client" />
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { http, HttpResponse } from 'msw';
import { createUnigate } from '../../src';
import { createMockFetch } from '../helpers/mock-fetch';
import { API_KEY, SITE_URL, sseResponse } from '../helpers/test-kit';

// Replays the vendored recordings (fixtures/README.md) through this package and the official provider
// for the recording's wire shape, and reduces each call to what the two are compared on.

/** Which official provider reads a recording: by the folder it was vendored into. */
export type Official = 'openai' | 'openai-compatible' | 'anthropic';

/** One vendored recording. */
export interface Recording {
  /** `<folder>/<file name>`, the key of the known-disagreement table. */
  name: string;
  /** The AI SDK package it was recorded for (its folder here). */
  vendor: string;
  /** `chunks`: one SSE data payload a line (`.chunks.txt`), or a raw SSE body (`.sse`); `json`: a whole response. */
  kind: 'chunks' | 'sse' | 'json';
  shape: 'chat' | 'messages';
  official: Official;
  text: string;
}

// Read at import, as strings, by Vite: no node:fs, so the edge-runtime lane reads them too.
const files = import.meta.glob<string>('./fixtures/*/*.{txt,json,sse}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * A folder's wire shape: `anthropic` folders and `-messages` ones (another upstream's messages endpoint)
 * hold messages traffic, every other folder chat completions.
 */
function shapeOf(vendor: string): Recording['shape'] {
  const family = vendor.replace(/^pydantic-ai\./, '');
  return family === 'anthropic' || family.endsWith('-messages') ? 'messages' : 'chat';
}

function officialFor(vendor: string): Official {
  if (shapeOf(vendor) === 'messages') return 'anthropic';
  // @ai-sdk/azure's chat model is @ai-sdk/openai's.
  const family = vendor.replace(/^pydantic-ai\./, '');
  if (family === 'openai' || family === 'azure') return 'openai';
  return 'openai-compatible';
}

/**
 * Every recording, one replay each. A messages `.chunks.txt` that holds several streams one after another
 * (a multi-step call recorded as one file: each stream ends at `message_stop`) is one replay per stream,
 * named `<file>#<n>`, as an upstream sends each in its own response.
 */
export const recordings: Recording[] = Object.entries(files)
  .flatMap(([path, text]) => {
    const [vendor, file] = path.replace('./fixtures/', '').split('/');
    const kind = file.endsWith('.chunks.txt') ? 'chunks' : file.endsWith('.sse') ? 'sse' : 'json';
    const shape = shapeOf(vendor);
    const recording = { name: `${vendor}/${file}`, vendor, kind, shape, official: officialFor(vendor), text } as const;
    const streams = kind === 'chunks' && shape === 'messages' ? splitAtMessageStop(text) : [text];
    return streams.length === 1
      ? [recording]
      : streams.map((stream, n) => ({ ...recording, name: `${recording.name}#${n + 1}`, text: stream }));
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/** The vendored files (a file of several streams counts once). */
export const fileCount = Object.keys(files).length;

function splitAtMessageStop(text: string): string[] {
  const streams: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    current.push(line);
    if (line.includes('"type":"message_stop"')) {
      streams.push(current.join('\n'));
      current = [];
    }
  }
  if (current.length > 0) streams.push(current.join('\n'));
  return streams;
}

const byName = new Map(recordings.map(recording => [recording.name, recording]));

/** The recording as its upstream sent it: chat chunks end with `[DONE]`, messages events are named. */
function serve(recording: Recording): Response {
  if (recording.kind === 'json') {
    const body: unknown = JSON.parse(recording.text);
    // A recorded status is in the name (`.http-429.json`); else an `{ "error": ... }` body is a 400.
    const recorded = /\.http-(\d{3})\./.exec(recording.name)?.[1];
    const failed = typeof body === 'object' && body !== null && 'error' in body;
    const status = recorded === undefined ? (failed ? 400 : 200) : Number(recorded);
    return HttpResponse.json(body as Record<string, unknown>, { status });
  }
  if (recording.kind === 'sse') return sseResponse([recording.text]);
  const lines = recording.text.split('\n').filter(line => line.trim() !== '');
  // One body piece: the SSE readers take any chunking, and thousands of pieces would only slow the corpus.
  if (recording.shape === 'chat')
    return sseResponse([`${lines.map(line => `data: ${line}\n\n`).join('')}data: [DONE]\n\n`]);
  return sseResponse([
    lines.map(line => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`).join(''),
  ]);
}

const FIXTURE_HEADER = 'x-replay-fixture';

// One fetch for every provider: the recording named by the call's header answers any model endpoint.
const { fetch } = createMockFetch(
  http.post(/\/(chat\/completions|messages)$/, ({ request }) => {
    const recording = byName.get(request.headers.get(FIXTURE_HEADER) ?? '');
    return recording === undefined
      ? HttpResponse.json({ error: 'no such recording' }, { status: 404 })
      : serve(recording);
  }),
  http.get(/.*/, () => HttpResponse.json({ error: 'not recorded' }, { status: 404 })),
);

const OFFICIAL_URL = 'https://official.test/v1';
const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch });
const models = {
  ours: { chat: gw.chat('gpt-4o'), messages: gw.messages('claude-sonnet-4-5') },
  openai: createOpenAI({ apiKey: API_KEY, baseURL: OFFICIAL_URL, fetch }).chat('gpt-4o'),
  'openai-compatible': createOpenAICompatible({
    name: 'replay',
    apiKey: API_KEY,
    baseURL: OFFICIAL_URL,
    fetch,
    includeUsage: true,
  }).chatModel('model'),
  anthropic: createAnthropic({ apiKey: API_KEY, baseURL: OFFICIAL_URL, fetch })('claude-sonnet-4-5'),
};

/** What a call gave the caller, reduced to what the comparison reads. */
export interface Outcome {
  text: string;
  reasoning: string;
  /** Calls the caller runs (calls the upstream ran itself, `providerExecuted`, are left out). */
  toolCalls: Array<{ toolName: string; input: unknown }>;
  finishReason: string | undefined;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  /** The first error, as `Name: message`; the comparison reads only whether there was one. */
  error: string | undefined;
}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `non-Error: ${JSON.stringify(error)}`;

interface CallPart {
  type: string;
  toolName?: string;
  input?: unknown;
  providerExecuted?: boolean;
}
const clientCalls = (parts: readonly CallPart[]) =>
  parts
    .filter(part => part.type === 'tool-call' && part.providerExecuted !== true)
    .map(part => ({ toolName: part.toolName ?? '', input: part.input }));

async function generate(recording: Recording, side: 'ours' | 'official'): Promise<Outcome> {
  const model = side === 'ours' ? models.ours[recording.shape] : models[recording.official];
  const options = { model, prompt: 'Replay', maxRetries: 0, headers: { [FIXTURE_HEADER]: recording.name } };
  if (recording.kind === 'json') {
    try {
      const result = await generateText(options);
      return {
        text: result.text,
        reasoning: result.reasoningText ?? '',
        toolCalls: clientCalls(result.content),
        finishReason: result.finishReason,
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        error: undefined,
      };
    } catch (error) {
      return { ...empty(), error: describeError(error) };
    }
  }
  const outcome = empty();
  const parts: CallPart[] = [];
  for await (const part of streamText({ ...options, onError: () => {} }).fullStream) {
    parts.push(part);
    if (part.type === 'text-delta') outcome.text += part.text;
    else if (part.type === 'reasoning-delta') outcome.reasoning += part.text;
    else if (part.type === 'error') outcome.error ??= describeError(part.error);
    else if (part.type === 'finish') {
      outcome.finishReason = part.finishReason;
      outcome.inputTokens = part.totalUsage.inputTokens;
      outcome.outputTokens = part.totalUsage.outputTokens;
    }
  }
  outcome.toolCalls = clientCalls(parts);
  return outcome;
}

function empty(): Outcome {
  return {
    text: '',
    reasoning: '',
    toolCalls: [],
    finishReason: undefined,
    inputTokens: undefined,
    outputTokens: undefined,
    error: undefined,
  };
}

/** The recording through this package's model for its shape, and through the official provider. */
export async function replay(recording: Recording): Promise<{ ours: Outcome; official: Outcome }> {
  const [ours, official] = await Promise.all([generate(recording, 'ours'), generate(recording, 'official')]);
  return { ours, official };
}

/** The compared fields, in the order differences are listed. */
export const FIELDS: ReadonlyArray<keyof Outcome> = [
  'text',
  'reasoning',
  'toolCalls',
  'finishReason',
  'inputTokens',
  'outputTokens',
  'error',
];

/** The compared fields on which the two outcomes differ (an error counts by its presence only). */
export function differences(ours: Outcome, official: Outcome): Array<keyof Outcome> {
  // Both failed: what reached the caller before the error is compared, not the failed finish's usage.
  const bothFailed = ours.error !== undefined && official.error !== undefined;
  return FIELDS.filter(field => {
    if (field === 'error') return (ours.error === undefined) !== (official.error === undefined);
    if (bothFailed && (field === 'finishReason' || field === 'inputTokens' || field === 'outputTokens')) return false;
    return JSON.stringify(ours[field]) !== JSON.stringify(official[field]);
  });
}
