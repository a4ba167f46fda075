import type { SharedV3Warning } from '@ai-sdk/provider';
import { type PartSink, StreamState } from '../internal/stream-state';
import { languageModelCost, withCost } from '../pricing/language-model-cost';
import type { UnigateModelPrice } from '../pricing/unigate-pricing-types';
import { convertMessagesUsage } from './convert-messages-usage';
import type { MessagesUsage } from './messages-api-types';
import { mapMessagesStopReason } from './map-messages-stop-reason';

/** Where a messages stream handler puts its parts. */
export type MessagesSink = PartSink;

/** One open content block, by the block's `index`. */
export type MessagesBlock =
  | { kind: 'text'; id: string }
  | { kind: 'reasoning'; id: string; signature: string | undefined; redactedData: string | undefined }
  // `answer`: the JSON-answer tool, streamed as text. `input` grows by appending pieces (linear).
  | { kind: 'tool' | 'answer'; id: string; name: string; input: string; initialInput: string | undefined }
  | { kind: 'ignored' };

/**
 * Everything one messages stream remembers between events, and the parts that open and end it.
 * The block events are mapped in messages-stream-blocks.ts.
 */
export class MessagesStreamState extends StreamState {
  /** `message_stop` arrived: the end of the body is a clean end. */
  stopped = false;
  /** A tool other than the JSON-answer tool was called. */
  usedRealTool = false;
  stopReason: string | undefined = undefined;
  stopSequence: string | null = null;
  readonly blocks: Array<MessagesBlock | undefined> = [];
  readonly usage: MessagesUsage = {};
  /** The `json` tool carries the answer (responseFormat json emulation). */
  readonly jsonResponseTool: boolean;

  constructor(warnings: SharedV3Warning[], jsonResponseTool: boolean, price?: UnigateModelPrice) {
    super(warnings, price);
    this.jsonResponseTool = jsonResponseTool;
  }

  /** Takes the counts a `message_start` or `message_delta` sends; anything else is ignored. */
  mergeUsage(source: unknown): void {
    if (source === null || typeof source !== 'object') return;
    const usage = source as Record<string, unknown>;
    const target = this.usage;
    if (typeof usage.input_tokens === 'number') target.input_tokens = usage.input_tokens;
    if (typeof usage.output_tokens === 'number') target.output_tokens = usage.output_tokens;
    if (typeof usage.cache_read_input_tokens === 'number') target.cache_read_input_tokens = usage.cache_read_input_tokens;
    if (typeof usage.cache_creation_input_tokens === 'number') {
      target.cache_creation_input_tokens = usage.cache_creation_input_tokens;
    }
  }

  /** The last part: the stop reason as sent, or `error` when the stream failed. */
  finish(sink: MessagesSink, failed: boolean): void {
    const finishReason = failed
      ? { unified: 'error' as const, raw: this.stopReason }
      : mapMessagesStopReason(this.stopReason, this.jsonResponseTool && !this.usedRealTool);
    const usage = convertMessagesUsage(this.usage);
    const metadata = { unigate: { stopSequence: this.stopSequence } };
    sink.enqueue({
      type: 'finish',
      finishReason,
      usage,
      providerMetadata: failed ? metadata : withCost(metadata, languageModelCost(this.price, usage))!,
    });
  }

  /** The stream failed: one `error` part, then `finish` with reason `error`. */
  fail(error: unknown, sink: MessagesSink): void {
    this.sendError(error, sink);
    this.finish(sink, true);
  }
}
