import { InvalidPromptError, UnsupportedFunctionalityError, type LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { isTextMediaType, readFilePartData, referenceFileError } from '../../src/prompt/call-options';
import { answering as answeringChat, completion } from '../chat/chat-fixtures';
import { thrown } from '../helpers/test-kit';
import {
  ask,
  askAboutText,
  DOCUMENT,
  IMAGE_URL,
  promptKit,
  referenceError,
  referenceFile,
  v4File,
} from '../helpers/v4-prompt-parts';
import { answering as answeringMessages, message } from '../messages/messages-test-kit';

// The one reader of file part data for both wire formats: V3's bytes, base64 and URLs, and the tagged
// V4 forms ai@7's adapter hands a V3 model unconverted.
const PROMPT = [{ role: 'user', content: [] }];
const WHERE = 'prompt[0].content[1]';
const read = (data: unknown, mediaType = 'image/png') => readFilePartData(data, mediaType, WHERE, PROMPT);

describe('readFilePartData', () => {
  it('reads a text file given as UTF-8 bytes or base64 as inline text, and one that is not UTF-8 as bytes', () => {
    expect(read(new TextEncoder().encode('héllo'), 'text/plain')).toEqual({ type: 'text', text: 'héllo' });
    expect(read(btoa('{"a":1}'), 'application/json')).toEqual({ type: 'text', text: '{"a":1}' });
    expect(read(new Uint8Array([0xff, 0xfe]), 'text/plain')).toEqual({ type: 'base64', base64: '//4=' });
    expect(read('not base64!', 'text/plain')).toEqual({ type: 'base64', base64: 'not base64!' });
  });

  it('reads bytes, base64 strings and URLs as V3 gives them', () => {
    expect(read(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toEqual({ type: 'base64', base64: 'iVBORw==' });
    expect(read('iVBORw==')).toEqual({ type: 'base64', base64: 'iVBORw==' });
    const url = new URL('https://images.example/cat.png');
    expect(read(url)).toEqual({ type: 'url', url });
  });

  it("reads V4's tagged data and url forms like bytes, base64 and URLs", () => {
    expect(read({ type: 'data', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) })).toEqual({
      type: 'base64',
      base64: 'iVBORw==',
    });
    expect(read({ type: 'data', data: 'iVBORw==' })).toEqual({ type: 'base64', base64: 'iVBORw==' });
    const url = new URL('https://images.example/cat.png');
    expect(read({ type: 'url', url })).toEqual({ type: 'url', url });
  });

  it('reads inline text under every text media type, bare or full', () => {
    for (const mediaType of [
      'text',
      'text/plain',
      'text/markdown; charset=utf-8',
      'application/json',
      'image/svg+xml',
    ]) {
      expect(read({ type: 'text', text: '# Notes\nline 2' }, mediaType)).toEqual({
        type: 'text',
        text: '# Notes\nline 2',
      });
    }
  });

  it('refuses inline text labelled with a non-text media type, naming the part and the type', () => {
    const error = thrown(() => read({ type: 'text', text: 'not an image' }, 'image/png'));
    expect(InvalidPromptError.isInstance(error)).toBe(true);
    expect(error.prompt).toBe(PROMPT);
    expect(error.message).toBe(
      'Invalid prompt: prompt[0].content[1] is inline text ({type: \'text\'}) labelled with media type "image/png": ' +
        'inline text is sent as text, so its media type must be a text type (text, text/plain, application/json...).',
    );
  });

  it('refuses a provider reference, naming it, the part and what to pass instead', () => {
    const error = thrown(() => read({ type: 'reference', reference: { unigate: 'file-1' } }));
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(error.functionality).toBe('reference file data');
    expect(error.message).toBe(
      'prompt[0].content[1] is a file given by provider reference {"unigate":"file-1"} (`reference` file data): the ' +
        'gateway keeps no files a reference could point to. Pass the file itself instead: bytes (a Uint8Array), a ' +
        'base64 string or a URL.',
    );
  });

  it('refuses data of no known form with an InvalidPromptError naming the part and what it holds', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'null'],
      [undefined, 'undefined'],
      [42, 'a number'],
      [[1, 2], 'an array'],
      [{ type: 'blob', blob: {} }, 'an object of type "blob"'],
      [{ bytes: 'x' }, 'an object with keys bytes'],
      [{ type: 'data', data: 7 }, "{type: 'data'} holding a number"],
      [{ type: 'url', url: 'https://images.example/cat.png' }, "{type: 'url'} holding a string"],
      [{ type: 'text' }, "{type: 'text'} holding undefined"],
    ];
    for (const [data, detail] of cases) {
      const error = thrown(() => read(data));
      expect(InvalidPromptError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        `Invalid prompt: prompt[0].content[1] is a file whose data is ${detail}. File data is bytes (a Uint8Array), ` +
          "a base64 string, a URL, or one of ai@7's forms {type: 'data', data}, {type: 'url', url} and {type: 'text', text}.",
      );
    }
  });

  it('refuses a file part without a media type instead of failing on it later', () => {
    const error = thrown(() => readFilePartData('iVBORw==', undefined as unknown as string, WHERE, PROMPT));
    expect(InvalidPromptError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Invalid prompt: prompt[0].content[1] is a file with no media type (undefined).');
  });
});

describe('isTextMediaType', () => {
  it('takes text types, bare or full, and JSON, XML, YAML and JavaScript ones', () => {
    const text = ['text', 'TEXT/Plain', 'text/csv;charset=utf-8', 'application/json', 'application/ld+json'];
    const more = ['application/xml', 'application/x-yaml', 'application/yaml', 'application/javascript'];
    for (const type of [...text, ...more]) expect(isTextMediaType(type)).toBe(true);
    for (const type of ['image', 'image/png', 'application/pdf', 'textual/x', 'application/octet-stream']) {
      expect(isTextMediaType(type)).toBe(false);
    }
  });
});

describe('referenceFileError', () => {
  it('says how the reference came when it is not a file part', () => {
    expect(referenceFileError('prompt[2].content[0].output.value[1]', 'file-9', 'a file-id item').message).toBe(
      'prompt[2].content[0].output.value[1] is a file given by provider reference "file-9" (a file-id item): the ' +
        'gateway keeps no files a reference could point to. Pass the file itself instead: bytes (a Uint8Array), a ' +
        'base64 string or a URL.',
    );
  });
});

// What both language formats' models do alike with the reader's shapes: inline text goes as a text
// part (chat) or block (messages), both `{type: 'text', text}`; the refusals come before any request, never a
// TypeError (where `reference` data used to go out as `[object Object]` on chat and throw one on messages).
describe.each([
  ['chat completions', promptKit(() => answeringChat(completion({ content: 'ok' })))],
  ['the messages format', promptKit(() => answeringMessages(message()))],
])('file data forms on %s', (_format, { sent, refused }) => {
  it("sends inline text ({type: 'text'}) as text carrying the document, under any text media type", async () => {
    const { messages } = await sent([askAboutText('text/plain', 'text', 'application/json', 'text/markdown')]);
    const document = { type: 'text', text: DOCUMENT };
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Summarise:' }, document, document, document, document] },
    ]);
  });

  it('sends a text file given as bytes or base64 (V3 form or V4 data) as text carrying the document', async () => {
    const bytes = new TextEncoder().encode(DOCUMENT);
    const base64 = btoa(DOCUMENT);
    const { messages } = await sent([
      ask(
        { type: 'text', text: 'Summarise:' },
        { type: 'file', data: bytes, mediaType: 'text/plain' },
        { type: 'file', data: base64, mediaType: 'text/markdown' },
        v4File({ type: 'data', data: bytes }, 'application/json'),
        v4File({ type: 'data', data: base64 }, 'text'),
      ),
    ]);
    const document = { type: 'text', text: DOCUMENT };
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Summarise:' }, document, document, document, document] },
    ]);
  });

  it('refuses `reference` file data before any request, naming it, the part and what to pass instead', async () => {
    for (const mediaType of ['image/png', 'image', 'application/pdf']) {
      const error = await refused([ask({ type: 'text', text: 'Look:' }, referenceFile(mediaType))]);
      expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
      expect(error.message).toBe(referenceError('prompt[0].content[1]'));
    }
  });

  it('refuses inline text labelled as an image and data of no known form as invalid prompts naming the part', async () => {
    const labelled = await refused([ask(v4File({ type: 'text', text: 'x' }, 'image'))]);
    expect(InvalidPromptError.isInstance(labelled)).toBe(true);
    expect(labelled.message).toContain(
      'prompt[0].content[0] is inline text ({type: \'text\'}) labelled with media type "image"',
    );
    const unknown = await refused([ask({ type: 'text', text: 'Look:' }, v4File({ type: 'blob' }, 'image'))]);
    expect(InvalidPromptError.isInstance(unknown)).toBe(true);
    expect(unknown.message).toContain('prompt[0].content[1] is a file whose data is an object of type "blob".');
  });

  it('refuses user and assistant parts of unknown types as invalid prompts naming them', async () => {
    const user = await refused([ask({ type: 'video', url: IMAGE_URL })]);
    expect(InvalidPromptError.isInstance(user)).toBe(true);
    expect(user.message).toBe(
      'Invalid prompt: prompt[0].content[0] is a user part of unknown type "video": it cannot be sent.',
    );
    const assistant = await refused([
      ask({ type: 'text', text: 'Hi' }),
      { role: 'assistant', content: [{ type: 'hologram' }] } as unknown as LanguageModelV3Prompt[number],
    ]);
    expect(InvalidPromptError.isInstance(assistant)).toBe(true);
    expect(assistant.message).toBe(
      'Invalid prompt: prompt[1].content[0] is an assistant part of unknown type "hologram": it cannot be sent.',
    );
  });
});
