// Fault markers: text in the prompt that makes the emulator misbehave on purpose, so tests can drive
// the error paths of a client through the same emulator that serves the happy paths.

/**
 * A fault requested by a marker in the last user message's text:
 * - `[[emulator:status:<code>]]` (code 400-599): the endpoint answers HTTP `<code>` in its family's
 *   error shape (chat style `{error:{type,message,code}}`, messages style `{type:'error', error}`).
 * - `[[emulator:stream-error]]`: a streamed answer (HTTP 200) sends part of the answer, then an error
 *   object (`data: {"error":{...}}` on chat completions, `event: error` on messages) and ends.
 *   Non-streaming calls ignore it.
 * - `[[emulator:truncate]]`: the answer ends mid-JSON: a stream stops inside a `data:` line without
 *   its terminator; a non-streaming body is cut in half.
 */
export type EmulatorFault =
  | { kind: 'status'; status: number }
  | { kind: 'stream-error' }
  | { kind: 'truncate' };

const MARKER = /\[\[emulator:(status:(\d{3})|stream-error|truncate)\]\]/;
const ALL_MARKERS = /\s*\[\[emulator:[a-z0-9:-]*\]\]/g;

/** The first fault marker in `text`, if any. */
export function findFault(text: string): EmulatorFault | undefined {
  const match = MARKER.exec(text);
  if (!match) return undefined;
  if (match[2] !== undefined) {
    const status = Number(match[2]);
    return status >= 400 && status <= 599 ? { kind: 'status', status } : undefined;
  }
  return match[1] === 'stream-error' ? { kind: 'stream-error' } : { kind: 'truncate' };
}

/** `text` without any marker, so replies that echo the prompt do not echo the markers. */
export function stripFaultMarkers(text: string): string {
  return text.replace(ALL_MARKERS, '').trim();
}
