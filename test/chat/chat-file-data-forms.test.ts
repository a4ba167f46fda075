import { UnsupportedFunctionalityError, type LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { readAll } from '../helpers/test-kit';
import {
  ask,
  assistantWithV4Parts,
  DOCUMENT,
  IMAGE_URL,
  imageForms,
  PNG_BASE64,
  promptKit,
  textFileItem,
  toolTurns,
  v4File,
  v4PartWarnings,
} from '../helpers/v4-prompt-parts';
import { answering, chunk, completion, DONE, streaming, usageChunk } from './chat-fixtures';

// The chat model given the prompt ai@7's adapter hands a V3 model: V4 file data forms, bare top-level
// media types, V4 tool-result items and assistant parts V3 has no type for. What both formats do alike
// (inline text, refusals) is in test/prompt/file-part-data.test.ts.
const { sent, refused } = promptKit(() => answering(completion({ content: 'ok' })));

describe('chat: V4 file data forms in user messages', () => {
  it("sends V4's tagged data and url forms, and a bare `image` type, as images: the type read from the bytes, URLs as they are", async () => {
    const { messages } = await sent([ask(...imageForms(), v4File(new Uint8Array([1, 2, 3]), 'image'))]);
    const png = { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } };
    const url = { type: 'image_url', image_url: { url: IMAGE_URL } };
    expect(messages).toEqual([
      {
        role: 'user',
        // Bytes of no known signature under a bare `image` go as JPEG, what upstreams assume.
        content: [png, png, url, png, url, { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AQID' } }],
      },
    ]);
  });
});

describe('chat: V4 items in tool results', () => {
  it("sends an inline text file item ({type: 'file'} with {type: 'text'} data) as text in the tool message", async () => {
    const { messages } = await sent(toolTurns([{ type: 'text', text: 'Report:' }, textFileItem]));
    expect(messages[2]).toEqual({ role: 'tool', tool_call_id: 'c1', content: `Report:\n${DOCUMENT}` });
  });

  it('refuses a file-id item (how ai@7 passes a reference) and a file-url item without a media type: the tool message is text only', async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'file-id', fileId: { unigate: 'file-1' } }, 'file-id'],
      [{ type: 'file-url', url: IMAGE_URL }, 'file-url'],
      [{ type: 'file', data: { type: 'reference', reference: { unigate: 'file-1' } }, mediaType: 'image' }, 'file'],
    ];
    for (const [item, type] of cases) {
      const error = await refused(toolTurns([item]));
      expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        `The chat-completions format carries only text in tool results; the result of tool "report" holds a ${type} item (prompt[2].content[0].output.value[0]).`,
      );
    }
  });
});

describe("chat: ai@7's assistant reasoning-file and custom parts", () => {
  const prompt: LanguageModelV3Prompt = [ask({ type: 'text', text: 'Chart it.' }), assistantWithV4Parts];

  it('leaves them out with a warning naming each part, where they were dropped silently; the rest of the turn is sent', async () => {
    const { messages, warnings } = await sent(prompt);
    expect(messages).toEqual([
      { role: 'user', content: 'Chart it.' },
      { role: 'assistant', content: 'Here is the chart.' },
    ]);
    expect(warnings).toEqual(v4PartWarnings(1, 'chat-completions'));
  });

  it('gives the same warnings at the start of a stream', async () => {
    const { model } = streaming([chunk({ content: 'ok' }, 'stop'), usageChunk({ prompt_tokens: 1 }), DONE]);
    const [start] = await readAll((await model.doStream({ prompt })).stream);
    expect(start).toEqual({ type: 'stream-start', warnings: v4PartWarnings(1, 'chat-completions') });
  });
});
