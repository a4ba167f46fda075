import { createAnthropic } from '@ai-sdk/anthropic';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockFetch } from '../helpers/mock-fetch';
import { readAll, sseResponse } from '../helpers/test-kit';
import { recordedEvents, recordedJson } from '../replay/shape-recordings';
import { answeringWith, call, message, messageStop, MODEL, sse, userText } from './messages-test-kit';

// Two shapes real Anthropic traffic carries (recordings vendored from vercel/ai's @ai-sdk/anthropic fixtures):
// a message_start that already holds the message's blocks and stop reason (programmatic tool calling), and
// usage reported per pass (`usage.iterations`: compaction, advisor, server fallback). Each is compared with
// what @ai-sdk/anthropic makes of the same bytes.

const PTC = 'anthropic/anthropic-programmatic-tool-calling.1.chunks.txt';
// Lines 168-169 of the recording: one response whose message_start holds a rollDie call a code run made.
const wholeMessage = () => recordedEvents(PTC, 168, 169);
const PRICE = { [MODEL]: { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 2_000_000 } };

/** @ai-sdk/anthropic reading the same response. */
function official(respond: () => Response) {
  const { fetch } = createMockFetch(http.post('https://anthropic.test/v1/messages', respond));
  return createAnthropic({ apiKey: 'k', baseURL: 'https://anthropic.test/v1', fetch })(MODEL);
}

const streamingEvents = (events: string[]) => answeringWith(() => sseResponse(events), { pricing: PRICE });
const answeringJson = (json: Record<string, unknown>) =>
  answeringWith(() => HttpResponse.json(json), { pricing: PRICE });

const withoutMetadata = (parts: LanguageModelV3StreamPart[]) =>
  parts.map(part => ('providerMetadata' in part ? { ...part, providerMetadata: undefined } : part));

describe('a message_start that carries the message (programmatic tool calling)', () => {
  it('streams its tool call whole and honours its stop_reason and usage', async () => {
    const { model } = streamingEvents(wholeMessage());
    const parts = await readAll((await model.doStream(call([userText('Play')]))).stream);
    const id = 'toolu_015dGLMbwBKv1ZRQr6KdJzeH';
    const input = '{"player":"player2"}';
    expect(parts.slice(0, -1)).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'msg_01KSVw3xmXbMNJPNMt46BC5W', modelId: 'claude-sonnet-4-5-20250929' },
      { type: 'tool-input-start', id, toolName: 'rollDie' },
      { type: 'tool-input-delta', id, delta: input },
      { type: 'tool-input-end', id },
      { type: 'tool-call', toolCallId: id, toolName: 'rollDie', input },
    ]);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      usage: { inputTokens: { total: 0 }, outputTokens: { total: 0 } },
    });
  });

  it('gives the parts @ai-sdk/anthropic gives', async () => {
    const { model } = streamingEvents(wholeMessage());
    const ours = await readAll((await model.doStream(call([userText('Play')]))).stream);
    const theirs = await readAll(
      (await official(() => sseResponse(wholeMessage())).doStream(call([userText('Play')]))).stream,
    );
    const kinds = new Set(['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call']);
    const content = (parts: LanguageModelV3StreamPart[]) => withoutMetadata(parts.filter(part => kinds.has(part.type)));
    expect(content(ours)).toEqual(content(theirs));
    const finish = (parts: LanguageModelV3StreamPart[]) => {
      const last = parts.at(-1);
      return last?.type === 'finish'
        ? [last.finishReason, last.usage.inputTokens.total, last.usage.outputTokens.total]
        : last;
    };
    expect(finish(ours)).toEqual(finish(theirs));
  });

  it('text and thinking in message_start, and a block kind it skips', async () => {
    const start = sse({
      type: 'message_start',
      message: {
        ...message({ stop_reason: 'end_turn', usage: { input_tokens: 3, output_tokens: 4 } }),
        content: [
          { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'code_execution', input: {} },
          { type: 'text', text: 'Done.' },
        ],
      },
    });
    const { model } = streamingEvents([start, messageStop]);
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    expect(parts.slice(2, -1)).toEqual([
      { type: 'reasoning-start', id: 'start-0' },
      { type: 'reasoning-delta', id: 'start-0', delta: 'Hmm.' },
      { type: 'reasoning-end', id: 'start-0', providerMetadata: { unigate: { signature: 'sig' } } },
      { type: 'text-start', id: 'start-2' },
      { type: 'text-delta', id: 'start-2', delta: 'Done.' },
      { type: 'text-end', id: 'start-2' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' } });
  });

  it('a malformed block in message_start is an error part naming it', async () => {
    const start = sse({ type: 'message_start', message: { ...message(), content: [{ type: 'tool_use', id: 7 }] } });
    const { model } = streamingEvents([start, messageStop]);
    const parts = await readAll((await model.doStream(call([userText('Hi')]))).stream);
    const error = parts.find(part => part.type === 'error');
    expect(String((error as { error: Error }).error.message)).toContain(
      'tool_use content_block.id is number, not a string',
    );
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
  });

  it('streamText returns the call and the tool-calls finish', async () => {
    const { model } = streamingEvents(wholeMessage());
    const rollDie = tool({ inputSchema: jsonSchema<{ player: string }>({ type: 'object' }) });
    const result = streamText({ model, prompt: 'Play', tools: { rollDie } });
    await result.consumeStream();
    expect((await result.toolCalls).map(c => [c.toolCallId, c.toolName, c.input])).toEqual([
      ['toolu_015dGLMbwBKv1ZRQr6KdJzeH', 'rollDie', { player: 'player2' }],
    ]);
    expect(await result.finishReason).toBe('tool-calls');
  });

  it('generateText reads the recorded JSON answer as @ai-sdk/anthropic does', async () => {
    const json = recordedJson('anthropic/anthropic-programmatic-tool-calling.1.json');
    const { model } = answeringJson(json);
    const ours = await model.doGenerate(call([userText('Play')]));
    const theirs = await official(() => HttpResponse.json(json)).doGenerate(call([userText('Play')]));
    const calls = (content: typeof ours.content) =>
      content.flatMap(part =>
        part.type === 'tool-call' && part.toolName === 'rollDie' ? [[part.toolCallId, part.input]] : [],
      );
    expect(calls(ours.content)).toHaveLength(4);
    expect(calls(ours.content)).toEqual(calls(theirs.content));
    const texts = (content: typeof ours.content) => content.flatMap(part => (part.type === 'text' ? [part.text] : []));
    expect(texts(ours.content)).toEqual(texts(theirs.content));
    expect(ours.finishReason).toEqual(theirs.finishReason);
  });
});

const totals = (usage: { inputTokens: { total?: number }; outputTokens: { total?: number } }) => [
  usage.inputTokens.total,
  usage.outputTokens.total,
];

describe('usage reported per pass (usage.iterations)', () => {
  it('compaction, JSON: both passes count, in usage and in cost (the top level has only the last)', async () => {
    const json = recordedJson('anthropic/anthropic-compaction.1.json');
    const { model } = answeringJson(json);
    const result = await generateText({ model, prompt: 'Go on' });
    // 60385 + 682 input, 592 + 1320 output.
    expect([result.usage.inputTokens, result.usage.outputTokens]).toEqual([61_067, 1_912]);
    expect(result.providerMetadata?.unigate?.cost).toMatchObject({ input: 61_067, output: 3_824 });
    const theirs = await official(() => HttpResponse.json(json)).doGenerate(call([userText('Go on')]));
    expect(totals((await model.doGenerate(call([userText('Go on')]))).usage)).toEqual(totals(theirs.usage));
  });

  it('compaction, stream: the passes listed in message_delta count', async () => {
    const events = recordedEvents('anthropic/anthropic-compaction.1.chunks.txt');
    const { model } = streamingEvents(events);
    const result = streamText({ model, prompt: 'Go on' });
    await result.consumeStream();
    const usage = await result.usage;
    // 60385 + 612 input, 522 + 2819 output.
    expect([usage.inputTokens, usage.outputTokens]).toEqual([60_997, 3_341]);
    expect((await result.providerMetadata)?.unigate?.cost).toMatchObject({ input: 60_997, output: 6_682 });
    const theirs = await readAll(
      (await official(() => sseResponse(events)).doStream(call([userText('Go on')]))).stream,
    );
    const finish = theirs.at(-1);
    expect(finish?.type === 'finish' && totals(finish.usage)).toEqual([60_997, 3_341]);
  });

  it('cache reads and writes of every pass count too', async () => {
    const pass = (type: string, input: number, read: number, write: number, output: number) => ({
      type,
      input_tokens: input,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: write,
      output_tokens: output,
    });
    const usage = {
      ...pass('message', 10, 20, 0, 30),
      iterations: [pass('compaction', 100, 200, 50, 5), pass('message', 10, 20, 0, 30)],
    };
    const { model } = answeringJson(message({ usage }));
    const result = await model.doGenerate(call([userText('Hi')]));
    expect(result.usage.inputTokens).toEqual({ total: 380, noCache: 110, cacheRead: 220, cacheWrite: 50 });
    expect(result.usage.outputTokens.total).toBe(35);
    expect(result.usage.raw).toEqual(usage);
  });

  it('advisor and server fallback: the top level already counts the answering model, as @ai-sdk/anthropic reads it', async () => {
    for (const [file, expected] of [
      ['anthropic/anthropic-advisor-20260301.1.json', [2_414, 3_200]],
      ['anthropic/anthropic-fallback.json', [412, 264]],
    ] as const) {
      const json = recordedJson(file);
      const ours = await answeringJson(json).model.doGenerate(call([userText('Hi')]));
      const theirs = await official(() => HttpResponse.json(json)).doGenerate(call([userText('Hi')]));
      expect(totals(ours.usage)).toEqual(expected);
      expect(totals(ours.usage)).toEqual(totals(theirs.usage));
    }
  });

  it("an advisor pass is priced at the advisor model's price, JSON and stream", async () => {
    // The answering model at 1 and 2 credits a token, the advisor at 5 and 25.
    const pricing = { ...PRICE, 'claude-opus-4-7': { inputPerMillionTokens: 5e6, outputPerMillionTokens: 25e6 } };
    const json = recordedJson('anthropic/anthropic-advisor-20260301.1.json');
    const { model } = answeringWith(() => HttpResponse.json(json), { pricing });
    const result = await model.doGenerate(call([userText('Hi')]));
    // Own passes 2,414 in, 3,200 out; the advisor's 2,728 in, 874 out.
    expect(result.providerMetadata?.unigate?.cost).toEqual({
      input: 2_414 + 2_728 * 5,
      output: 3_200 * 2 + 874 * 25,
      total: 2_414 + 2_728 * 5 + 3_200 * 2 + 874 * 25,
      unit: 'credits',
    });
    expect(result.warnings).toEqual([]);
    const events = recordedEvents('anthropic/anthropic-advisor-20250301.1.chunks.txt');
    const stream = answeringWith(() => sseResponse(events), { pricing }).model;
    const finish = (await readAll((await stream.doStream(call([userText('Hi')]))).stream)).at(-1);
    // Own passes 1,051 + 3,676 in, 35 + 3,356 out; the advisor's 2,728 in, 3,880 out.
    expect(finish?.type === 'finish' && finish.providerMetadata?.unigate?.cost).toEqual({
      input: 4_727 + 2_728 * 5,
      output: 3_391 * 2 + 3_880 * 25,
      total: 4_727 + 2_728 * 5 + 3_391 * 2 + 3_880 * 25,
      unit: 'credits',
    });
  });

  it('an advisor pass whose model has no price leaves the cost unavailable, naming the model', async () => {
    const json = recordedJson('anthropic/anthropic-advisor-20260301.1.json');
    const result = await answeringJson(json).model.doGenerate(call([userText('Hi')]));
    const unigate = result.providerMetadata?.unigate;
    expect(unigate?.cost).toBeUndefined();
    expect(unigate?.costUnavailable).toMatch(/^This call has no cost: a pass of claude-opus-4-7 \(an advisor\) ran/);
    expect(result.warnings).toEqual([{ type: 'other', message: unigate?.costUnavailable }]);
    // A pass that names no model cannot be priced either.
    const anonymous = JSON.parse(JSON.stringify(json).replace(',"model":"claude-opus-4-7"', ''));
    expect(JSON.stringify(anonymous)).not.toContain('claude-opus-4-7');
    const other = await answeringJson(anonymous).model.doGenerate(call([userText('Hi')]));
    expect(other.providerMetadata?.unigate?.costUnavailable).toMatch(/a pass of a model the usage does not name/);
  });

  it('passes that sum to less than the top level never lower it', async () => {
    const usage = {
      input_tokens: 50,
      output_tokens: 9,
      iterations: [{ type: 'message', input_tokens: 40, output_tokens: 9 }],
    };
    const { model } = answeringJson(message({ usage }));
    expect(totals((await model.doGenerate(call([userText('Hi')]))).usage)).toEqual([50, 9]);
  });
});
