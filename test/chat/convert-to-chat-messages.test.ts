import { UnsupportedFunctionalityError, type LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { convertToChatMessages } from '../../src/chat/convert-to-chat-messages';
import { failure } from '../helpers/test-kit';
import { answering, completion } from './chat-fixtures';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

function unsupported(prompt: LanguageModelV3Prompt): UnsupportedFunctionalityError {
  try {
    convertToChatMessages(prompt);
  } catch (error) {
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    return error as UnsupportedFunctionalityError;
  }
  throw new Error('expected an UnsupportedFunctionalityError');
}

describe('convertToChatMessages', () => {
  it('converts system and single-text user messages to plain strings', () => {
    expect(
      convertToChatMessages([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('keeps the system message verbatim: leading and trailing spaces, tabs and newlines included', () => {
    const system = '\n  You are terse.\n\tAnswer in French.  \n\n';
    expect(convertToChatMessages([{ role: 'system', content: system }])).toEqual([
      { role: 'system', content: '\n  You are terse.\n\tAnswer in French.  \n\n' },
    ]);
  });

  it('converts multi-part user content: image URL kept, bytes and base64 as data URLs', () => {
    expect(
      convertToChatMessages([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare these:' },
            { type: 'file', mediaType: 'image/jpeg', data: new URL('https://img.test/cat.jpg') },
            { type: 'file', mediaType: 'image/png', data: png },
            { type: 'file', mediaType: 'image/webp', data: 'UklGRg==' },
            { type: 'file', mediaType: 'image/*', data: png },
          ],
        },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare these:' },
          { type: 'image_url', image_url: { url: 'https://img.test/cat.jpg' } },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw==' } },
          { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,iVBORw==' } },
        ],
      },
    ]);
  });

  it("takes a bare `image` media type (ai@7's image parts): URL as is, bytes and base64 labelled by their signature", () => {
    const realPng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(
      convertToChatMessages([
        {
          role: 'user',
          content: [
            { type: 'file', mediaType: 'image', data: new URL('https://img.test/cat') },
            { type: 'file', mediaType: 'image', data: realPng },
            { type: 'file', mediaType: 'image', data: '/9j/4AAQSkZJRg==' },
            { type: 'file', mediaType: 'IMAGE', data: 'AAAA' },
            { type: 'file', mediaType: 'image', data: new URL('data:image/gif;base64,R0lGODlh') },
          ],
        },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'https://img.test/cat' } },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgoAAAAN' } },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' } },
          // Unrecognisable bytes: JPEG, as upstreams assume.
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAAA' } },
          { type: 'image_url', image_url: { url: 'data:image/gif;base64,R0lGODlh' } },
        ],
      },
    ]);
  });

  it('converts assistant text and tool calls; the reasoning of a tool-call turn goes back as reasoning_content to a model that takes it', () => {
    expect(
      convertToChatMessages(
        [
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'The user wants weather.' },
              { type: 'text', text: 'Let me ' },
              { type: 'text', text: 'check.' },
              { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: { city: 'Paris' } },
              { type: 'tool-call', toolCallId: 'call_2', toolName: 'time', input: {} },
            ],
          },
        ],
        { modelId: 'deepseek-reasoner' },
      ),
    ).toEqual([
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'time', arguments: '{}' } },
        ],
        reasoning_content: 'The user wants weather.',
      },
    ]);
  });

  it('sends null content for an assistant turn that only calls tools, and a string otherwise', () => {
    expect(
      convertToChatMessages([
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: { a: 1 } }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      ]),
    ).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 't', arguments: '{"a":1}' } }],
      },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('converts every tool output kind to a tool message', () => {
    expect(
      convertToChatMessages([
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'weather',
              output: { type: 'json', value: { temp: 21, unit: 'C' } },
            },
            { type: 'tool-result', toolCallId: 'c2', toolName: 'time', output: { type: 'text', value: '12:00' } },
            {
              type: 'tool-result',
              toolCallId: 'c3',
              toolName: 'weather',
              output: { type: 'error-text', value: 'City unknown' },
            },
            {
              type: 'tool-result',
              toolCallId: 'c4',
              toolName: 'weather',
              output: { type: 'error-json', value: { code: 404 } },
            },
            {
              type: 'tool-result',
              toolCallId: 'c5',
              toolName: 'rm',
              output: { type: 'execution-denied', reason: 'Not allowed' },
            },
            { type: 'tool-result', toolCallId: 'c6', toolName: 'rm', output: { type: 'execution-denied' } },
            {
              type: 'tool-result',
              toolCallId: 'c7',
              toolName: 'search',
              output: {
                type: 'content',
                value: [
                  { type: 'text', text: 'first' },
                  { type: 'text', text: 'second' },
                ],
              },
            },
          ],
        },
      ]),
    ).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: '{"temp":21,"unit":"C"}' },
      { role: 'tool', tool_call_id: 'c2', content: '12:00' },
      { role: 'tool', tool_call_id: 'c3', content: 'City unknown' },
      { role: 'tool', tool_call_id: 'c4', content: '{"code":404}' },
      { role: 'tool', tool_call_id: 'c5', content: 'Not allowed' },
      { role: 'tool', tool_call_id: 'c6', content: 'The tool execution was denied.' },
      { role: 'tool', tool_call_id: 'c7', content: 'first\nsecond' },
    ]);
  });

  it('leaves out calls the provider executed, with their results', () => {
    expect(
      convertToChatMessages([
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'ws', toolName: 'web_search', input: {}, providerExecuted: true },
            { type: 'tool-result', toolCallId: 'ws', toolName: 'web_search', output: { type: 'json', value: [] } },
            { type: 'text', text: 'Found it.' },
          ],
        },
      ]),
    ).toEqual([{ role: 'assistant', content: 'Found it.' }]);
  });

  it('refuses a non-image file in a user message', () => {
    const error = unsupported([
      { role: 'user', content: [{ type: 'file', mediaType: 'application/pdf', data: png, filename: 'a.pdf' }] },
    ]);
    expect(error.functionality).toBe('file part with media type application/pdf in a user message');
    // The advice leads to what works: the messages format refuses PDFs too.
    expect(error.message).toBe(
      'The gateway takes images only as files, in user messages, on the chat-completions and the messages format alike; ' +
        'a file of media type "application/pdf" in a user message cannot be sent. ' +
        "Extract the PDF's text and send it as a text part, or render its pages as images (PNG or JPEG) and send those.",
    );
    const audio = unsupported([{ role: 'user', content: [{ type: 'file', mediaType: 'audio/wav', data: png }] }]);
    expect(audio.functionality).toBe('file part with media type audio/wav in a user message');
    expect(audio.message).toMatch(
      /cannot be sent\. Transcribe the audio with transcription\('whisper-1'\) on the provider and send the text as a text part\.$/,
    );
    const text = unsupported([{ role: 'user', content: [{ type: 'file', mediaType: 'text/csv', data: png }] }]);
    expect(text.message).toMatch(/cannot be sent\. Send the file's content as a text part\.$/);
    const image = unsupported([{ role: 'assistant', content: [{ type: 'file', mediaType: 'image/png', data: png }] }]);
    expect(image.message).toMatch(/in an assistant message cannot be sent\. Send it in a user message\.$/);
  });

  it('refuses files in assistant messages and non-text tool output', () => {
    expect(
      unsupported([{ role: 'assistant', content: [{ type: 'file', mediaType: 'image/png', data: png }] }])
        .functionality,
    ).toBe('file part with media type image/png in an assistant message');
    const error = unsupported([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 'screenshot',
            output: { type: 'content', value: [{ type: 'image-data', data: 'iVBORw==', mediaType: 'image/png' }] },
          },
        ],
      },
    ]);
    expect(error.functionality).toBe('tool result content of type image-data');
    expect(error.message).toContain('"screenshot"');
  });

  it('refuses a tool result placed in an assistant message for a client-run call', () => {
    expect(
      unsupported([
        {
          role: 'assistant',
          content: [{ type: 'tool-result', toolCallId: 'c9', toolName: 't', output: { type: 'text', value: 'x' } }],
        },
      ]).functionality,
    ).toBe('tool results in assistant messages');
  });

  it('sends the converted history in the request, and nothing when a part cannot be carried', async () => {
    const { model, requests } = answering(completion({ content: 'ok' }));
    await model.doGenerate({
      prompt: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'weather',
              output: { type: 'json', value: { temp: -3 } },
            },
          ],
        },
      ],
    });
    expect((requests[0].body as { messages: unknown }).messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"temp":-3}' },
    ]);

    const failed = await failure(
      model.doStream({
        prompt: [{ role: 'user', content: [{ type: 'file', mediaType: 'application/pdf', data: png }] }],
      }),
    );
    expect(UnsupportedFunctionalityError.isInstance(failed)).toBe(true);
    expect(requests).toHaveLength(1);
  });
});
