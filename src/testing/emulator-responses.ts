// Response builders shared by the router and every route: JSON, the error shapes
// (docs/errors-and-retries.md#error-body-shapes), and SSE bodies that are produced event by event (never buffered).

import type { SseEnding } from './emulator-faults';

/** The error type the chat-completions style uses for each HTTP status the emulator sends. */
const CHAT_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'auth_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  408: 'timeout_error',
  409: 'conflict_error',
  429: 'rate_limit_error',
  500: 'server_error',
  502: 'server_error',
  503: 'server_error',
};

/** The error type the messages style uses for each HTTP status the emulator sends. */
const MESSAGES_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  408: 'timeout_error',
  409: 'conflict_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
  503: 'api_error',
  529: 'overloaded_error',
};

/**
 * The error type of the image and video endpoints per status. The gateway lists 400, 401, 404, 429 and 500
 * (docs/errors-and-retries.md#error-types-per-status); 403 and 405 follow the other families.
 */
const IMAGE_VIDEO_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'server_error',
};

const ERROR_TYPES: Record<ErrorFamily, Record<number, string>> = {
  chat: CHAT_ERROR_TYPES,
  messages: MESSAGES_ERROR_TYPES,
  'image-video': IMAGE_VIDEO_ERROR_TYPES,
};

/**
 * The three error body shapes (docs/errors-and-retries.md#error-body-shapes): chat style `{error:{type,message,code}}`
 * (chat completions, models, embeddings, speech, transcription), messages style
 * `{type:'error', error:{type,message}}` (`/api/v1/messages`) and image/video style
 * `{error:{type,message}}` (`/images/generations`, `/videos/...`).
 */
export type ErrorFamily = 'chat' | 'messages' | 'image-video';

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonTextResponse(JSON.stringify(body), status, headers);
}

/** A JSON response from body text as is (possibly cut short by `[[emulator:truncate]]`). */
export function jsonTextResponse(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The usual error type of a status in a family, e.g. 401 -> `auth_error` (chat) / `authentication_error`. */
export function defaultErrorType(family: ErrorFamily, status: number): string {
  const table = ERROR_TYPES[family];
  return table[status] ?? (status >= 500 ? table[500]! : table[400]!);
}

/** The error body of a family (see ErrorFamily); `type` defaults to defaultErrorType. */
export function errorBody(family: ErrorFamily, status: number, message: string, type?: string): object {
  const error = { type: type ?? defaultErrorType(family, status), message };
  if (family === 'chat') return { error: { ...error, code: status } };
  return family === 'messages' ? { type: 'error', error } : { error };
}

/** An error response in a family's shape. */
export function errorResponse(
  family: ErrorFamily,
  status: number,
  message: string,
  type?: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(errorBody(family, status, message, type), status, headers);
}

/** One SSE event as sent on the wire: optional `event:` line, one `data:` line, blank line. */
export function sseEvent(data: string, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${data}\n\n`;
}

const encoder = new TextEncoder();

/**
 * A `text/event-stream` response whose body pulls one string at a time from `events` and enqueues it
 * as its own chunk, so a server adapter can write each event as soon as it exists. `delayMs` waits
 * between events (demo pacing and loopback tests that prove chunks are not buffered). `headers` are
 * added to the event-stream ones (e.g. a `request-id`). `ending` says what follows the last event: the body
 * closes (`end`), errors as a dropped connection does (`close`, `[[emulator:drop:<k>:close]]`), or stays
 * open and silent until the client cancels it (`stall`, `[[emulator:stall:<k>]]`).
 */
export function sseResponse(
  events: Iterable<string>,
  delayMs = 0,
  headers: Record<string, string> = {},
  ending: SseEnding = 'end',
): Response {
  const iterator = events[Symbol.iterator]();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!first && delayMs > 0) await new Promise(resolve => setTimeout(resolve, delayMs));
      first = false;
      const next = iterator.next();
      if (!next.done) return controller.enqueue(encoder.encode(next.value));
      if (ending === 'end') return controller.close();
      if (ending === 'close') return controller.error(new TypeError('terminated: the emulator dropped the connection'));
      // A stall: this pull never settles, so none follows; the body waits, open, for its cancel.
      return new Promise<void>(() => {});
    },
    cancel() {
      iterator.return?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers },
  });
}
