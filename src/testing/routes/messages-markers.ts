/**
 * Fault and behaviour markers of the emulator's messages endpoint. A marker is written anywhere in the
 * text of the LAST user turn (string content or a text block); it is stripped from the text the
 * emulator echoes back. Markers act only on a request that passed validation.
 *
 * - `[[emulator:status:NNN]]` (NNN in 400..599): answer HTTP NNN with the messages error body
 *   `{type:'error', error:{type, message}}`; 500/503 (and other 5xx) -> `api_error`, 529 -> `overloaded_error`,
 *   429 -> `rate_limit_error`, 401 -> `authentication_error`, 403 -> `permission_error`,
 *   404 -> `not_found_error`, 413 -> `request_too_large`, other 4xx -> `invalid_request_error`.
 * - `[[emulator:stream-error]]`: with `stream: true`, after the first `content_block_delta` the stream sends
 *   `event: error` / `data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}` and ends.
 *   Without streaming it has no effect.
 * - `[[emulator:truncate]]`: with `stream: true`, after the first `content_block_delta` the body ends in the
 *   middle of the next event's `data:` JSON line. Without streaming the HTTP-200 JSON body is cut in half.
 * - `[[emulator:redacted-thinking]]`: with thinking enabled, the answer carries a `redacted_thinking` block
 *   instead of the `thinking` block.
 * - `[[emulator:parallel-tools]]`: when the answer uses tools and `tool_choice` is not `{type:'tool'}`, call every
 *   offered tool in one turn (one `tool_use` block each), unless `disable_parallel_tool_use` is true.
 */
export interface MessagesMarkers {
  status?: number;
  streamError: boolean;
  truncate: boolean;
  redactedThinking: boolean;
  parallelTools: boolean;
}

const STATUS_MARKER = /\[\[emulator:status:(\d{3})\]\]/;
const ANY_MARKER = /\[\[emulator:[a-z0-9:-]+\]\]/g;

/** Reads the markers out of the last user turn's text. */
export function readMarkers(text: string): MessagesMarkers {
  const status = STATUS_MARKER.exec(text);
  const code = status ? Number(status[1]) : undefined;
  return {
    status: code !== undefined && code >= 400 && code <= 599 ? code : undefined,
    streamError: text.includes('[[emulator:stream-error]]'),
    truncate: text.includes('[[emulator:truncate]]'),
    redactedThinking: text.includes('[[emulator:redacted-thinking]]'),
    parallelTools: text.includes('[[emulator:parallel-tools]]'),
  };
}

/** The text without markers, whitespace collapsed: what the emulator echoes. */
export function stripMarkers(text: string): string {
  return text.replace(ANY_MARKER, ' ').replace(/\s+/g, ' ').trim();
}

/** The messages error type for an HTTP status. */
export function errorTypeForStatus(status: number): string {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}
