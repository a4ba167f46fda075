import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brokenChatEvents,
  brokenChatScenario,
  brokenMessagesEvents,
  brokenMessagesScenario,
  CANONICAL,
  chunkBytes,
  chunking,
  fuzzParams,
  fuzzTimeout,
  serialize,
  type BrokenChatScenario,
  type BrokenMessagesScenario,
  type WireEvent,
} from './stream-arbitraries';
import {
  deltas,
  errorsOf,
  expectNoneVanished,
  expectWellFramed,
  parsesAsJson,
  streamDriver,
  type Part,
} from './stream-checks';

// The break rule, the same property over both wire formats: streams whose blocks and tool calls are
// left open, displaced by a new one at their index, or cut off by the end of the body. No started
// tool call may vanish without its tool-call part or an error part naming it, every block that
// started ends, and no delta that arrived before the break is lost.

/** What a breaking stream must give, by the rule: whether it fails, and every delta read before it stops. */
interface Oracle {
  failed: boolean;
  text: string;
  reasoning: string;
  /** Per tool call id: the input its deltas carried. */
  inputs: Map<string, string>;
}

/** Messages: a block displaced or left open at `message_stop` fails the stream when it is a tool call whose input does not parse; no `message_stop` always does. */
function messagesOracle(scenario: BrokenMessagesScenario): Oracle {
  const oracle: Oracle = { failed: false, text: '', reasoning: '', inputs: new Map() };
  type Open = { input: string } | undefined;
  const open = new Map<number, Open>();
  const lost = (block: Open) => block !== undefined && !parsesAsJson(block.input);
  for (const block of scenario.blocks) {
    if (lost(open.get(block.slot))) return { ...oracle, failed: true };
    if (block.type === 'tool_use') {
      const streamed = block.pieces.join('');
      const initial = block.initial === undefined ? '' : JSON.stringify(block.initial);
      open.set(block.slot, { input: streamed || initial });
      oracle.inputs.set(block.id, streamed);
    } else {
      open.set(block.slot, undefined);
      oracle[block.type === 'text' ? 'text' : 'reasoning'] += block.pieces.join('');
    }
    if (block.stopped) open.delete(block.slot);
  }
  oracle.failed = !scenario.messageStop || [...open.values()].some(lost);
  return oracle;
}

/** Chat: a call displaced at its index, or open at the end with no finish_reason, fails the stream when its arguments do not parse. */
function chatOracle(scenario: BrokenChatScenario): Oracle {
  const oracle: Oracle = { failed: false, text: '', reasoning: '', inputs: new Map() };
  const calls = new Map<number, string>();
  for (const item of scenario.items) {
    if (item.type !== 'call') {
      oracle[item.type] += item.text;
      continue;
    }
    const displaced = calls.get(item.slot);
    if (displaced !== undefined && !parsesAsJson(displaced)) return { ...oracle, failed: true };
    calls.set(item.slot, item.pieces.join(''));
    oracle.inputs.set(item.id, item.pieces.join(''));
  }
  // A body with neither a finish_reason nor [DONE] was cut; without a finish_reason, a call that does not parse is lost.
  oracle.failed = !scenario.finishReason && (!scenario.done || [...calls.values()].some(args => !parsesAsJson(args)));
  return oracle;
}

interface Format<S> {
  name: 'chat' | 'messages';
  scenario: fc.Arbitrary<S>;
  events: (scenario: S) => WireEvent[];
  oracle: (scenario: S) => Oracle;
}

const formats = [
  {
    name: 'messages',
    scenario: brokenMessagesScenario,
    events: brokenMessagesEvents,
    oracle: messagesOracle,
  } satisfies Format<BrokenMessagesScenario>,
  {
    name: 'chat',
    scenario: brokenChatScenario,
    events: brokenChatEvents,
    oracle: chatOracle,
  } satisfies Format<BrokenChatScenario>,
] as Array<Format<unknown>>;

function inputsOf(parts: Part[]): Map<string, string> {
  const inputs = new Map<string, string>();
  for (const part of parts)
    if (part.type === 'tool-input-start') inputs.set(part.id, deltas(parts, 'tool-input-delta', part.id).join(''));
  return inputs;
}

describe.each(formats)('$name doStream at a protocol break (fuzz)', ({ name, scenario, events, oracle }) => {
  const partsOf = streamDriver(name);

  it(
    'never lets a started tool call vanish without its tool-call or an error naming it, ends every block, loses no delta',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenario, chunking, async (generated, plan) => {
          const parts = await partsOf(chunkBytes(serialize(events(generated), CANONICAL).bytes, plan));
          const expected = oracle(generated);
          expectWellFramed(parts);
          expectNoneVanished(parts, (id, toolName) => `${id} (${toolName})`);
          // The stream fails exactly when the rule says so: never a clean finish with a call lost.
          expect(errorsOf(parts).length > 0).toBe(expected.failed);
          // Every delta read before the break reached the parts, in order, and nothing else.
          expect(deltas(parts, 'text-delta').join('')).toBe(expected.text);
          expect(deltas(parts, 'reasoning-delta').join('')).toBe(expected.reasoning);
          expect(inputsOf(parts)).toEqual(expected.inputs);
          // A call completed at a break carries its whole input as streamed (or as its start carried it).
          for (const part of parts) {
            if (part.type === 'tool-call' && expected.inputs.get(part.toolCallId) !== '')
              expect(part.input).toBe(expected.inputs.get(part.toolCallId));
          }
        }),
        fuzzParams(1),
      );
    },
    fuzzTimeout(1),
  );
});
