import type { LanguageModelV3StreamPart, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { SseSink } from './sse-reader';
import { malformed, type StreamFormat } from './stream-errors';

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

type Sink = SseSink<LanguageModelV3StreamPart>;

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
export function closeOpenBlocks(blocks: readonly OpenBlock[], sink: Sink): void {
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
  sink: Sink,
): void {
  const error = openCallsError(format, what, blocks, data);
  if (error !== undefined) throw error;
  closeOpenBlocks(blocks, sink);
}
