import type { SharedV3ProviderMetadata, SharedV3Warning } from '@ai-sdk/provider';
import { closeOpenBlocks, type OpenBlock } from '../streams/close-open-blocks';
import { type FinishMetadata, type LanguageModelPartSink, type PriceWait, StreamState } from '../streams/stream-state';
import { convertChatUsage } from './convert-chat-usage';
import { mapChatFinishReason } from './map-chat-finish-reason';
import { interruptedFinishReason } from '../settings/spec-version';

/** Where a chat stream handler puts its parts. */

/** One streamed tool call, keyed by its `index`. Arguments are appended, never re-parsed. */
export interface ChatToolCall {
  index: number;
  id: string | undefined;
  name: string | undefined;
  args: string;
  /** `tool-input-start` was sent (needs the name). */
  started: boolean;
  /** `tool-input-end` was sent. */
  ended: boolean;
}

/** The calls among `calls` that started and did not end, as the break rule sees them, added to `open`. */
export function openCalls(calls: readonly ChatToolCall[], open: OpenBlock[] = []): OpenBlock[] {
  for (const call of calls) {
    if (call.started && !call.ended) open.push({ kind: 'tool', id: call.id!, name: call.name!, input: call.args });
  }
  return open;
}

/**
 * Everything one chat stream remembers between chunks, and the parts that open and close it.
 * The event mapping lives in chat-choice-deltas.ts and chat-tool-call-deltas.ts.
 */
export class ChatStreamState extends StreamState {
  /** The stream is ending or has failed: later events are ignored. */
  finished = false;
  finishSent = false;
  metadataSent = false;
  finishReason: string | undefined = undefined;
  /** The first completion id the stream carried: a chunk with another one belongs to another answer. */
  responseId: string | undefined = undefined;
  /** Each choice's finish_reason once it came, by choice index: content after it is an error. */
  readonly endedChoices: Array<string | undefined> = [];
  usage: unknown = undefined;
  /** Text and reasoning blocks so far, for their ids. */
  blocks = 0;
  textId: string | undefined = undefined;
  reasoningId: string | undefined = undefined;
  /** By wire index. */
  readonly toolCalls = new Map<number, ChatToolCall>();
  /** In order of arrival: the order calls complete in. */
  readonly callOrder: ChatToolCall[] = [];
  /** `n > 1` only: every choice's text and finish reason, by choice index. */
  readonly choiceTexts: string[] = [];
  readonly choiceFinishReasons: Array<string | null> = [];
  readonly collectChoices: boolean;

  constructor(
    warnings: SharedV3Warning[],
    collectChoices: boolean,
    finishMetadata?: FinishMetadata,
    priceWait?: PriceWait,
  ) {
    super(warnings, finishMetadata, priceWait);
    this.collectChoices = collectChoices;
  }

  endReasoning(sink: LanguageModelPartSink): void {
    if (this.reasoningId === undefined) return;
    sink.enqueue({ type: 'reasoning-end', id: this.reasoningId });
    this.reasoningId = undefined;
  }

  endText(sink: LanguageModelPartSink): void {
    if (this.textId === undefined) return;
    sink.enqueue({ type: 'text-end', id: this.textId });
    this.textId = undefined;
  }

  /**
   * The clean end's last part; the caller closes open blocks and completes tool calls first.
   * `interrupted`: the body ended with neither a finish_reason nor `[DONE]`.
   */
  sendFinish(sink: LanguageModelPartSink, interrupted = false): void {
    this.finishSent = true;
    const usage = convertChatUsage(this.usage);
    const reason = mapChatFinishReason(this.finishReason);
    this.sendFinishPart(
      sink,
      { type: 'finish', finishReason: interrupted ? interruptedFinishReason(this.spec, reason) : reason, usage },
      this.providerMetadata(),
      true,
    );
  }

  /**
   * The stream failed: one `error` part, the open blocks ended (a call only completed when its
   * arguments so far are valid JSON, see closeOpenBlocks), then `finish` with reason `error`.
   */
  fail(error: unknown, sink: LanguageModelPartSink): void {
    this.sendError(error, sink);
    this.finished = true;
    const open: OpenBlock[] = [];
    if (this.reasoningId !== undefined)
      open.push({ kind: 'reasoning', id: this.reasoningId, providerMetadata: undefined });
    if (this.textId !== undefined) open.push({ kind: 'text', id: this.textId });
    closeOpenBlocks(openCalls(this.callOrder, open), sink);
    this.reasoningId = undefined;
    this.textId = undefined;
    for (const call of this.callOrder) if (call.started) call.ended = true;
    if (this.finishSent) return;
    this.finishSent = true;
    const usage = convertChatUsage(this.usage);
    this.sendFinishPart(
      sink,
      { type: 'finish', finishReason: { unified: 'error', raw: this.finishReason }, usage },
      undefined,
      false,
    );
  }

  private providerMetadata(): SharedV3ProviderMetadata | undefined {
    if (!this.collectChoices) return undefined;
    const choices = [];
    const count = Math.max(this.choiceTexts.length, this.choiceFinishReasons.length);
    for (let index = 0; index < count; index++) {
      choices.push({
        index,
        text: this.choiceTexts[index] ?? '',
        finishReason: this.choiceFinishReasons[index] ?? null,
      });
    }
    return { unigate: { choices } };
  }
}
