import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { failure } from '../helpers/test-kit';
import { answering, call, message, MODEL, usage, userText } from './messages-test-kit';

describe('messages doGenerate: responses', () => {
  it('returns text, usage, response metadata and the raw body', async () => {
    const { model } = answering(message(), { headers: { 'x-request-id': 'req-1' } });
    const result = await model.doGenerate(call([userText('Hi')]));
    expect(result.content).toEqual([{ type: 'text', text: 'Hello!' }]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'end_turn' });
    expect(result.usage).toEqual(usage(12, 5));
    expect(result.providerMetadata).toEqual({ unigate: { stopSequence: null } });
    expect(result.response?.id).toBe('msg_01');
    expect(result.response?.modelId).toBe(MODEL);
    expect(result.response?.headers?.['x-request-id']).toBe('req-1');
    expect(result.response?.body).toEqual(message());
  });

  it('maps every stop reason, keeping the raw value', async () => {
    const cases: Array<[string | null, string]> = [
      ['end_turn', 'stop'],
      ['stop_sequence', 'stop'],
      ['max_tokens', 'length'],
      ['tool_use', 'tool-calls'],
      ['refusal', 'content-filter'],
      ['pause_turn', 'stop'],
      ['model_context_window_exceeded', 'length'],
      ['something_new', 'other'],
      [null, 'other'],
    ];
    for (const [stop_reason, unified] of cases) {
      const { model } = answering(message({ stop_reason }));
      const result = await model.doGenerate(call([userText('Hi')]));
      expect(result.finishReason).toEqual({ unified, raw: stop_reason ?? undefined });
    }
  });

  it('finishes a paused turn as stop, as @ai-sdk/anthropic does, with the stop reason in providerMetadata.unigate', async () => {
    const { model } = answering(message({ stop_reason: 'pause_turn' }));
    const result = await model.doGenerate(call([userText('Search')]));
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'pause_turn' });
    expect(result.providerMetadata).toEqual({ unigate: { stopSequence: null, stopReason: 'pause_turn' } });
  });

  it('reports the matched stop sequence in providerMetadata.unigate', async () => {
    const { model } = answering(message({ stop_reason: 'stop_sequence', stop_sequence: 'END' }));
    const result = await model.doGenerate({ ...call([userText('Count')]), stopSequences: ['END'] });
    expect(result.providerMetadata).toEqual({ unigate: { stopSequence: 'END' } });
  });

  it('maps cache reads and writes into the V3 usage shape', async () => {
    const wire = { input_tokens: 10, output_tokens: 7, cache_read_input_tokens: 100, cache_creation_input_tokens: 20 };
    const { model } = answering(message({ usage: wire }));
    const result = await model.doGenerate(call([userText('Hi')]));
    expect(result.usage).toEqual({
      inputTokens: { total: 130, noCache: 10, cacheRead: 100, cacheWrite: 20 },
      outputTokens: { total: 7, text: undefined, reasoning: undefined },
      raw: wire,
    });
  });

  it('maps tool_use blocks to tool calls with JSON-string input, in order with text', async () => {
    const { model } = answering(
      message({
        content: [
          { type: 'text', text: 'Checking both.' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'time', input: {} },
        ],
        stop_reason: 'tool_use',
      }),
    );
    const result = await model.doGenerate(call([userText('Weather and time?')]));
    expect(result.content).toEqual([
      { type: 'text', text: 'Checking both.' },
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather', input: '{"city":"Paris"}' },
      { type: 'tool-call', toolCallId: 'toolu_2', toolName: 'time', input: '{}' },
    ]);
    expect(result.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_use' });
  });

  it('maps thinking and redacted_thinking blocks to reasoning with the signature or data', async () => {
    const { model } = answering(
      message({
        content: [
          { type: 'thinking', thinking: 'Let me think.', signature: 'sig-123' },
          { type: 'redacted_thinking', data: 'OPAQUE' },
          { type: 'text', text: '42' },
        ],
      }),
    );
    const result = await model.doGenerate(call([userText('Answer?')]));
    expect(result.content).toEqual([
      { type: 'reasoning', text: 'Let me think.', providerMetadata: { unigate: { signature: 'sig-123' } } },
      { type: 'reasoning', text: '', providerMetadata: { unigate: { redactedData: 'OPAQUE' } } },
      { type: 'text', text: '42' },
    ]);
  });

  it('skips block kinds the spec does not name, but fails on a known block missing its fields', async () => {
    const tolerant = answering(
      message({
        content: [
          { type: 'server_thing', x: 1 },
          { type: 'text', text: 'ok', extra: true },
        ],
      }),
    );
    expect((await tolerant.model.doGenerate(call([userText('Hi')]))).content).toEqual([{ type: 'text', text: 'ok' }]);

    const broken = answering(message({ content: [{ type: 'tool_use', name: 'weather', input: {} }] }));
    const error = (await failure(broken.model.doGenerate(call([userText('Hi')])))) as Error;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate returned an unexpected response body: content.0.id: tool_use block: Invalid input: expected string, received undefined',
    );
  });

  it('returns the json tool input as the text answer, with finish reason stop', async () => {
    const { model } = answering(
      message({
        content: [{ type: 'tool_use', id: 'toolu_9', name: 'json', input: { name: 'Ada' } }],
        stop_reason: 'tool_use',
      }),
    );
    const result = await model.doGenerate({
      ...call([userText('Invent a name.')]),
      responseFormat: { type: 'json', schema: { type: 'object', properties: { name: { type: 'string' } } } },
    });
    expect(result.content).toEqual([{ type: 'text', text: '{"name":"Ada"}' }]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'tool_use' });
  });

  it('keeps real tool calls as tool calls next to a json answer tool', async () => {
    const { model } = answering(
      message({
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x' } }],
        stop_reason: 'tool_use',
      }),
    );
    const result = await model.doGenerate({
      ...call([userText('Invent a name.')]),
      responseFormat: { type: 'json', schema: { type: 'object' } },
      tools: [{ type: 'function', name: 'lookup', inputSchema: { type: 'object' } }],
    });
    expect(result.content).toEqual([
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'lookup', input: '{"q":"x"}' },
    ]);
    expect(result.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_use' });
  });
});
