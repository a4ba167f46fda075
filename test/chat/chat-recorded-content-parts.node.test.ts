import { generateText, streamText } from 'ai';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { readAll, sseResponse } from '../helpers/test-kit';
import { recordedEvents, recordedJson } from '../replay/shape-recordings';
import { CHAT_URL, chunk, DONE, prompt, setup } from './chat-fixtures';

// Mistral's reasoning models (magistral) send `content` as a list of `thinking` and `text` parts, in
// answers and in deltas. The recordings are vendored from vercel/ai's @ai-sdk/mistral fixtures; that
// provider is not installed here, so the expected values are what the recording itself says.

const REASONING = 'The user is asking for 2+2. This is basic arithmetic. 2+2=4.';
const TEXT = '2 + 2 = 4';
const USAGE = { prompt_tokens: 10, total_tokens: 56, completion_tokens: 46 };
const DONE_ON = { id: 'a4e29c5b82f94d67b23e108a7c9df6e1', modelId: 'magistral-medium-2507' };

const answering = (json: Record<string, unknown>) => setup([http.post(CHAT_URL, () => HttpResponse.json(json))]);
const streaming = (events: string[]) => setup([http.post(CHAT_URL, () => sseResponse(events))]);
const recordedStream = () => recordedEvents('mistral/mistral-reasoning.chunks.txt');

describe('chat content as text and thinking parts (Mistral reasoning models)', () => {
  it('an answer: reasoning and text, in the order sent', async () => {
    const { model } = answering(recordedJson('mistral/mistral-reasoning.json'));
    const result = await model.doGenerate({ prompt });
    expect(result.content).toEqual([
      { type: 'reasoning', text: REASONING },
      { type: 'text', text: TEXT },
    ]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'stop' });
    expect([result.usage.inputTokens.total, result.usage.outputTokens.total]).toEqual([10, 46]);
  });

  it('a stream: reasoning deltas, then text deltas', async () => {
    const { model } = streaming(recordedStream());
    const parts = await readAll((await model.doStream({ prompt })).stream);
    expect(parts.slice(0, -1)).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', ...DONE_ON, timestamp: new Date(1769088912 * 1000) },
      { type: 'reasoning-start', id: 'reasoning-0' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'The user is asking' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: ' for 2+2. This is basic arithmetic. 2+2=4.' },
      { type: 'reasoning-end', id: 'reasoning-0' },
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: TEXT },
      { type: 'text-end', id: 'text-1' },
    ]);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 10 }, outputTokens: { total: 46 }, raw: USAGE },
    });
  });

  it('generateText and streamText give the recorded text and reasoning', async () => {
    const generated = await generateText({
      model: answering(recordedJson('mistral/mistral-reasoning.json')).model,
      prompt: 'Hi',
    });
    expect([generated.text, generated.reasoningText, generated.finishReason]).toEqual([TEXT, REASONING, 'stop']);
    const streamed = streamText({ model: streaming(recordedStream()).model, prompt: 'Hi' });
    await streamed.consumeStream();
    expect([await streamed.text, await streamed.reasoningText, await streamed.finishReason]).toEqual([
      TEXT,
      REASONING,
      'stop',
    ]);
  });

  it('skips kinds that carry no text (image_url, reference); thinking given as a string is read too', async () => {
    const { model } = streaming([
      chunk({
        content: [
          { type: 'reference', reference_ids: [1] },
          { type: 'thinking', thinking: 'Plan.' },
          { type: 'text', text: 'Hi' },
        ],
      }),
      chunk({ content: [{ type: 'image_url', image_url: 'https://x.test/a.png' }] }, 'stop'),
      DONE,
    ]);
    const parts = await readAll((await model.doStream({ prompt })).stream);
    expect(parts.filter(part => part.type.endsWith('-delta'))).toEqual([
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Plan.' },
      { type: 'text-delta', id: 'text-1', delta: 'Hi' },
    ]);
  });

  it('n > 1: a choice whose content is parts keeps its text in the choices metadata', async () => {
    const json = recordedJson('mistral/mistral-reasoning.json');
    const [choice] = json.choices as Array<Record<string, unknown>>;
    const { model } = answering({ ...json, choices: [choice, { ...choice, index: 1 }] });
    const result = await model.doGenerate({ prompt, providerOptions: { unigate: { n: 2 } } });
    expect(result.providerMetadata?.unigate?.choices).toEqual([
      { index: 0, text: TEXT, finishReason: 'stop' },
      { index: 1, text: TEXT, finishReason: 'stop' },
    ]);
  });

  it('a part whose text is not a string is an error naming it, in a stream and in an answer', async () => {
    const bad = [{ type: 'thinking', thinking: [{ type: 'text', text: 4 }] }];
    const parts = await readAll((await streaming([chunk({ content: bad }), DONE]).model.doStream({ prompt })).stream);
    const error = parts.find(part => part.type === 'error') as { error: Error } | undefined;
    expect(error?.error.message).toContain('choices[0].delta.content[0].thinking[0].text is number, not a string');
    const json = recordedJson('mistral/mistral-reasoning.json');
    const [choice] = json.choices as Array<Record<string, unknown>>;
    const answer = {
      ...json,
      choices: [{ ...choice, message: { role: 'assistant', content: [{ type: 'text', text: null }] } }],
    };
    await expect(answering(answer).model.doGenerate({ prompt })).rejects.toThrow(
      'Unigate chat completion: choices[0].message.content[0].text is null, not a string.',
    );
  });
});
