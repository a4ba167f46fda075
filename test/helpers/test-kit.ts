import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { expect } from 'vitest';
import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType, type RequestHandler } from 'msw';
import { createUnigate, type UnigateProvider, type UnigateProviderSettings } from '../../src';
import { createMockFetch } from './mock-fetch';

// The kit every wire format's tests share; the format kits add only their URLs, bodies and events.

export const API_KEY = 'sk-unigate-test-key-0123456789';
export const SITE_URL = 'https://gw.test';

/** A provider over msw handlers; `requests` records what it sent. */
export function setup(handlers: RequestHandler[], settings: UnigateProviderSettings = {}) {
  const { fetch, requests } = createMockFetch(...handlers);
  const gw = createUnigate({ apiKey: API_KEY, siteURL: SITE_URL, fetch, ...settings });
  return { gw, requests, fetch };
}

/**
 * The setups of one wire format: each also returns the format's `model`, and the shorthands answer
 * every POST to `url` the same way.
 */
export function wireFormat<MODEL>(url: string, modelOf: (gw: UnigateProvider) => MODEL) {
  const withModel = (handlers: RequestHandler[], settings?: UnigateProviderSettings) => {
    const kit = setup(handlers, settings);
    return { ...kit, model: modelOf(kit.gw) };
  };
  return {
    setup: withModel,
    /** Every call is answered by `resolver`. */
    answeringWith: (resolver: HttpResponseResolver, settings?: UnigateProviderSettings) =>
      withModel([http.post(url, resolver)], settings),
    /** Every call is answered with this JSON body. */
    answering: (json: unknown, init?: ResponseInit) =>
      withModel([http.post(url, () => HttpResponse.json(json as JsonBodyType, init))]),
    /** Every call streams these raw SSE chunks, boundaries exactly as given. */
    streaming: (chunks: Array<string | Uint8Array>, init?: ResponseInit) =>
      withModel([http.post(url, () => sseResponse(chunks, init))]),
  };
}

/** An SSE body from raw chunks, each enqueued separately, so tests control chunk boundaries. */
export function sseResponse(chunks: Array<string | Uint8Array>, init: ResponseInit = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    ...init,
    headers: { 'content-type': 'text/event-stream', ...(init.headers as Record<string, string> | undefined) },
  });
}

/** An SSE body that gives `chunks`, one per pull, then fails as a dropped connection does (the body errors). */
export function droppedConnectionResponse(chunks: readonly string[]): Response {
  const encoder = new TextEncoder();
  const left = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = left.shift();
      if (chunk === undefined) controller.error(new TypeError('terminated'));
      else controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** Reads a stream to the end (a V3 model's parts unless told otherwise: a V4 model's, say). */
export async function readAll<PART = LanguageModelV3StreamPart>(stream: ReadableStream<PART>): Promise<PART[]> {
  const parts: PART[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

/**
 * The error a call fails with. A call that succeeds fails the test, so an assertion on the error can
 * never pass by accident. Typed `any` because each test checks the error's kind itself.
 */
export async function failure(call: PromiseLike<unknown>): Promise<any> {
  return Promise.resolve(call).then(
    () => {
      throw new Error('expected the call to fail, but it succeeded');
    },
    (error: unknown) => error,
  );
}

/** The error of a call the budget refused: an `APICallError` of kind `budget`; anything else fails the test. */
export async function budgetRefusal(call: PromiseLike<unknown>): Promise<APICallError> {
  const error: unknown = await failure(call);
  if (!APICallError.isInstance(error)) throw new Error(`expected an APICallError, got ${String(error)}`);
  expect(error.data).toMatchObject({ kind: 'budget' });
  return error;
}

/** The error a synchronous call throws; a call that returns fails the test. */
export function thrown(call: () => unknown): any {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}
