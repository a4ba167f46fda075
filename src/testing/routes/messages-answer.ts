// The emulator's deterministic "model": the same validated request always gives the same message.

import { stripMarkers, type EmulatorMarkers } from '../emulator-faults';
import {
  countTokens,
  heldByPrefill,
  cutAtStop,
  digestHex,
  type InputTokenCounting,
  lastUserTurn,
  plural,
  tokenize,
  WORD_COUNTING,
} from '../emulator-text';
import { generateJsonValue } from '../json-schema-value';
import { redactedThinkingData, thinkingSignature } from './messages-digest';
import type { MessagesRequest, RequestBlock, RequestTurn, ToolDefinition } from './messages-request';

/** A content block of an emulated answer. */
export type AnswerBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** The Message object of the messages endpoint. */
export interface AnswerMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  content: AnswerBlock[];
  model: string;
  stop_reason: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use';
  stop_sequence: string | null;
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_creation_input_tokens: number;
    cache_read_input_tokens: number;
    cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  };
}

function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/** The text blocks of a turn, joined by spaces. */
export function turnText(turn: RequestTurn): string {
  return turn.blocks.flatMap(b => (b.type === 'text' ? [b.text] : [])).join(' ');
}

/** A request block's input tokens, as `usage.input_tokens` counts them. */
export function inputTokensOf(block: RequestBlock, counting: InputTokenCounting = WORD_COUNTING): number {
  const count = counting.text;
  switch (block.type) {
    case 'text':
      return count(block.text);
    case 'image':
      return counting.image;
    case 'tool_result':
      return count(block.text) + 3;
    case 'tool_use':
      return count(JSON.stringify(block.input)) + count(block.name) + 3;
    case 'thinking':
      return count(block.thinking);
    case 'redacted_thinking':
      return 16;
  }
}

function countInputTokens(request: MessagesRequest, counting: InputTokenCounting): number {
  const count = counting.text;
  let total = count(request.system);
  for (const turn of request.turns) {
    total += 3;
    for (const block of turn.blocks) total += inputTokensOf(block, counting);
  }
  if (request.tools.length > 0) total += count(JSON.stringify(request.tools));
  return Math.max(total, 1);
}

/** Builds the deterministic answer to a validated request. */
export function composeAnswer(
  request: MessagesRequest,
  markers: EmulatorMarkers,
  counting: InputTokenCounting = WORD_COUNTING,
): AnswerMessage {
  const userTurnIndex = request.turns.lastIndexOf(lastUserTurn(request.turns)!);
  const userTurn = request.turns[userTurnIndex]!;
  const previous = request.turns[userTurnIndex - 1];
  // Echoed inside one quoted sentence, so whitespace collapses.
  const userText = stripMarkers(turnText(userTurn)).replace(/\s+/g, ' ');
  const images = userTurn.blocks.filter(b => b.type === 'image').length;
  const results = userTurn.blocks.flatMap(b => (b.type === 'tool_result' ? [b] : []));
  const toolNames = new Map(
    (previous?.blocks ?? []).flatMap(b => (b.type === 'tool_use' ? [[b.id, b.name] as const] : [])),
  );

  const calls = chooseToolCalls(request, markers, results.length > 0);
  const choice = request.toolChoice?.type ?? 'auto';

  let text: string;
  if (calls.length > 0) {
    // Forced tool use answers with the call only; a model deciding on its own says what it does first.
    text = choice === 'auto' ? `I will call ${calls.map(t => `the ${t.name} tool`).join(' and ')}.` : '';
  } else {
    const sentences = results.map(r => {
      const name = toolNames.get(r.tool_use_id) ?? 'unknown';
      return r.is_error
        ? `The tool ${name} failed: ${r.text || '(no details)'}.`
        : `The tool ${name} returned: ${r.text || '(empty)'}.`;
    });
    if (images > 0) sentences.push(`I see ${plural(images, 'image')}.`);
    if (userText !== '') sentences.push(`You said: "${userText}".`);
    text = sentences.length > 0 ? sentences.join(' ') : 'Hello from the Unigate emulator.';
  }

  const content: AnswerBlock[] = [];
  let used = 0;
  let stopReason: AnswerMessage['stop_reason'] = 'end_turn';
  let stopSequence: string | null = null;

  if (request.thinkingBudget !== undefined) {
    const plan =
      calls.length > 0
        ? `The ${calls[0]!.name} tool can answer this, so I will call it.`
        : results.length > 0
          ? 'The tool results are in; I will summarise them.'
          : 'I can answer this directly.';
    const thinking = `The user wrote: "${clip(userText, 120)}". ${plan}`;
    content.push(
      markers.redactedThinking
        ? { type: 'redacted_thinking', data: redactedThinkingData(request.identity) }
        : { type: 'thinking', thinking, signature: thinkingSignature(thinking) },
    );
    used += countTokens(thinking);
  }

  if (text !== '') {
    const stop = cutAtStop(text, request.stopSequences);
    let kept = stop.text;
    const pieces = tokenize(kept);
    const room = request.maxTokens - used;
    if (pieces.length > room) {
      kept = pieces.slice(0, Math.max(room, 0)).join('');
      stopReason = 'max_tokens';
    } else if (stop.stopped !== undefined) {
      stopReason = 'stop_sequence';
      stopSequence = stop.stopped;
    }
    if (kept !== '') content.push({ type: 'text', text: kept });
    used += Math.min(pieces.length, Math.max(room, 0));
  }

  if (stopReason === 'end_turn' && calls.length > 0) {
    const seed = userText || results.map(r => r.text).join(' ');
    let next = request.turns.reduce((n, turn) => n + turn.blocks.filter(b => b.type === 'tool_use').length, 0);
    stopReason = 'tool_use';
    for (const tool of calls) {
      const input = generateJsonValue(tool.input_schema, seed || tool.name) as Record<string, unknown>;
      const cost = countTokens(JSON.stringify(input)) + countTokens(tool.name) + 3;
      if (used + cost > request.maxTokens) {
        stopReason = 'max_tokens';
        break;
      }
      next += 1;
      content.push({ type: 'tool_use', id: `toolu_emu_${next}`, name: tool.name, input });
      used += cost;
    }
  }

  return {
    id: `msg_emu_${digestHex(request.identity, 3)}`,
    type: 'message',
    role: 'assistant',
    content,
    model: request.model,
    stop_reason: stopReason,
    stop_sequence: stopSequence,
    usage: {
      input_tokens: countInputTokens(request, counting),
      output_tokens: used,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
}

function chooseToolCalls(request: MessagesRequest, markers: EmulatorMarkers, hasResults: boolean): ToolDefinition[] {
  const { tools, toolChoice } = request;
  const type = toolChoice?.type ?? 'auto';
  if (tools.length === 0 || type === 'none') return [];
  if (type === 'tool') return tools.filter(t => t.name === toolChoice!.name);
  if (type === 'auto' && hasResults) return [];
  const parallel = markers.parallelTools && !toolChoice?.disableParallelToolUse;
  return parallel ? tools : [tools[0]!];
}

/**
 * What a request with a prefill gets: `message` (the answer without the prefill) minus the prefill's text, as
 * the vendor sends only the continuation. `prefilled` is the part of the answer the prefill held ('' when the
 * answer does not start with it: the model then answers in full).
 */
export function continueAfterPrefill(
  message: AnswerMessage,
  prefill: string,
): { sent: AnswerMessage; prefilled: string } {
  const at = message.content.findIndex(b => b.type === 'text');
  const block = message.content[at];
  const held = block?.type === 'text' && prefill !== '' ? heldByPrefill(block.text, prefill) : '';
  if (block?.type !== 'text' || held === '') return { sent: message, prefilled: '' };
  const rest = block.text.slice(held.length);
  const content = message.content.flatMap((b, i) =>
    i !== at ? [b] : rest === '' ? [] : [{ type: 'text' as const, text: rest }],
  );
  const output = Math.max(message.usage.output_tokens - countTokens(held), 0);
  return { sent: { ...message, content, usage: { ...message.usage, output_tokens: output } }, prefilled: held };
}
