import type {
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/values';
import type { SpecVersion } from '../settings/model-kind';
import type { SseSink } from './sse-reader';
import { malformed, notA, type StreamFormat, type StreamRequestContext } from './stream-errors';

// What every language-model stream (chat and messages) keeps and does with its parts: its state
// (`stream-start` once, the `finish` with its metadata), the first step of each chunk (`readChunk`),
// the rule that merges the deltas of one read, and the rule that ends the blocks still open at a break.

/** Where a language model's stream handler puts its parts (the SSE reader's sink, typed for language-model parts). */
export type LanguageModelPartSink = SseSink<LanguageModelV3StreamPart>;

/**
 * A clean `finish`'s metadata with this call's cost, or why it has none; given by the priced request
 * that opened the stream (the price may settle while the stream runs).
 */
export type FinishCost = (
  metadata: SharedV3ProviderMetadata | undefined,
  usage: LanguageModelV3Usage,
) => SharedV3ProviderMetadata | undefined;

/** The metadata of a stream's `finish` part: `clean` when the stream completed (only then is it priced). */
export type FinishMetadata = (
  metadata: SharedV3ProviderMetadata | undefined,
  usage: LanguageModelV3Usage,
  clean: boolean,
) => SharedV3ProviderMetadata | undefined;

/**
 * The call's price, when it is still loading as the stream finishes: a promise that settles when the
 * price is known or the `priceWaitMs` wait is over (never rejects); `undefined` when nothing is to wait for.
 */
export type PriceWait = () => Promise<unknown> | undefined;

/** A `finish` part without its metadata, which is added when it is sent. */
type FinishPart = Extract<LanguageModelV3StreamPart, { type: 'finish' }>;

/**
 * What every model's per-stream state starts from: `stream-start` goes out once, before any other
 * part, and an error part may come before anything else did. Each format adds its own fields.
 */
export class StreamState {
  started = false;
  /** The entry's specification, for the finish reason of a stream cut off before its completion signal. */
  spec: SpecVersion | undefined = undefined;
  /** Every text delta the caller received, in order: a resume's prefill. */
  received = '';
  /** Reasoning arrived: no upstream documents carrying it into a prefill (none after thinking), so no resume. */
  reasoned = false;
  /** The stream failed on an in-stream error event (chat: an error object). */
  errorEvent = false;
  /**
   * The body ended before its completion signal (chat: neither a finish_reason nor `[DONE]`; messages: no
   * `message_stop`), and a resume may take it.
   */
  cutOff = false;
  readonly warnings: SharedV3Warning[];
  /** Gives every `finish` its metadata: a clean one's cost, and what a wrapper adds; absent, the part's own. */
  private readonly finishMetadata: FinishMetadata | undefined;
  /** The price still loading when the stream finishes: `finish` waits for it (bounded), nothing before it does. */
  private readonly priceWait: PriceWait | undefined;

  constructor(warnings: SharedV3Warning[], finishMetadata: FinishMetadata | undefined, priceWait?: PriceWait) {
    this.warnings = warnings;
    this.finishMetadata = finishMetadata;
    this.priceWait = priceWait;
  }

  /**
   * Sends the `finish` part with its metadata (`metadata` as the format builds it, then the cost and what
   * a wrapper adds). When the call's price is still loading, a clean finish waits for it, at most
   * `priceWaitMs`; every part before it has gone out already.
   */
  protected sendFinishPart(
    sink: LanguageModelPartSink,
    part: Omit<FinishPart, 'providerMetadata'>,
    metadata: SharedV3ProviderMetadata | undefined,
    clean: boolean,
  ): void {
    const send = () => {
      const providerMetadata = this.finishMetadata?.(metadata, part.usage, clean) ?? metadata;
      sink.enqueue(providerMetadata === undefined ? part : { ...part, providerMetadata });
    };
    // Only a clean finish is priced: a failed stream's finish has no price to wait for.
    const wait = clean && sink.hold !== undefined ? this.priceWait?.() : undefined;
    if (wait === undefined) return send();
    sink.hold?.(wait.then(send));
  }

  /** Sends `stream-start` the first time; a no-op after that. */
  start(sink: LanguageModelPartSink): void {
    if (this.started) return;
    this.started = true;
    sink.enqueue({ type: 'stream-start', warnings: this.warnings });
  }

  /** The `error` part of a failed stream, after `stream-start` if that was not sent yet. */
  protected sendError(error: unknown, sink: LanguageModelPartSink): void {
    this.start(sink);
    sink.enqueue({ type: 'error', error });
  }
}

/** What every model's stream handler gets from its `doStream`; formats add their own fields. */
export interface StreamHandlerOptions {
  /** Sent in `stream-start`. */
  warnings: SharedV3Warning[];
  /** Emit a `raw` part with each parsed chunk. */
  includeRawChunks: boolean;
  request: StreamRequestContext;
  /** The call's price, when still loading: the `finish` part waits for it, at most `priceWaitMs`. */
  priceWait?: PriceWait;
  /** The entry's specification (`v3` when absent): a V4 stream cut off before its completion signal finishes `interrupted`. */
  spec?: SpecVersion;
}

/**
 * The first step of every stream handler's hot path: one JSON.parse of an event's data, the `raw`
 * part when asked for, then the one check every chunk gets (a JSON object). Anything else throws
 * `malformed`, naming the event when it has a name.
 */
export function readChunk(
  format: StreamFormat,
  data: string,
  eventName: string | undefined,
  includeRawChunks: boolean,
  sink: LanguageModelPartSink,
): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    const what = eventName ? `a "${eventName}" chunk` : 'a chunk';
    throw malformed(format, `${what} is not valid JSON (the stream may have been cut off)`, data);
  }
  if (includeRawChunks) sink.enqueue({ type: 'raw', rawValue: parsed });
  if (!isObjectRecord(parsed)) throw malformed(format, notA('a chunk', parsed, 'a JSON object'), data);
  return parsed;
}

type DeltaPart = Extract<LanguageModelV3StreamPart, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>;

/**
 * The merge rule of both language-model stream formats, for `readSseStream`'s `merge` option: `next`
 * is folded into `held` when both are `text-delta`, both `reasoning-delta` or both `tool-input-delta`
 * of the same id, neither with provider metadata. Every other part (starts, ends, tool calls, `raw`,
 * errors, metadata, finish) is never merged and ends a run, so the order across kinds is kept.
 *
 * The reader only ever merges parts that came from one network read, and hands them on at the end of
 * that read's processing: nothing waits for a later read. Each part the AI SDK receives costs it the
 * same work whatever its length, so N deltas that arrived together cost it once instead of N times.
 */
export function mergeStreamDelta(held: LanguageModelV3StreamPart, next: LanguageModelV3StreamPart): boolean {
  if (next.type !== held.type || !isStreamDelta(next)) return false;
  const run = held as DeltaPart;
  const delta = next as DeltaPart;
  if (run.id !== delta.id || run.providerMetadata !== undefined || delta.providerMetadata !== undefined) return false;
  // The held part is not enqueued yet and no handler keeps a reference to a part it enqueued: extending
  // it in place costs no allocation beyond the joined string.
  run.delta += delta.delta;
  return true;
}

/**
 * A delta part, for `readSseStream`'s `first`: a language stream's first delta goes out as soon as its
 * event is parsed, so it is never merged with the deltas after it.
 */
export function isStreamDelta(part: LanguageModelV3StreamPart): boolean {
  const type = part.type;
  return type === 'text-delta' || type === 'reasoning-delta' || type === 'tool-input-delta';
}

// The one rule both stream formats follow when the protocol breaks with blocks still open (a block or
// tool call displaced by a new one at its index, the stream ending before the block or call was
// stopped, a failed stream): text and reasoning get their end parts, a tool call whose input so far
// is valid JSON is completed, and any other tool call is named in an error part. Nothing open is
// dropped silently. Only ever called at a break or at the end, never per delta.

/** A block a stream opened and has not ended, as the break rule sees it. Each format lists its own. */
export type OpenBlock =
  | { kind: 'text'; id: string }
  | { kind: 'reasoning'; id: string; providerMetadata: SharedV3ProviderMetadata | undefined }
  | { kind: 'tool'; id: string; name: string; input: string };

/** Only input that parses can stand as the call: anything else may have been cut short. */
function isValidJson(input: string): boolean {
  try {
    JSON.parse(input);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends `blocks` in order: `text-end`, `reasoning-end`, and for a tool call `tool-input-end`, then its
 * `tool-call` when the input is valid JSON. A call whose input is not gets no `tool-call`: the caller
 * reports it in an error part (see `openCallsError`).
 */
export function closeOpenBlocks(blocks: readonly OpenBlock[], sink: LanguageModelPartSink): void {
  for (const block of blocks) {
    switch (block.kind) {
      case 'text':
        sink.enqueue({ type: 'text-end', id: block.id });
        break;
      case 'reasoning':
        sink.enqueue(
          block.providerMetadata === undefined
            ? { type: 'reasoning-end', id: block.id }
            : { type: 'reasoning-end', id: block.id, providerMetadata: block.providerMetadata },
        );
        break;
      case 'tool':
        sink.enqueue({ type: 'tool-input-end', id: block.id });
        if (isValidJson(block.input)) {
          sink.enqueue({ type: 'tool-call', toolCallId: block.id, toolName: block.name, input: block.input });
        }
        break;
    }
  }
}

/**
 * The error naming every tool call in `blocks` that cannot be completed (its input so far does not
 * parse as JSON) and `what` broke, or `undefined` when every call can be completed.
 */
export function openCallsError(format: StreamFormat, what: string, blocks: readonly OpenBlock[], data: string) {
  const lost: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'tool' && !isValidJson(block.input)) lost.push(`${block.id} (${block.name})`);
  }
  if (lost.length === 0) return undefined;
  const calls =
    lost.length === 1
      ? `tool call ${lost[0]} cannot complete: its input`
      : `tool calls ${lost.join(', ')} cannot complete: their input`;
  return malformed(format, `${what}; ${calls} does not parse as JSON`, data);
}

/**
 * The rule at a break the stream can go on from: when every open tool call can be completed, ends all
 * of `blocks` (see `closeOpenBlocks`); otherwise throws the error naming the calls that cannot, and the
 * stream's failure path ends the blocks after reporting it.
 */
export function closeAtBreak(
  format: StreamFormat,
  what: string,
  blocks: readonly OpenBlock[],
  data: string,
  sink: LanguageModelPartSink,
): void {
  const error = openCallsError(format, what, blocks, data);
  if (error !== undefined) throw error;
  closeOpenBlocks(blocks, sink);
}
