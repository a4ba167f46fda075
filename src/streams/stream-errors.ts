import { type APICallError, InvalidResponseDataError } from '@ai-sdk/provider';
import { errorMessage } from '../checks/values';
import {
  type ConnectionFailureKind,
  connectionFailureOf,
  createConnectionError,
  createInBandError,
} from '../errors/gateway-error';

/** The request a stream answers, for the errors built from error objects inside it. */
export interface StreamRequestContext {
  url: string;
  requestBodyValues: unknown;
  /** Redacted from error messages and bodies. */
  secret: string | undefined;
}

/** The wire format a stream speaks; every stream error names it. */
export type StreamFormat = 'chat' | 'messages';

// Enough of a chunk to recognise it; a chunk may be megabytes of tool arguments.
const PREVIEW_CHARS = 300;

/** A JSON value's kind as error messages name it: `null`, `array`, `missing`, or its `typeof`. */
export function kind(value: unknown): string {
  if (value === undefined) return 'missing';
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The one wording of a type mismatch: `<path> is <kind>, not <expected>`. */
export function notA(path: string, value: unknown, expected: string): string {
  return `${path} is ${kind(value)}, not ${expected}`;
}

/**
 * The error for a stream the provider cannot map: `Unigate <format> stream: <problem>. Chunk: <preview>`,
 * without the chunk when there is none (`data` empty: the body ended). Thrown from a stream handler;
 * the SSE reader turns it into an error part and a `finish` with reason `error`.
 */
export function malformed(format: StreamFormat, problem: string, data: string): InvalidResponseDataError {
  const preview = data.length > PREVIEW_CHARS ? `${data.slice(0, PREVIEW_CHARS)}...` : data;
  const chunk = data === '' ? '' : ` Chunk: ${preview}`;
  return new InvalidResponseDataError({ data, message: `Unigate ${format} stream: ${problem}.${chunk}` });
}

/**
 * The error for a 200 stream whose body ended before a single `data:` event: nothing was answered, so
 * this is a failure, never a successful empty answer. Thrown from a stream handler's `end`.
 */
export function noEvent(format: StreamFormat): InvalidResponseDataError {
  return malformed(
    format,
    'the body ended without a single event: a stream that delivered no event is not an answer',
    '',
  );
}

/**
 * The error for an error object the gateway sent inside the 200 stream. Thrown from a stream handler
 * like `malformed`: the stream reports it, finishes with reason `error` and stops reading.
 */
export function inBandStreamError(
  what: string,
  errorObject: unknown,
  data: string,
  request: StreamRequestContext,
): APICallError {
  return createInBandError({
    what,
    errorObject,
    url: request.url,
    requestBodyValues: request.requestBodyValues,
    responseBody: data,
    secret: request.secret,
  });
}

/** The request a stream answers, as its connection errors name it. */
export interface StreamConnection extends StreamRequestContext {
  format: StreamFormat;
}

/** What the reader knows of a stream whose connection failed. */
export interface ConnectionLoss {
  kind: ConnectionFailureKind;
  /** Parts the stream had produced, and bytes its body had delivered, when it failed. */
  parts: number;
  bytes: number;
  /** The runtime's error (a drop), or the silence's length in ms (`timeout`). */
  cause?: unknown;
  idleMs?: number;
}

/**
 * The error of a stream whose connection dropped (`network`) or went silent for `streamIdleMs`
 * (`timeout`) and was not resumed: `Unigate <format> stream: the connection closed after N parts (B
 * bytes): <what the runtime said>`. The stream reports it as an error part and finishes `error`.
 */
export function connectionLost(connection: StreamConnection | undefined, loss: ConnectionLoss): APICallError {
  const after = `after ${loss.parts} part${loss.parts === 1 ? '' : 's'} (${loss.bytes} bytes)`;
  const what =
    loss.kind === 'timeout'
      ? `no byte arrived for ${loss.idleMs} ms (streamIdleMs) ${after}, with the connection still open; it was closed`
      : `the connection closed ${after} before the answer was whole: ${connectionFailureOf(loss.cause) ?? errorMessage(loss.cause)}`;
  return createConnectionError({
    kind: loss.kind,
    message: `Unigate ${connection?.format ?? 'SSE'} stream: ${what}.`,
    url: connection?.url ?? '',
    requestBodyValues: connection?.requestBodyValues ?? {},
    cause: loss.cause,
    secret: connection?.secret,
  });
}
