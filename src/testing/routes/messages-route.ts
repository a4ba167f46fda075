import type { EmulatorRoute } from '../emulator-context';
import { contextOverflow } from '../emulator-context-window';
import { cutInHalf, readMarkers } from '../emulator-faults';
import { defaultErrorType, errorResponse, jsonTextResponse, sseResponse } from '../emulator-responses';
import { digestHex, lastUserText } from '../emulator-text';
import type { RequestTurn } from './messages-request';
import { composeAnswer, continueAfterPrefill } from './messages-answer';
import { minCachedPrefixTokens } from '../prompt-cache';
import { messagesCachePrefixes } from './messages-cache';
import { MessagesRequestError, parseMessagesRequest } from './messages-request';
import { messageSseChunks } from './messages-sse';

/** Where markers are read: a turn's text blocks, and its tool results' text (so a tool loop can keep one). */
const markerText = (turn: RequestTurn) =>
  turn.blocks.flatMap(b => (b.type === 'text' || b.type === 'tool_result' ? [b.text] : [])).join(' ');

/** The vendor's message for each error type a status marker produces. */
const STATUS_MESSAGES: Record<string, string> = {
  api_error: 'Internal server error',
  overloaded_error: 'Overloaded',
  rate_limit_error: 'Rate limit exceeded',
  authentication_error: 'invalid x-api-key',
  permission_error: 'Your API key does not have permission to use the specified resource',
  not_found_error: 'Not found',
  request_too_large: 'Request exceeds the maximum allowed number of bytes',
  timeout_error: 'Request timed out',
  conflict_error: 'Conflict',
  invalid_request_error: 'Invalid request',
};

/**
 * `POST /api/v1/messages` of the emulator. The router's shared checks come first (key, daily limit, the
 * `anthropic-version` and content-type headers, JSON body, catalog model of type chat, key access); the route
 * validates the rest like the gateway (`max_tokens`, alternating turns starting with `user`, sampling ranges,
 * `input_schema` tools, `tool_choice`, tool_use/tool_result pairing, `thinking` budget and unchanged thinking
 * signatures). Every error has the messages shape `{type:'error', error:{type, message}}`.
 *
 * The answer is deterministic (same request -> same message, streamed or not): text echoes the last user text and
 * acknowledges images; `stop_sequences` and `max_tokens` cut it; offered tools are called with an input generated
 * from their `input_schema` (always with `tool_choice` any/tool, with auto unless the last user turn carries
 * tool results, never with none); enabled thinking starts the answer with a signed `thinking` block.
 * `stream: true` sends the vendor's SSE event sequence with pings and split deltas.
 *
 * Prompt caching (messages-cache.ts): `cache_control` breakpoints are checked like the vendor's (at most 4,
 * `ephemeral`, `ttl` 5m or 1h, none on thinking blocks); the prefix up to each one that reaches the model's
 * minimum (1,024, 2,048 or 4,096 tokens: `minCachedPrefixTokens`) is remembered for its TTL, so the usage
 * reports `cache_read_input_tokens` (the longest prefix already cached, found at a breakpoint or at one of
 * the 20 block boundaries before it), `cache_creation_input_tokens` (from there to the last breakpoint; `cache_creation` splits it
 * into `ephemeral_1h_input_tokens`, up to the last 1-hour breakpoint, and `ephemeral_5m_input_tokens`)
 * and `input_tokens` (the rest).
 *
 * Markers written in the last user text, or in its tool results (emulator-faults.ts; they are not echoed):
 * - `[[emulator:status:NNN]]` (400-599): HTTP NNN with the messages error body of that status
 *   (500/503 `api_error`, 529 `overloaded_error`, 429 `rate_limit_error`, ...).
 * - `[[emulator:stream-error]]`: with `stream: true`, after the first `content_block_delta` the stream sends
 *   `event: error` (`overloaded_error`) and ends. Without streaming it has no effect.
 * - `[[emulator:truncate]]`: with `stream: true`, after the first `content_block_delta` the body ends in the
 *   middle of the next event's `data:` JSON. Without streaming the HTTP-200 JSON body is cut in half.
 * - `[[emulator:redacted-thinking]]`: with thinking enabled, a `redacted_thinking` block replaces `thinking`.
 * - `[[emulator:drop:<k>:<how>]]` (`how`: close, end, overloaded, broken): with `stream: true`, the stream fails
 *   after the k-th content delta of the full answer (EmulatorDrop in emulator-faults.ts).
 * - `[[emulator:parallel-tools]]`: when the answer uses tools and `tool_choice` is not `{type:'tool'}`, call
 *   every offered tool in one turn, unless `disable_parallel_tool_use` is true.
 * - `[[emulator:prompt-tokens:<n>]]`: a prompt of n tokens over the model's `contextWindow` gets Anthropic's
 *   "prompt is too long" 400 (emulator-context-window.ts).
 * Markers act only on a request that passed validation; the first fault marker wins.
 *
 * Prefill: a final assistant turn of text blocks (or empty) is continued, as the vendor does: the answer is
 * the one the request without it gets, less the part the prefill stands for (`heldByPrefill`: the prefill
 * itself, or, written by another model in a hand-over, up to its last words found in the answer); usage counts
 * the prefill as input. Refused with 400 like the vendor: a prefill ending in whitespace, any prefill with
 * thinking enabled (docs/resume.md#what-each-upstream-allows).
 */
export const messagesRoute: EmulatorRoute = async (_request, context) => {
  try {
    const parsed = parseMessagesRequest(context.body);
    const prefixes = messagesCachePrefixes(context.body, parsed);
    const userText = lastUserText(parsed.turns, markerText);
    const markers = readMarkers(userText, context.model?.id);
    const { fault } = markers;
    if (fault?.kind === 'status') {
      const type = defaultErrorType('messages', fault.status);
      return errorResponse('messages', fault.status, STATUS_MESSAGES[type] ?? 'Error', type);
    }
    const overflow = contextOverflow('messages', context.model, userText);
    if (overflow !== undefined) return overflow;

    const full = composeAnswer(parsed, markers, context.inputCounting);
    const { sent: message, prefilled } =
      parsed.prefill === undefined ? { sent: full, prefilled: undefined } : continueAfterPrefill(full, parsed.prefill);
    // Only an answered request reads or writes the cache.
    const cached = context.promptCache.split(prefixes, minCachedPrefixTokens(parsed.model));
    message.usage.input_tokens -= cached.read + cached.written;
    message.usage.cache_read_input_tokens = cached.read;
    message.usage.cache_creation_input_tokens = cached.written;
    // The split by TTL, as the vendor reports it once a request writes anything.
    if (cached.written > 0) {
      message.usage.cache_creation = {
        ephemeral_5m_input_tokens: cached.written - cached.writtenForAnHour,
        ephemeral_1h_input_tokens: cached.writtenForAnHour,
      };
    }
    const headers = { 'request-id': `req_emu_${digestHex(parsed.identity, 3)}` };
    if (parsed.stream) {
      const { events, ending } = messageSseChunks({ full, sent: message, prefilled }, fault, markers.drops);
      return sseResponse(events, context.streamDelayMs, headers, ending);
    }

    const json = JSON.stringify(message);
    // The truncate marker cuts a non-streamed body in half too, to exercise JSON parse failures.
    return jsonTextResponse(fault?.kind === 'truncate' ? cutInHalf(json) : json, 200, headers);
  } catch (error) {
    if (error instanceof MessagesRequestError) {
      return errorResponse('messages', error.status, error.message, error.errorType);
    }
    throw error;
  }
};
