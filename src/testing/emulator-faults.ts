// Markers: text in the last user message (or a video prompt) that makes the emulator misbehave on
// purpose (faults) or answer in a particular way, so tests drive a client's error and edge paths through
// the same emulator that serves the happy paths. Chat completions, messages and videos read them here.

/**
 * A fault requested by a marker in the last user message's text:
 * - `[[emulator:status:<code>]]` (code 400-599): the endpoint answers HTTP `<code>` in its family's
 *   error shape (chat style `{error:{type,message,code}}`, messages style `{type:'error', error}`).
 *   `[[emulator:status:<code>:<model-id>]]` (chat completions, messages) fails only requests for that
 *   model, so one prompt can fail one model of a fallback list and reach the next.
 * - `[[emulator:stream-error]]`: a streamed answer (HTTP 200) sends part of the answer, then an error
 *   object (`data: {"error":{...}}` on chat completions, `event: error` on messages) and ends.
 *   Non-streaming calls ignore it.
 * - `[[emulator:cut]]`: a streamed answer sends part of the answer and ends there, whole events only,
 *   without its completion signal (chat completions: no `finish_reason`, no `[DONE]`; messages: no
 *   `message_stop`), as a dropped connection would. V4 calls that finish `interrupted`. Non-streaming
 *   calls ignore it.
 * - `[[emulator:truncate]]`: the answer ends mid-JSON: a stream stops inside a `data:` line without
 *   its terminator; a non-streaming body is cut in half.
 */
export type EmulatorFault =
  | { kind: 'status'; status: number }
  | { kind: 'stream-error' }
  | { kind: 'cut' }
  | { kind: 'truncate' };

/** How a `[[emulator:drop:<k>:<how>]]` stream fails (`stall`: `[[emulator:stall:<k>]]`). */
export type DropHow = 'close' | 'end' | 'overloaded' | 'broken' | 'stall';

/**
 * How a streamed body ends after its last event: `end` (it closes), `close` (it errors: the connection
 * dropped; a server adapter destroys the socket) or `stall` (it stays open and sends nothing more).
 */
export type SseEnding = 'end' | 'close' | 'stall';

/**
 * `[[emulator:drop:<k>:<how>]]` (k >= 1; chat completions and messages, streamed calls only): the stream
 * fails right after the k-th content delta of the full answer (non-empty text deltas and tool-input JSON
 * deltas count, in order; reasoning and thinking deltas do not), as `how` says:
 * - `close`: the body errors, as a dropped connection does (a server adapter destroys the socket);
 * - `end`: the body ends cleanly without its completion signal (no `message_stop`; no finish_reason, no `[DONE]`);
 * - `overloaded`: an in-stream error (`event: error` with `overloaded_error`; chat: a `data: {"error":{...}}`
 *   chunk), then the body ends;
 * - `broken`: a `data:` line that is not valid JSON, then the body ends.
 *
 * `[[emulator:stall:<k>]]` (same rules) stalls instead: after the k-th content delta the body sends
 * nothing more and stays open, the connection too, until the client gives up (its `streamIdleMs`) or
 * the server closes. Several drop and stall markers may be given. Stateless rule: a request that continues a prefill (messages: a final
 * assistant turn of text; chat: a final assistant message flagged `prefix`/`partial`) gets the rest of the
 * same answer, and a drop fires only where it lies beyond the prefill: a text delta whose end (trailing
 * whitespace aside) passes the prefill's length, a tool-input delta when the prefill does not reach the end of
 * the answer's text. So the resumed request of a `drop:3` passes, `drop:3` + `drop:9` drops twice, and a tool
 * call cut by a drop comes whole when asked again with the text before it (messages: even an empty prefill;
 * chat upstreams refuse an empty one, so a chat call cut before any text is asked again as it was, and drops again).
 */
export interface EmulatorDrop {
  after: number;
  how: DropHow;
}

/** The markers of one request. */
export interface EmulatorMarkers {
  /** The first fault marker (a status outside 400-599 is no fault and is skipped). */
  fault?: EmulatorFault;
  /** Every drop marker, in the order written. */
  drops: EmulatorDrop[];
  /**
   * `[[emulator:parallel-tools]]`: a turn that calls a tool on its own choice (not one named tool) calls
   * every offered tool at once, unless the request turns parallel calls off.
   */
  parallelTools: boolean;
  /** `[[emulator:redacted-thinking]]` (messages): the thinking block is a `redacted_thinking` block. */
  redactedThinking: boolean;
}

/**
 * `[[emulator:video-fail]]` in a video prompt: the job is created as usual and ends `failed` (a normal
 * status answer with `error.message`, as docs/video-and-catalog.md#failed-video-jobs says) where it would complete.
 */
export const VIDEO_FAIL_MARKER = '[[emulator:video-fail]]';

// Model ids may hold dots, slashes and underscores (`[[emulator:status:503:gpt-4.1/mini]]`).
const MARKER = /\[\[emulator:([a-z0-9:._/-]*)\]\]/gi;
// A run of markers with the whitespace before each, so "Hi [[emulator:truncate]]" echoes "Hi".
const MARKER_RUN = /(?:\s*\[\[emulator:[a-z0-9:._/-]*\]\])+/gi;

function faultOf(name: string, modelId: string | undefined): EmulatorFault | undefined {
  if (name === 'stream-error' || name === 'cut' || name === 'truncate') return { kind: name };
  const status = /^status:(\d{3})(?::(.+))?$/.exec(name);
  if (status?.[2] !== undefined && status[2] !== modelId) return undefined;
  const code = status ? Number(status[1]) : 0;
  return code >= 400 && code <= 599 ? { kind: 'status', status: code } : undefined;
}

/** The markers in `text` (the last user message) of a request for `modelId` (when the route has one). */
export function readMarkers(text: string, modelId?: string): EmulatorMarkers {
  const markers: EmulatorMarkers = { parallelTools: false, redactedThinking: false, drops: [] };
  for (const [, name] of text.matchAll(MARKER)) {
    const drop = /^drop:([1-9]\d*):(close|end|overloaded|broken)$/.exec(name!);
    const stall = /^stall:([1-9]\d*)$/.exec(name!);
    if (drop) markers.drops.push({ after: Number(drop[1]), how: drop[2] as DropHow });
    else if (stall) markers.drops.push({ after: Number(stall[1]), how: 'stall' });
    else if (name === 'parallel-tools') markers.parallelTools = true;
    else if (name === 'redacted-thinking') markers.redactedThinking = true;
    else markers.fault ??= faultOf(name!, modelId);
  }
  return markers;
}

/**
 * `text` without any marker, so replies that echo the prompt do not echo the markers. A marker glued
 * between two words leaves a space ("a[[…]]b" reads "a b").
 */
export function stripMarkers(text: string): string {
  return text
    .replace(MARKER_RUN, (run: string, offset: number) =>
      offset > 0 && /\S/.test(text.charAt(offset + run.length)) ? ' ' : '',
    )
    .trim();
}

/** The first half of `text`: a JSON body or a `data:` payload that no longer parses. */
export function cutInHalf(text: string): string {
  return text.slice(0, Math.floor(text.length / 2));
}

/**
 * A stream's SSE events (as sent, one string each) with a stream fault applied: the events before `cut`,
 * then either `errorEvent` (stream-error) or event `cut` ended in the middle of its `data:` JSON, without
 * the blank line (truncate). Any other fault leaves the events as they are.
 */
export function withStreamFault(
  events: string[],
  cut: number,
  fault: EmulatorFault | undefined,
  errorEvent: string,
): string[] {
  if (fault?.kind !== 'stream-error' && fault?.kind !== 'cut' && fault?.kind !== 'truncate') return events;
  const kept = events.slice(0, cut);
  if (fault.kind === 'cut') return kept;
  if (fault.kind === 'stream-error') return [...kept, errorEvent];
  const next = events[cut]!;
  const data = next.indexOf('data: ') + 'data: '.length;
  return [...kept, next.slice(0, data) + cutInHalf(next.slice(data).replace(/\n+$/, ''))];
}

/** One event of a stream as sent; a content delta carries its number in the full answer and whether it lies beyond the prefill. */
export interface StreamEvent {
  text: string;
  delta?: number;
  beyond?: boolean;
}

/**
 * Numbers the content deltas of a full answer and cuts the part a prefill already holds (see EmulatorDrop).
 * `prefilled` is the prefill text the answer starts with ('' for a prefill that matches nothing), undefined
 * for a request without a prefill.
 */
export class DeltaCounter {
  private count = 0;
  private written = '';

  constructor(private prefilled: string | undefined) {}

  /** A new choice (chat `n` > 1): its text starts again, after its own prefilled part. */
  restart(prefilled: string | undefined): void {
    this.written = '';
    this.prefilled = prefilled;
  }

  private beyondText(): boolean {
    return this.prefilled === undefined || this.written.trimEnd().length > this.prefilled.length;
  }

  /** A text delta of the full answer: the part to send ('' when the prefill holds it all), its number and place. */
  text(piece: string): { sent: string; delta?: number; beyond: boolean } {
    const start = this.written.length;
    this.written += piece;
    const skip = Math.max(0, (this.prefilled?.length ?? 0) - start);
    return { sent: piece.slice(skip), delta: piece === '' ? undefined : ++this.count, beyond: this.beyondText() };
  }

  /** A tool-input delta: its number, and beyond unless the prefill reaches the end of the answer's text. */
  tool(piece: string): { delta?: number; beyond: boolean } {
    return { delta: piece === '' ? undefined : ++this.count, beyond: this.beyondText() };
  }
}

/** A stream's events with the first drop that fires applied, and how the body ends after them. */
export function withDrops(
  events: StreamEvent[],
  drops: readonly EmulatorDrop[],
  overloaded: string,
): { events: string[]; ending: SseEnding } {
  const all = events.map(e => e.text);
  const at = events.findIndex(e => e.beyond === true && drops.some(d => d.after === e.delta));
  if (at === -1) return { events: all, ending: 'end' };
  const how = drops.find(d => d.after === events[at]!.delta)!.how;
  const kept = all.slice(0, at + 1);
  if (how === 'overloaded') kept.push(overloaded);
  if (how === 'broken') {
    // The next event's JSON cut in half, sent as a whole line: a chunk that cannot be parsed.
    const next = all[at + 1] ?? all[at]!;
    const data = next.indexOf('data: ') + 'data: '.length;
    kept.push(`${next.slice(0, data)}${cutInHalf(next.slice(data).replace(/\n+$/, ''))}\n\n`);
  }
  return { events: kept, ending: how === 'close' || how === 'stall' ? how : 'end' };
}
