import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import fc from 'fast-check';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { deltaOf, event, usageOf } from '../chat/chat-fixtures';
import { createMockFetch } from '../helpers/mock-fetch';
import { droppedConnectionResponse, sseResponse } from '../helpers/test-kit';
import {
  blockStop,
  jsonDelta,
  messageDelta,
  messageStart,
  messageStop,
  sse,
  textDelta,
  textStart,
  toolStart,
} from '../messages/messages-test-kit';
import { fuzzParams, fuzzTimeout } from './stream-arbitraries';
import {
  deltas,
  errorsOf,
  expectNoneVanished,
  expectPrefix,
  expectWellFramed,
  readWithin,
  within,
} from './stream-checks';

// Resume on (the default), both formats: a random answer (text, maybe a tool call) cut after a random
// delta in a random way, the continuation served by msw from the prefill it is sent. The caller's stream
// never hangs, has one stream-start and one finish, and gives the whole answer once (no character twice,
// none lost) or ends with an error part; a tool call never vanishes silently (docs/resume.md).

type How = 'close' | 'end' | 'overloaded' | 'broken';
type Format = 'chat' | 'messages';

interface Answer {
  text: string[];
  /** The tool call's input, in delta pieces; none without a call. */
  tool: string[] | undefined;
}

const SITE = 'https://gw.resume.test';
const PROMPT: LanguageModelV3Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }];
const KEY = 'sk-unigate-fuzz-key-0123456789abcdef';

/** A tool input as JSON, cut into 1-4 pieces. */
const toolPieces = fc.tuple(fc.string({ maxLength: 12 }), fc.integer({ min: 1, max: 4 })).map(([city, parts]) => {
  const json = JSON.stringify({ city });
  const size = Math.ceil(json.length / parts);
  return Array.from({ length: Math.ceil(json.length / size) }, (_, at) => json.slice(at * size, (at + 1) * size));
});

const answers: fc.Arbitrary<Answer> = fc
  .record({
    text: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 5 }),
    tool: fc.option(toolPieces, { nil: undefined }),
  })
  .filter(answer => answer.text.length > 0 || answer.tool !== undefined);

const deltaCount = (answer: Answer) => answer.text.length + (answer.tool?.length ?? 0);

/** The SSE events of `answer` in `format`, and which of them is each content delta (in order). */
function wireEvents(format: Format, answer: Answer, toolId: string): { events: string[]; deltaAt: number[] } {
  const events: string[] = [];
  const deltaAt: number[] = [];
  const text = answer.text.join('');
  if (format === 'messages') {
    events.push(messageStart());
    if (text !== '') {
      events.push(textStart(0));
      for (const piece of answer.text) deltaAt.push(events.push(textDelta(0, piece)) - 1);
      events.push(blockStop(0));
    }
    if (answer.tool !== undefined) {
      const index = text === '' ? 0 : 1;
      events.push(toolStart(index, toolId, 'weather'));
      for (const piece of answer.tool) deltaAt.push(events.push(jsonDelta(index, piece)) - 1);
      events.push(blockStop(index));
    }
    events.push(messageDelta(answer.tool === undefined ? 'end_turn' : 'tool_use', 5), messageStop);
    return { events, deltaAt };
  }
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => deltaOf(toolId, delta, finish);
  events.push(chunk({ role: 'assistant', content: '' }));
  for (const piece of answer.text) deltaAt.push(events.push(chunk({ content: piece })) - 1);
  if (answer.tool !== undefined) {
    events.push(
      chunk({ tool_calls: [{ index: 0, id: toolId, type: 'function', function: { name: 'weather', arguments: '' } }] }),
    );
    for (const piece of answer.tool) {
      deltaAt.push(events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] })) - 1);
    }
  }
  events.push(chunk({}, answer.tool === undefined ? 'stop' : 'tool_calls'));
  events.push(usageOf(toolId, 5, 5));
  events.push('data: [DONE]\n\n');
  return { events, deltaAt };
}

/** The body cut after its `k`-th delta, failing `how`. */
function cutResponse(format: Format, events: string[], deltaAt: number[], k: number, how: How): Response {
  const sent = events.slice(0, deltaAt[k - 1]! + 1);
  if (how === 'close') return droppedConnectionResponse(sent);
  if (how === 'overloaded') {
    const error = { type: 'overloaded_error', message: 'Overloaded' };
    sent.push(
      format === 'messages' ? sse({ type: 'error', error }) : event({ error: { ...error, type: 'server_error' } }),
    );
  }
  if (how === 'broken') sent.push('data: {"broken\n\n');
  return sseResponse(sent);
}

/** The prefill a request continues: its final assistant message's text ('' for none). */
function prefillOf(format: Format, body: { messages: Array<Record<string, any>> }): string {
  const last = body.messages.at(-1)!;
  if (last.role !== 'assistant') return '';
  if (format === 'chat') {
    expect(last.prefix).toBe(true);
    return last.content;
  }
  return last.content.map((block: { text: string }) => block.text).join('');
}

/** One stream of `answer` in `format`: the first request cut, every later one continuing the prefill it sends. */
async function resumed(format: Format, answer: Answer, k: number, how: How) {
  const full = answer.text.join('');
  let requests = 0;
  const path = format === 'chat' ? '/v1/chat/completions' : '/api/v1/messages';
  const { fetch } = createMockFetch(
    http.post(`${SITE}${path}`, async ({ request }) => {
      requests++;
      if (requests === 1) {
        const { events, deltaAt } = wireEvents(format, answer, 'first');
        return cutResponse(format, events, deltaAt, k, how);
      }
      const prefill = prefillOf(format, (await request.json()) as { messages: Array<Record<string, any>> });
      // The prefill is what the caller got, trailing whitespace trimmed: the answer goes on after it.
      expect(full.startsWith(prefill)).toBe(true);
      const rest = full.slice(prefill.length);
      // A continuation starts a fresh answer: a whole tool call under a new id, its text as one delta.
      const next = { text: rest === '' ? [] : [rest], tool: answer.tool && [answer.tool.join('')] };
      return sseResponse(wireEvents(format, next, `next${requests}`).events);
    }),
  );
  const gw = createUnigate({ apiKey: KEY, siteURL: SITE, fetch });
  const model = format === 'chat' ? gw.chat('deepseek-chat') : gw.messages('claude-sonnet-4-5');
  const { stream } = await within(Promise.resolve(model.doStream({ prompt: PROMPT })), 2_000, 'doStream');
  return { parts: await readWithin(stream), requests };
}

const cases = answers.chain(answer =>
  fc.record({
    answer: fc.constant(answer),
    k: fc.integer({ min: 1, max: deltaCount(answer) }),
    how: fc.constantFrom<How>('close', 'end', 'overloaded', 'broken'),
  }),
);

describe('resume on: a stream cut at a random delta, continued by msw', () => {
  it.each(['messages', 'chat'] as const)(
    '%s: one stream-start, one finish, the whole answer once or an error part; no tool call lost',
    async format => {
      await fc.assert(
        fc.asyncProperty(cases, async ({ answer, k, how }) => {
          const { parts } = await resumed(format, answer, k, how);
          expectWellFramed(parts);
          expectNoneVanished(parts, id => id);
          const text = deltas(parts, 'text-delta').join('');
          const full = answer.text.join('');
          const calls = parts.filter(part => part.type === 'tool-call');
          if (errorsOf(parts).length > 0) {
            expectPrefix([...text], [...full]);
            return;
          }
          expect(text).toBe(full);
          const input = answer.tool?.join('');
          expect(calls.map(call => call.type === 'tool-call' && [call.toolName, call.input])).toEqual(
            input === undefined ? [] : [['weather', input]],
          );
        }),
        fuzzParams(0.1),
      );
    },
    fuzzTimeout(0.1),
  );
});
