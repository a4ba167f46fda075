// The fault suite: every model kind against a hostile or broken gateway on loopback, through Node's real
// fetch (so redirects behave as they do for users). It proves four things on each kind:
// - no request reaches another origin when the gateway redirects there (the key, headers, body stay home);
// - no error carries the key, however much of it the gateway echoes, nor does anything a fallback chain
//   hands over when another provider's member, given the same key, echoes it;
// - a stalled catalog never delays a result, and every stall ends when the caller aborts;
// - a broken body ends the call with an error or a result, never a hang.
// Figures for the closing note are printed at the end ("fault suite: ...").
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnigate, unigateError, type UnigateProviderSettings } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { startNodeServer, type NodeServerHandle } from '../../src/testing/node-server';
import { FAULT_KINDS, type CallResult, type FaultKind } from './fault-kinds';

const KEY = 'sk-fault-suite-0123456789abcdef';
const CUSTOM_HEADER = { 'x-team': 'search-team-secret' };
/** The price wait of the suite's calls (the priceWaitMs setting): a result may wait this long for its price. */
const PRICE_WAIT_MS = 100;
/**
 * How long past its price wait a call may take to return after its API response. Over 5 times the most a
 * loaded machine took (46 ms), so only a call held by something other than its price wait misses it.
 */
const PAST_PRICE_WAIT_MS = 250;
/** How long after an abort a stalled call may take to end (a timer's lateness on a busy machine included). */
const AFTER_ABORT_MS = 250;
/** A broken body must end the call within this; a hang would run into the test's own timeout. */
const SETTLE_MS = 2_000;

type Fault = (request: Request, forward: () => Promise<Response>) => Promise<Response>;
interface ForeignRequest {
  url: string;
  headers: Record<string, string>;
  bodyBytes: number;
}

const figures = {
  foreignRequests: 0,
  keyOccurrences: 0,
  pricingHeld: 0,
  slowestAfterResponseMs: 0,
  slowestAfterAbortMs: 0,
};
const emulator = createUnigateEmulator({ apiKey: KEY });
let fault: Fault = (_request, forward) => forward();
/** `performance.now()` when the last API (non-catalog) response body was fully sent. */
let apiDoneAt = 0;
const foreign: ForeignRequest[] = [];
let gateway: NodeServerHandle;
let other: NodeServerHandle;
/** Resolved when the suite ends, so stalled answers let go of their sockets. */
let release!: () => void;
const released = new Promise<void>(resolve => (release = resolve));

/** `response` with its body's end observed: `onDone` runs once the last byte is handed over. */
function observed(response: Response, onDone: () => void): Response {
  if (response.body === null) {
    onDone();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        onDone();
        controller.close();
      } else controller.enqueue(value);
    },
    cancel: reason => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

const isCatalog = (request: Request) => new URL(request.url).pathname === '/api/public/models';

beforeAll(async () => {
  gateway = await startNodeServer(async request => {
    const forward = async () => {
      const response = await emulator.handler(request);
      return isCatalog(request) ? response : observed(response, () => (apiDoneAt = performance.now()));
    };
    return fault(request, forward);
  });
  other = await startNodeServer(async request => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? 0 : (await request.arrayBuffer()).byteLength;
    foreign.push({ url: request.url, headers: Object.fromEntries(request.headers), bodyBytes: body });
    return Response.json({ collected: true });
  });
});

afterAll(async () => {
  release();
  await Promise.all([gateway?.close(), other?.close()]);
  console.log(
    `fault suite: ${figures.foreignRequests} requests reached a foreign origin; ${figures.keyOccurrences} occurrences of the key in errors; ` +
      `${figures.pricingHeld} calls held past their API response by more than the price wait; slowest return after the API response ` +
      `${figures.slowestAfterResponseMs.toFixed(1)} ms; slowest end after an abort ${figures.slowestAfterAbortMs.toFixed(1)} ms`,
  );
});

function provider(settings: Partial<UnigateProviderSettings> = {}) {
  return createUnigate({
    apiKey: KEY,
    siteURL: gateway.url,
    baseURL: `${gateway.url}/v1`,
    altBaseURL: `${gateway.url}/alt/v1`,
    headers: CUSTOM_HEADER,
    ...settings,
  });
}

const path = (request: Request) => new URL(request.url).pathname;

/** The call's outcome, with when it ended. */
async function outcome(kind: FaultKind, settings?: Partial<UnigateProviderSettings>, abortSignal?: AbortSignal) {
  try {
    const result: CallResult = await kind.run(provider(settings), abortSignal);
    return { ok: true as const, result, endedAt: result.finishedAt };
  } catch (error) {
    return { ok: false as const, error, endedAt: performance.now() };
  }
}

/** Every string reachable from an error: message, stack, cause chain, data, body, headers, job objects. */
function strings(value: unknown, seen = new Set<unknown>(), depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || seen.has(value) || depth > 8) return [];
  seen.add(value);
  const out: string[] = [];
  if (value instanceof Error) out.push(String(value), value.stack ?? '');
  if (value instanceof Headers) value.forEach((v, k) => out.push(k, v));
  for (const name of Object.getOwnPropertyNames(value)) {
    let property: unknown;
    try {
      property = (value as Record<string, unknown>)[name];
    } catch {
      continue;
    }
    if (typeof property !== 'function') out.push(...strings(property, seen, depth + 1));
  }
  return out;
}

const keyCount = (error: unknown) =>
  strings(error).reduce(
    (count, text) => count + text.split(KEY).length - 1 + text.split(encodeURIComponent(KEY)).length - 1,
    0,
  );

describe.each(FAULT_KINDS.map(kind => [kind.name, kind] as const))('%s', (_name, kind) => {
  it.each([301, 302, 303, 307, 308])(
    'a %i to another origin fails naming that origin, and nothing reaches it',
    async status => {
      foreign.length = 0;
      const target = `${other.url}/collect?token=leaked`;
      fault = async (request, forward) =>
        path(request).startsWith(kind.path) ? new Response(null, { status, headers: { location: target } }) : forward();
      const result = await outcome(kind);
      figures.foreignRequests += foreign.length;
      expect(foreign).toEqual([]);
      expect(result.ok).toBe(false);
      const message = (result as { error: Error }).error.message;
      expect(message).toContain(other.url);
      expect(message).toContain(String(status));
      expect(message).not.toContain('token=leaked');
    },
  );

  it.each([400, 401, 403, 404, 429, 500])(
    'an error answer (%i) that echoes the key everywhere carries no key',
    async status => {
      const echo = `key ${KEY}, Bearer ${KEY}, url-encoded ${encodeURIComponent(KEY)}`;
      fault = async (request, forward) => {
        if (!path(request).startsWith(kind.path)) return forward();
        const body =
          kind.path === '/api/v1/messages'
            ? { type: 'error', error: { type: 'invalid_request_error', message: echo } }
            : { error: { type: 'invalid_request_error', message: echo, code: status, param: KEY } };
        return Response.json(body, { status, headers: { 'x-echo': KEY, 'www-authenticate': `Bearer ${KEY}` } });
      };
      const result = await outcome(kind);
      expect(result.ok).toBe(false);
      const found = keyCount((result as { error: unknown }).error);
      figures.keyOccurrences += found;
      expect(found).toBe(0);
    },
  );

  it('a body that is not what the endpoint sends echoing the key carries no key', async () => {
    fault = async (request, forward) =>
      path(request).startsWith(kind.path)
        ? new Response(`{"unexpected": "${KEY}", "Bearer": "Bearer ${KEY}"}`, {
            status: 200,
            headers: { 'content-type': kind.stream ? 'text/event-stream' : 'application/json', 'x-echo': KEY },
          })
        : forward();
    const result = await outcome(kind);
    // No kind takes this body for an answer: a stream without a single event is no answer either.
    expect(result.ok).toBe(false);
    const { error } = result as { error: Error };
    if (kind.stream) expect(error.message).toContain('a stream that delivered no event is not an answer');
    const found = keyCount(error);
    figures.keyOccurrences += found;
    expect(found).toBe(0);
  });

  if (kind.priced) {
    it('a catalog that never answers holds the result back by at most priceWaitMs', async () => {
      fault = async (request, forward) => (isCatalog(request) ? released.then(() => new Response('{}')) : forward());
      const result = await outcome(kind, { pricing: 'catalog', priceWaitMs: PRICE_WAIT_MS });
      expect(result.ok ? '' : String((result as { error: unknown }).error)).toBe('');
      const lag = result.endedAt - apiDoneAt;
      figures.slowestAfterResponseMs = Math.max(figures.slowestAfterResponseMs, lag);
      if (lag >= PRICE_WAIT_MS + PAST_PRICE_WAIT_MS) figures.pricingHeld++;
      expect(lag).toBeLessThan(PRICE_WAIT_MS + PAST_PRICE_WAIT_MS);
    });
  }

  it.each([
    [
      'headers never sent',
      (_request: Request, _forward: () => Promise<Response>) => released.then(() => new Response('{}')),
    ],
    [
      'the body stalling after its first bytes',
      async (_request: Request, forward: () => Promise<Response>) => {
        const response = await forward();
        const reader = response.body!.getReader();
        let first = true;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (!first) return released;
            first = false;
            const { done, value } = await reader.read();
            if (done) return released;
            controller.enqueue(value.subarray(0, Math.max(1, Math.floor(value.length / 2))));
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      },
    ],
  ] as const)('%s ends when the caller aborts', async (_label, stall) => {
    fault = async (request, forward) => (path(request).startsWith(kind.path) ? stall(request, forward) : forward());
    const controller = new AbortController();
    let abortedAt = Number.POSITIVE_INFINITY;
    setTimeout(() => {
      abortedAt = performance.now();
      controller.abort();
    }, 50);
    const result = await outcome(kind, {}, controller.signal);
    expect(result.ok).toBe(false);
    const lag = result.endedAt - abortedAt;
    figures.slowestAfterAbortMs = Math.max(figures.slowestAfterAbortMs, lag);
    expect(lag).toBeLessThan(AFTER_ABORT_MS);
  });

  it('a body cut off mid-way ends the call, never hangs', async () => {
    fault = async (request, forward) => {
      if (!path(request).startsWith(kind.path)) return forward();
      const response = await forward();
      const bytes = new Uint8Array(await response.arrayBuffer());
      return new Response(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), {
        status: response.status,
        headers: response.headers,
      });
    };
    const started = performance.now();
    await outcome(kind);
    expect(performance.now() - started).toBeLessThan(SETTLE_MS);
  });
});

// gw.fallback with @ai-sdk/openai-compatible members aimed at the same gateway with the same key (as the
// demo does), each echoing the key its own way: an HTTP error, an error object in an HTTP-200 answer (an
// SSE event when streaming), a fetch that throws. Whichever member answers or fails last, nothing the
// chain hands over (attempts, warnings, metadata, the error) carries the key.
describe("a fallback chain whose other provider's members echo the key", () => {
  const echo = `key ${KEY}, Bearer ${KEY}, url-encoded ${encodeURIComponent(KEY)}`;
  const ECHOES: Record<string, (stream: boolean) => Response> = {
    'echo-status': () =>
      Response.json(
        { error: { type: 'server_error', message: echo, param: KEY } },
        { status: 500, headers: { 'x-echo': KEY, 'www-authenticate': `Bearer ${KEY}` } },
      ),
    'echo-in-stream': stream =>
      stream
        ? new Response(`data: ${JSON.stringify({ error: { type: 'server_error', message: echo, param: KEY } })}\n\n`, {
            headers: { 'content-type': 'text/event-stream', 'x-echo': KEY },
          })
        : Response.json({ error: { type: 'server_error', message: echo, param: KEY } }, { headers: { 'x-echo': KEY } }),
  };
  const members = ['echo-status', 'echo-in-stream', 'echo-thrown'];

  function chain(answering: boolean) {
    fault = async (request, forward) => {
      if (request.method !== 'POST' || path(request) !== '/v1/chat/completions') return forward();
      const body = (await request.clone().json()) as { model: string; stream?: boolean };
      return ECHOES[body.model]?.(body.stream === true) ?? forward();
    };
    const compat = createOpenAICompatible({
      name: 'compat',
      baseURL: `${gateway.url}/v1`,
      apiKey: KEY,
      fetch: async (input, init) => {
        if (typeof init?.body === 'string' && init.body.includes('"echo-thrown"'))
          throw new TypeError(`fetch failed: ${echo}`);
        return fetch(input, init);
      },
    });
    const gw = provider();
    return gw.fallback([...members.map(id => compat(id)), ...(answering ? ['gpt-4o-mini'] : [])]);
  }

  /** Counts the key in `value`, adds it to the suite's figure. */
  const leaks = (value: unknown) => {
    const found = keyCount(value);
    figures.keyOccurrences += found;
    return found;
  };

  it('a later member answers: the attempts, warnings and metadata of generateText and streamText', async () => {
    const generated = await generateText({ model: chain(true), prompt: 'Hi', maxRetries: 0 });
    const parts: unknown[] = [];
    const streamed = streamText({ model: chain(true), prompt: 'Hi', maxRetries: 0, onError: () => {} });
    for await (const part of streamed.fullStream) parts.push(part);
    for (const metadata of [generated.providerMetadata, await streamed.providerMetadata]) {
      const attempts = (metadata?.unigate?.fallback as { attempts: Array<{ modelId: string }> }).attempts;
      expect(attempts.map(attempt => attempt.modelId)).toEqual(members);
    }
    expect(
      leaks({ metadata: generated.providerMetadata, warnings: generated.warnings, response: generated.response }),
    ).toBe(0);
    expect(leaks({ parts, warnings: await streamed.warnings })).toBe(0);
  });

  it('every member fails: the final error of generateText and streamText, with its attempts', async () => {
    const error = await generateText({ model: chain(false), prompt: 'Hi', maxRetries: 0 }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const errors: unknown[] = [];
    const streamed = streamText({ model: chain(false), prompt: 'Hi', maxRetries: 0, onError: () => {} });
    for await (const part of streamed.fullStream) if (part.type === 'error') errors.push(part.error);
    expect(errors).toHaveLength(1);
    for (const caught of [error, errors[0]]) {
      const data = unigateError(caught) as { kind?: string; fallback?: { attempts: unknown[] } } | undefined;
      // The last member's fetch throws: a failed connection, `network`.
      expect(data?.kind).toBe('network');
      expect(data?.fallback?.attempts).toHaveLength(members.length);
      expect(leaks(caught)).toBe(0);
    }
  });
});
