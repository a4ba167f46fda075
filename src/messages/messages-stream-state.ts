import type { LanguageModelV3FinishReason, SharedV3ProviderMetadata, SharedV3Warning } from '@ai-sdk/provider';
import { closeAtBreak, closeOpenBlocks, type OpenBlock, openCallsError } from '../streams/close-open-blocks';
import { isObjectRecord } from '../checks/narrow';
import { malformed } from '../streams/stream-errors';
import { type FinishMetadata, type LanguageModelPartSink, type PriceWait, StreamState } from '../streams/stream-state';
import { convertMessagesUsage } from './convert-messages-usage';
import type { MessagesUsage } from './messages-api-types';
import { mapMessagesStopReason } from './map-messages-stop-reason';
import { interruptedFinishReason } from '../settings/spec-version';

/** Where a messages stream handler puts its parts. */

/** One open content block, by the block's `index`. */
export type MessagesBlock =
  | { kind: 'text'; id: string }
  | { kind: 'reasoning'; id: string; signature: string | undefined; redactedData: string | undefined }
  // `answer`: the JSON-answer tool, streamed as text. `input` grows by appending pieces (linear).
  | { kind: 'tool' | 'answer'; id: string; name: string; input: string; initialInput: string | undefined }
  | { kind: 'ignored' };

type ReasoningBlock = Extract<MessagesBlock, { kind: 'reasoning' }>;
type AnswerBlock = Extract<MessagesBlock, { initialInput: string | undefined }>;

/** What a reasoning block's end carries: its signature, or the data of redacted thinking. */
export function reasoningMetadata(block: ReasoningBlock): SharedV3ProviderMetadata | undefined {
  if (block.signature !== undefined) return { unigate: { signature: block.signature } };
  return block.redactedData !== undefined ? { unigate: { redactedData: block.redactedData } } : undefined;
}

/** An answer whose input came whole in its start, with no delta since, sends that input as its text. */
export function sendAnswerInput(block: AnswerBlock, sink: LanguageModelPartSink): void {
  if (block.input !== '' || block.initialInput === undefined) return;
  block.input = block.initialInput;
  sink.enqueue({ type: 'text-delta', id: block.id, delta: block.initialInput });
}

const CUT_OFF = 'the body ended before message_stop: the response was cut off';

/**
 * Everything one messages stream remembers between events, and the parts that open and end it.
 * The block events are mapped in messages-stream-blocks.ts.
 */
export class MessagesStreamState extends StreamState {
  /** `message_start` arrived: a second one would splice another message into this answer. */
  messageStarted = false;
  /** The started message's id: a `message_start` repeating it is the same message, announced again. */
  messageId: string | undefined = undefined;
  /** A tool other than the JSON-answer tool was called. */
  usedRealTool = false;
  stopReason: string | undefined = undefined;
  /** The body ended before `message_stop`. */
  cutOff = false;
  stopSequence: string | null = null;
  readonly blocks: Array<MessagesBlock | undefined> = [];
  readonly usage: MessagesUsage = {};
  /** The `json` tool carries the answer (responseFormat json emulation). */
  readonly jsonResponseTool: boolean;

  constructor(
    warnings: SharedV3Warning[],
    jsonResponseTool: boolean,
    finishMetadata?: FinishMetadata,
    priceWait?: PriceWait,
  ) {
    super(warnings, finishMetadata, priceWait);
    this.jsonResponseTool = jsonResponseTool;
  }

  /** Takes the counts a `message_start` or `message_delta` sends, and the per-pass list; anything else is ignored. */
  mergeUsage(source: unknown): void {
    if (!isObjectRecord(source)) return;
    const usage = source;
    const target = this.usage;
    if (typeof usage.input_tokens === 'number') target.input_tokens = usage.input_tokens;
    if (typeof usage.output_tokens === 'number') target.output_tokens = usage.output_tokens;
    if (typeof usage.cache_read_input_tokens === 'number')
      target.cache_read_input_tokens = usage.cache_read_input_tokens;
    if (typeof usage.cache_creation_input_tokens === 'number') {
      target.cache_creation_input_tokens = usage.cache_creation_input_tokens;
    }
    // Cache writes by TTL, for their prices.
    if (isObjectRecord(usage.cache_creation)) target.cache_creation = usage.cache_creation;
    // Per-pass counts (compaction, advisor): the final message_delta lists every pass.
    if (Array.isArray(usage.iterations)) target.iterations = usage.iterations;
  }

  /**
   * The last part: the stop reason as sent, or `error` when the stream failed (`interrupted` for a V4
   * stream whose body ended before `message_stop`).
   */
  finish(sink: LanguageModelPartSink, failed: boolean): void {
    let finishReason: LanguageModelV3FinishReason = failed
      ? { unified: 'error', raw: this.stopReason }
      : mapMessagesStopReason(this.stopReason, this.jsonResponseTool && !this.usedRealTool);
    if (this.cutOff) finishReason = interruptedFinishReason(this.spec, finishReason);
    const usage = convertMessagesUsage(this.usage);
    const metadata = { unigate: { stopSequence: this.stopSequence } };
    this.sendFinishPart(sink, { type: 'finish', finishReason, usage }, metadata, !failed);
  }

  /**
   * The blocks still open (only block `index` when given), as the break rule sees them. A tool's input
   * is what its deltas streamed, else the input its start carried; an empty one is not a whole call.
   */
  openBlocks(sink: LanguageModelPartSink, index?: number): OpenBlock[] {
    const open: OpenBlock[] = [];
    const last = index ?? this.blocks.length - 1;
    for (let at = index ?? 0; at <= last; at++) {
      const block = this.blocks[at];
      if (block === undefined) continue;
      switch (block.kind) {
        case 'text':
          open.push(block);
          break;
        case 'reasoning':
          open.push({ kind: 'reasoning', id: block.id, providerMetadata: reasoningMetadata(block) });
          break;
        case 'answer':
          sendAnswerInput(block, sink);
          open.push({ kind: 'text', id: block.id });
          break;
        case 'tool':
          open.push({ kind: 'tool', id: block.id, name: block.name, input: block.input || (block.initialInput ?? '') });
          break;
      }
    }
    return open;
  }

  /**
   * A break the stream goes on from (`what` says which): the open blocks, or only block `index`, are
   * ended, their tool calls completed, or the error naming the calls that cannot be is thrown.
   */
  closeBlocks(what: string, data: string, sink: LanguageModelPartSink, index?: number): void {
    closeAtBreak('messages', what, this.openBlocks(sink, index), data, sink);
    if (index === undefined) this.blocks.length = 0;
    else this.blocks[index] = undefined;
  }

  /** The error for a body that ended before `message_stop`, naming the tool calls it left open. */
  cutOffError(sink: LanguageModelPartSink): Error {
    return openCallsError('messages', CUT_OFF, this.openBlocks(sink), '') ?? malformed('messages', CUT_OFF, '');
  }

  /** The stream failed: one `error` part, the open blocks ended (see closeOpenBlocks), then `finish` with reason `error`. */
  fail(error: unknown, sink: LanguageModelPartSink): void {
    this.sendError(error, sink);
    closeOpenBlocks(this.openBlocks(sink), sink);
    this.blocks.length = 0;
    this.finish(sink, true);
  }
}
