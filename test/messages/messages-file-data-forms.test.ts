import { InvalidPromptError, UnsupportedFunctionalityError, type LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { readAll } from '../helpers/test-kit';
import {
  ask,
  assistantWithV4Parts,
  DOCUMENT,
  IMAGE_URL,
  imageForms,
  PNG_BASE64,
  PNG_BYTES,
  promptKit,
  referenceError,
  textFileItem,
  toolTurns,
  v4File,
  v4PartWarnings,
} from '../helpers/v4-prompt-parts';
import { answering, message, messageDelta, messageStart, messageStop, streaming } from './messages-test-kit';

// The messages model given the prompt ai@7's adapter hands a V3 model: V4 file data forms, bare
// top-level media types, V4 tool-result items and assistant parts V3 has no type for. What both formats do
// alike (inline text, refusals) is in test/prompt/file-part-data.test.ts.
const { sent, refused } = promptKit(() => answering(message()));

const pngBlock = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } };
const urlBlock = { type: 'image', source: { type: 'url', url: IMAGE_URL } };

describe('messages: V4 file data forms in user messages', () => {
  it("sends V4's tagged data and url forms, and a bare `image` type, as images: the type read from the bytes, URLs as they are", async () => {
    const { messages } = await sent([ask(...imageForms())]);
    expect(messages).toEqual([{ role: 'user', content: [pngBlock, pngBlock, urlBlock, pngBlock, urlBlock] }]);
  });

  it('refuses bytes under a bare `image` whose type cannot be told, naming the type, before any request', async () => {
    const error = await refused([ask(v4File(new Uint8Array([1, 2, 3]), 'image'))]);
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'The messages format accepts images only (image/jpeg, image/png, image/gif, image/webp), as does the ' +
        'chat-completions format; received a file of media type "image" in user message 0. Convert the image to PNG or JPEG and send that.',
    );
  });
});

describe('messages: V4 items in tool results', () => {
  it('sends an inline text file item as a text block and a file-url item without a media type as an image URL', async () => {
    const { messages } = await sent(
      toolTurns([{ type: 'text', text: 'Report:' }, textFileItem, { type: 'file-url', url: IMAGE_URL }]),
    );
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'c1',
          content: [{ type: 'text', text: 'Report:' }, { type: 'text', text: DOCUMENT }, urlBlock],
        },
      ],
    });
  });

  it('sends V4 file items in the data and url forms as images', async () => {
    const { messages } = await sent(
      toolTurns([
        { type: 'file', data: { type: 'data', data: PNG_BYTES }, mediaType: 'image' },
        { type: 'file', data: { type: 'url', url: new URL(IMAGE_URL) }, mediaType: 'image/png' },
      ]),
    );
    expect(messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'c1', content: [pngBlock, urlBlock] }],
    });
  });

  it('refuses a file-id item (how ai@7 passes a reference) and a V4 reference item, naming reference and the item', async () => {
    const cases: Array<[unknown, string | undefined]> = [
      [
        { type: 'file-id', fileId: { unigate: 'file-1' } },
        'a file-id item, the form ai@7 gives `reference` file data in tool results',
      ],
      [{ type: 'image-file-id', fileId: { unigate: 'file-1' } }, 'an image-file-id item'],
      [{ type: 'file', data: { type: 'reference', reference: { unigate: 'file-1' } }, mediaType: 'image' }, undefined],
    ];
    for (const [item, form] of cases) {
      const error = await refused(toolTurns([{ type: 'text', text: 'Report:' }, item]));
      expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
      expect(error.message).toBe(referenceError('prompt[2].content[0].output.value[1]', form));
    }
  });

  it('refuses a tool result URL that does not parse as an invalid prompt naming the item', async () => {
    const error = await refused(toolTurns([{ type: 'file-url', url: 'not a url' }]));
    expect(InvalidPromptError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Invalid prompt: prompt[2].content[0].output.value[0] holds "not a url", which is not a URL.',
    );
  });
});

describe("messages: ai@7's assistant reasoning-file and custom parts", () => {
  const prompt: LanguageModelV3Prompt = [
    ask({ type: 'text', text: 'Chart it.' }),
    assistantWithV4Parts,
    ask({ type: 'text', text: 'Thanks' }),
  ];

  it('leaves them out with a warning naming each part, where they used to throw; the rest of the turn is sent', async () => {
    const { messages, warnings } = await sent(prompt);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Chart it.' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Here is the chart.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
    expect(warnings).toEqual(v4PartWarnings(1, 'messages'));
  });

  it('gives the same warnings at the start of a stream', async () => {
    const { model } = streaming([messageStart(), messageDelta('end_turn', 1), messageStop]);
    const [start] = await readAll((await model.doStream({ prompt })).stream);
    expect(start).toEqual({ type: 'stream-start', warnings: v4PartWarnings(1, 'messages') });
  });
});
