import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import {
  createUnigate,
  type UnigateBudgetStore,
  type UnigateChargeEvent,
  type UnigateProviderSettings,
} from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';
import { synthesizeWav } from '../transcription/transcription-fixtures';
import { type Cell, type How, isLanguage, type Kind, type LanguageKind } from './ending-cells';

// What a cell does to a call: a provider over a fresh emulator whose fetch applies the cell's fault, a
// recording budget store, an onCharge list, and the call itself made through the AI SDK as an app makes it.

export const major = Number(aiPackage.version.split('.')[0]);

/** Each kind's model, and the chain's second member (language models only: fallback chains are of those). */
export const MODELS: Record<Kind, readonly [string, string?]> = {
  chat: ['deepseek-chat', 'mistral-large-2411'],
  messages: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
  embedding: ['text-embedding-3-large'],
  image: ['dall-e-3'],
  speech: ['tts-1'],
  transcription: ['whisper-1'],
  video: ['veo-3'],
};

const TOKEN = { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 };
/** One credit per token, character, image; the figures read as counts. */
export const PRICES: UnigateProviderSettings['pricing'] = {
  'deepseek-chat': TOKEN,
  'mistral-large-2411': TOKEN,
  'claude-sonnet-4-5': TOKEN,
  'claude-haiku-4-5': TOKEN,
  'text-embedding-3-large': { inputPerMillionTokens: 1_000_000 },
  'dall-e-3': { perImage: 40 },
  'tts-1': { perMillionCharacters: 1_000_000 },
  'whisper-1': { perMinute: 60 },
  'veo-3': { perVideo: 500 },
};

export const PROMPT = 'Tell me about the sea.';
/** The message of the caller's abort reason. */
export const ABORT_REASON = 'the user gave up';
/** How long a stall cell's stream may be silent before it counts as dropped. */
export const STALL_MS = 100;
export const MAX_OUTPUT = 50;
/** The limit of a budget that admits everything, and of one already spent (the refusal cells). */
const OPEN_LIMIT = 1e9;
const SPENT_LIMIT = 100;

/** What the cell's endpoint was sent, in order (catalog reads and video polls left out). */
export interface SentRequest {
  model: string | undefined;
  body: Record<string, any> | undefined;
  /** A request that continues the previous one of the same model (a resume), not a new model call. */
  continuation: boolean;
}

const ENDPOINTS: Record<Kind, RegExp> = {
  chat: /\/chat\/completions$/,
  messages: /\/messages$/,
  embedding: /\/embeddings$/,
  image: /\/images\/generations$/,
  speech: /\/audio\/speech$/,
  transcription: /\/audio\/transcriptions$/,
  video: /\/videos\/generations$/,
};

/** The prefill a body continues: a final assistant turn (messages), flagged `prefix`/`partial` on chat. */
function continuesPrefill(kind: Kind, body: Record<string, any> | undefined): boolean {
  const last = body?.messages?.at?.(-1);
  if (last?.role !== 'assistant') return false;
  return kind === 'messages' || last.prefix === true || last.partial === true;
}

/** A request is a continuation when the model is the previous request's and it prefills, or asks the same again. */
function isContinuation(kind: Kind, sent: SentRequest[], model: string | undefined, body: SentRequest['body']) {
  const previous = sent.at(-1);
  if (previous === undefined || previous.model !== model) return false;
  return continuesPrefill(kind, body) || JSON.stringify(previous.body?.messages) === JSON.stringify(body?.messages);
}

function errorResponse(kind: Kind, status: number): Response {
  const error = { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: `upstream said ${status}` };
  const body = kind === 'messages' ? { type: 'error', error } : { error };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req-${status}` },
  });
}

/** A content event of either format: a text or tool-input delta. */
function isContentEvent(kind: LanguageKind, event: string): boolean {
  const data = /^data: (.*)$/m.exec(event)?.[1];
  if (data === undefined) return false;
  try {
    const json = JSON.parse(data);
    if (kind === 'messages') return json.type === 'content_block_delta';
    const delta = json.choices?.[0]?.delta;
    return (typeof delta?.content === 'string' && delta.content !== '') || delta?.tool_calls !== undefined;
  } catch {
    return false;
  }
}

const encoder = new TextEncoder();

/** A body that hands out `events` one per pull, then ends as `last` says. */
function eventBody(events: string[], last: (controller: ReadableStreamDefaultController<Uint8Array>) => void) {
  const left = [...events];
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = left.shift();
      if (next === undefined) last(controller);
      else controller.enqueue(encoder.encode(next));
    },
  });
}

/** The emulator's stream cut before its first content event, failing `how` (the marker's ways, before content). */
async function droppedBeforeContent(kind: LanguageKind, response: Response, how: How): Promise<Response> {
  const events = (await response.text()).split(/(?<=\n\n)/);
  const kept = events.slice(
    0,
    events.findIndex(event => isContentEvent(kind, event)),
  );
  if (how === 'overloaded') {
    const error = { type: 'overloaded_error', message: 'Overloaded' };
    kept.push(
      kind === 'messages'
        ? `event: error\ndata: ${JSON.stringify({ type: 'error', error })}\n\n`
        : `data: ${JSON.stringify({ error: { ...error, type: 'server_error' } })}\n\n`,
    );
  }
  if (how === 'broken') kept.push('data: {"choices":[{"delta":{"con\n\n');
  const body = eventBody(kept, controller =>
    how === 'close' ? controller.error(new TypeError('terminated')) : controller.close(),
  );
  return new Response(body, { status: 200, headers: response.headers });
}

/** `base` (default: a store in memory), listing each reservation it granted. */
function recordingStore(base: UnigateBudgetStore = memoryBudgetStore()): {
  store: UnigateBudgetStore;
  reserved: number[];
} {
  const reserved: number[] = [];
  return {
    reserved,
    store: {
      spent: bucket => base.spent(bucket),
      add: (bucket, credits) => base.add(bucket, credits),
      reserve: async (bucket, credits, limit) => {
        const total = await base.reserve!(bucket, credits, limit);
        if (total !== undefined) reserved.push(credits);
        return total;
      },
    },
  };
}

/** Markers the emulator reads from the prompt, by ending. */
function markerOf(cell: Cell): string {
  const { ending, k } = cell;
  if (ending.startsWith('drop-after-')) return `[[emulator:drop:${k}:${ending.slice('drop-after-'.length)}]]`;
  if (ending === 'continuation-failure') return `[[emulator:drop:${k}:close]]`;
  if (ending === 'stall') return `[[emulator:stall:${k}]]`;
  if (!isLanguage(cell.kind)) return ending === 'video-failed' ? '[[emulator:video-fail]]' : '';
  if (ending === 'http-4xx') return '[[emulator:status:400]]';
  if (ending === 'http-5xx') return '[[emulator:status:503]]';
  if (ending === 'stream-error') return '[[emulator:stream-error]]';
  if (ending === 'broken-body') return '[[emulator:truncate]]';
  return '';
}

/**
 * The gateway of one cell and what it recorded; `shared` is a budget store other cells spend too. A
 * socket cell reaches the emulator on a loopback server through the runtime's fetch (undici on Node);
 * `close` stops it.
 */
export async function cellGateway(cell: Cell, shared?: UnigateBudgetStore) {
  const emulator = createUnigateEmulator();
  const server = cell.socket ? await emulator.listen() : undefined;
  const settings = server?.settings ?? emulator.settings;
  const emulatorFetch = settings.fetch ?? fetch;
  const sent: SentRequest[] = [];
  const events: UnigateChargeEvent[] = [];
  const { store, reserved } = recordingStore(shared);
  /** The caller's abort: aborts the call as the cell says, or stops a call that hung. */
  const caller = new AbortController();
  const { kind, ending } = cell;

  const cellFetch: typeof fetch = async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (!ENDPOINTS[kind].test(path)) return emulatorFetch(input, init);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, any>) : undefined;
    const model = typeof body?.model === 'string' ? body.model : MODELS[kind][0];
    const continuation = isContinuation(kind, sent, model, body);
    sent.push({ model, body, continuation });
    const first = sent.length === 1;
    if (ending === 'network' && first) throw new TypeError('fetch failed');
    if (!isLanguage(kind) && (ending === 'http-4xx' || ending === 'http-5xx')) {
      return errorResponse(kind, ending === 'http-4xx' ? 400 : 503);
    }
    if (ending === 'continuation-failure' && continuation) return errorResponse(kind, 500);
    const response = await emulatorFetch(input, init);
    if (ending === 'abort' && (cell.mode === 'generate' || !isLanguage(kind)) && first) {
      // The caller gives up once the request has reached the gateway, as the answer arrives.
      caller.abort(new Error(ABORT_REASON));
      throw caller.signal.reason;
    }
    if (!isLanguage(kind) || !first || response.status !== 200) return response;
    if (ending.startsWith('drop-before-')) {
      return droppedBeforeContent(kind, response, ending.slice('drop-before-'.length) as How);
    }
    return response;
  };

  const gw = createUnigate({
    ...settings,
    fetch: cellFetch,
    pricing: PRICES,
    resume: cell.resume ? 'auto' : 'off',
    onCharge: event => void events.push(event),
    ...(cell.budget && {
      budget: { maxCredits: ending === 'refusal' ? SPENT_LIMIT : OPEN_LIMIT, period: 'total', store },
    }),
  });
  const download = server?.download ?? emulator.download;
  const close = async () => server?.close();
  return { gw, download, close, sent, events, store, reserved, caller, marker: markerOf(cell), preSpent: SPENT_LIMIT };
}

export type CellGateway = Awaited<ReturnType<typeof cellGateway>>;

/** Spends the refusal cells' budget before the call. */
export async function spendBudget(cell: Cell, gateway: CellGateway): Promise<number> {
  if (cell.ending !== 'refusal') return 0;
  await gateway.store.add('total::', gateway.preSpent);
  return gateway.preSpent;
}

/** What the caller saw: the parts of a stream, or the result or error of any other call. */
export interface CallOutcome {
  parts?: Array<{ type: string; [key: string]: any }>;
  result?: any;
  /** What the call threw (for a stream: what reading its parts threw, which must never happen). */
  thrown?: unknown;
  text?: string;
}

/** The AI SDK's function for a kind, under its ai@6 or ai@7 name. */
function sdk(name: string): (options: Record<string, unknown>) => Promise<any> {
  const all = ai as unknown as Record<string, unknown>;
  const found = all[name] ?? all[`experimental_${name}`];
  if (typeof found !== 'function') throw new Error(`ai@${major} has no ${name}`);
  return found as never;
}

/** Runs the cell's call through the AI SDK as an app does. */
export async function callCell(
  cell: Cell,
  gateway: CellGateway,
  telemetry: Record<string, unknown>,
): Promise<CallOutcome> {
  const { gw, caller, marker, download } = gateway;
  const common = { maxRetries: 0, abortSignal: caller.signal, ...telemetry };
  const [first, second] = MODELS[cell.kind];
  const language = () =>
    cell.fallback
      ? gw.fallback([gw[cell.kind as LanguageKind](first), gw[cell.kind as LanguageKind](second!)])
      : gw[cell.kind as LanguageKind](first);
  const prompt = `${PROMPT} ${marker}`.trim();
  if (isLanguage(cell.kind) && cell.mode === 'stream') {
    // A stall counts as a drop once the stream has been silent this long (the default is 2 minutes).
    const providerOptions = cell.ending === 'stall' ? { unigate: { streamIdleMs: STALL_MS } } : undefined;
    const result = ai.streamText({
      providerOptions,
      model: language(),
      prompt,
      maxOutputTokens: MAX_OUTPUT,
      onError: () => {},
      ...common,
    });
    const parts: CallOutcome['parts'] = [];
    let deltas = 0;
    try {
      for await (const part of result.fullStream) {
        parts.push(part as never);
        if (part.type === 'text-delta' && ++deltas === cell.k && cell.ending === 'abort') {
          caller.abort(new Error(ABORT_REASON));
        }
      }
      return { parts, text: parts.flatMap(part => (part.type === 'text-delta' ? [part.text] : [])).join('') };
    } catch (thrown) {
      return { parts, thrown };
    }
  }
  try {
    const result = await (async () => {
      switch (cell.kind) {
        case 'chat':
        case 'messages':
          return ai.generateText({ model: language(), prompt, maxOutputTokens: MAX_OUTPUT, ...common });
        case 'embedding':
          return ai.embed({ model: gw.embedding(first), value: PROMPT, ...common });
        case 'image':
          return sdk('generateImage')({ model: gw.image(first), prompt: PROMPT, ...common });
        case 'speech':
          return sdk('generateSpeech')({ model: gw.speech(first), text: PROMPT, ...common });
        case 'transcription':
          return sdk('transcribe')({ model: gw.transcription(first), audio: synthesizeWav(1, 8_000), ...common });
        case 'video':
          return sdk('generateVideo')({
            model: gw.video(first),
            prompt: `A paper boat ${marker}`.trim(),
            providerOptions: { unigate: { pollIntervalMs: 1 } },
            download,
            ...common,
          });
      }
    })();
    return { result, text: typeof result?.text === 'string' ? result.text : undefined };
  } catch (thrown) {
    return { thrown };
  }
}
