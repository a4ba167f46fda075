import type { EmulatorRoute } from '../emulator-context';
import { composeAnswer, lastUserText } from './messages-answer';
import { digestHex } from './messages-digest';
import { errorTypeForStatus, readMarkers } from './messages-markers';
import { checkHeaders, MessagesRequestError, parseMessagesRequest } from './messages-request';
import { messageSseChunks, sseResponse } from './messages-sse';

const STATUS_MESSAGES: Record<string, string> = {
  api_error: 'Internal server error',
  overloaded_error: 'Overloaded',
  rate_limit_error: 'Rate limit exceeded',
  authentication_error: 'invalid x-api-key',
  permission_error: 'Your API key does not have permission to use the specified resource',
  not_found_error: 'Not found',
  request_too_large: 'Request exceeds the maximum allowed number of bytes',
  invalid_request_error: 'Invalid request',
};

function errorResponse(status: number, type: string, message: string): Response {
  return new Response(JSON.stringify({ type: 'error', error: { type, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * `POST /api/v1/messages` of the emulator (auth and the daily limit are the router's). Validates the request like
 * the gateway (`anthropic-version` header, JSON body, catalog model of type chat, key access, `max_tokens`,
 * alternating turns starting with `user`, sampling ranges, `input_schema` tools, `tool_choice`, tool_use/tool_result
 * pairing, `thinking` budget and unchanged thinking signatures) and answers every error in the messages shape
 * `{type:'error', error:{type, message}}`.
 *
 * The answer is deterministic (same request -> same message, streamed or not): text echoes the last user text and
 * acknowledges images; `stop_sequences` and `max_tokens` cut it; offered tools are called with an input generated
 * from their `input_schema` (always with `tool_choice` any/tool, with auto unless the last user turn carries
 * tool results, never with none); enabled thinking starts the answer with a signed `thinking` block.
 * `stream: true` sends the vendor's SSE event sequence with pings and split deltas.
 *
 * Fault and behaviour markers written in the last user text are listed at {@link readMarkers}:
 * `[[emulator:status:NNN]]`, `[[emulator:stream-error]]`, `[[emulator:truncate]]`,
 * `[[emulator:redacted-thinking]]`, `[[emulator:parallel-tools]]`.
 */
export const messagesRoute: EmulatorRoute = async (request, context) => {
  try {
    checkHeaders(request);
    const parsed = parseMessagesRequest(await request.text(), context);
    const markers = readMarkers(lastUserText(parsed));
    if (markers.status !== undefined) {
      const type = errorTypeForStatus(markers.status);
      return errorResponse(markers.status, type, STATUS_MESSAGES[type] ?? 'Error');
    }

    const message = composeAnswer(parsed, markers);
    const headers = { 'request-id': `req_emu_${digestHex(parsed.identity, 3)}` };
    if (parsed.stream) return sseResponse(messageSseChunks(message, markers), headers);

    const json = JSON.stringify(message);
    // The truncate marker cuts a non-streamed body in half too, to exercise JSON parse failures.
    return new Response(markers.truncate ? json.slice(0, Math.floor(json.length / 2)) : json, {
      status: 200,
      headers: { 'content-type': 'application/json', ...headers },
    });
  } catch (error) {
    if (error instanceof MessagesRequestError) return errorResponse(error.status, error.errorType, error.message);
    throw error;
  }
};
