import { UnsupportedFunctionalityError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider-v4';
import { describe, expect, it } from 'vitest';
import { v3AsV4 } from '../../src/spec-adapters/adapt-language-model';
import { failure } from '../helpers/test-kit';
import { readParts, scriptedV3, sentToolItems, toolTurn, USAGE } from './spec-models';

// v3AsV4: another provider's V3 model in a V4 chain (the /v4 entry's gw.fallback). What the model is
// sent, and what the chain gets back.

const BYTES = new Uint8Array([1, 2, 3]);
const NOTES = 'Notes: é'; // not ASCII, so the bytes show the UTF-8 encoding
const NOTES_UTF8 = new Uint8Array([78, 111, 116, 101, 115, 58, 32, 0xc3, 0xa9]);

const call = (prompt: LanguageModelV4Prompt, rest: Partial<LanguageModelV4CallOptions> = {}) => ({ prompt, ...rest });
const ask = (...content: unknown[]): LanguageModelV4Prompt => [{ role: 'user', content: content as never }];

const unsent = (where: string, type: string, what: string) => ({
  type: 'unsupported',
  feature: `assistant ${type} part`,
  details: `${where} is an assistant ${what}: the AI SDK V3 format has no place for it, so it was not sent.`,
});

// An assistant turn with the two parts V3 has no place for, between parts it has.
const assistantTurn: LanguageModelV4Prompt[number] = {
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'thinking' },
    { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: 'AQID' } },
    { type: 'text', text: 'Done.' },
    { type: 'custom', kind: 'other.note' },
    { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: {} },
  ],
};
const assistantTurnAsV3 = {
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'thinking' },
    { type: 'text', text: 'Done.' },
    { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: {} },
  ],
};
const assistantWarnings = [
  unsent('prompt[1].content[1]', 'reasoning-file', 'reasoning-file part (image/png)'),
  unsent('prompt[1].content[3]', 'custom', 'custom part of kind "other.note"'),
];

describe('v3AsV4: call options, V4 to V3', () => {
  it('sends file data as V3 data: bytes and base64 as given, URLs with their original string, inline text as UTF-8 bytes', async () => {
    const { model, calls } = scriptedV3();
    const url = new URL('https://files.example/a%20b.pdf');
    await v3AsV4(model).doGenerate(
      call(
        ask(
          { type: 'text', text: 'Look:' },
          { type: 'file', data: { type: 'data', data: BYTES }, mediaType: 'image/png', filename: 'a.png' },
          { type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'image/png' },
          {
            type: 'file',
            data: { type: 'url', url, originalUrl: 'https://files.example/a b.pdf' },
            mediaType: 'application/pdf',
          },
          { type: 'file', data: { type: 'url', url: new URL('https://files.example/c.png') }, mediaType: 'image/png' },
          { type: 'file', data: { type: 'text', text: NOTES }, mediaType: 'text/plain' },
        ),
        { temperature: 0.2, reasoning: 'low', seed: 7 },
      ),
    );
    expect(calls).toEqual([
      {
        prompt: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look:' },
              { type: 'file', data: BYTES, mediaType: 'image/png', filename: 'a.png' },
              { type: 'file', data: 'AQID', mediaType: 'image/png' },
              { type: 'file', data: url, originalUrl: 'https://files.example/a b.pdf', mediaType: 'application/pdf' },
              { type: 'file', data: new URL('https://files.example/c.png'), mediaType: 'image/png' },
              { type: 'file', data: NOTES_UTF8, mediaType: 'text/plain' },
            ],
          },
        ],
        temperature: 0.2,
        reasoning: 'low',
        seed: 7,
      },
    ]);
    const sent = (calls[0] as any).prompt[0].content;
    expect(sent[5].data).toBeInstanceOf(Uint8Array);
    expect(sent[4]).not.toHaveProperty('originalUrl');
  });

  it.each([
    ['image', 'image/*'],
    ['audio', 'audio/*'],
    ['text', 'text/*'],
    ['application', 'application/*'],
    ['image/png', 'image/png'],
    ['application/vnd.api+json', 'application/vnd.api+json'],
  ])('gives the media type %s as %s', async (mediaType, sent) => {
    const { model, calls } = scriptedV3();
    await v3AsV4(model).doGenerate(call(ask({ type: 'file', data: { type: 'data', data: 'AQID' }, mediaType })));
    expect((calls[0] as any).prompt[0].content[0].mediaType).toBe(sent);
  });

  it('refuses a file part given by provider reference, naming the part and the model, before calling it', async () => {
    const { model, calls } = scriptedV3();
    const error = await failure(
      v3AsV4(model).doGenerate(
        call([
          { role: 'system', content: 'Be brief.' },
          ...ask(
            { type: 'text', text: 'Look:' },
            { type: 'file', data: { type: 'reference', reference: { other: 'f-1' } }, mediaType: 'image' },
          ),
        ]),
      ),
    );
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'prompt[1].content[1] is a file given by provider reference {"other":"f-1"} (`reference` file data): model ' +
        '"other3-model" (other3.chat) speaks AI SDK V3, whose file parts cannot hold a provider reference. Pass the ' +
        'file itself instead: bytes (a Uint8Array), a base64 string or a URL.',
    );
    expect(calls).toEqual([]);
  });

  it('turns tool result file items into file-data (base64), file-url and file-id; text and custom items pass', async () => {
    const { model, calls } = scriptedV3();
    const value = [
      { type: 'text', text: 'done' },
      { type: 'file', data: { type: 'data', data: BYTES }, mediaType: 'image/png', filename: 'c.png' },
      { type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'image' },
      { type: 'file', data: { type: 'text', text: NOTES }, mediaType: 'text/plain' },
      {
        type: 'file',
        data: { type: 'url', url: new URL('https://files.example/r.pdf') },
        mediaType: 'application/pdf',
      },
      { type: 'file', data: { type: 'reference', reference: { other: 'f-2' } }, mediaType: 'application' },
      { type: 'custom', providerOptions: { other: { kind: 'x' } } },
    ];
    await v3AsV4(model).doGenerate(call([toolTurn(value)]));
    expect(sentToolItems(calls)).toEqual([
      { type: 'text', text: 'done' },
      { type: 'file-data', data: 'AQID', mediaType: 'image/png', filename: 'c.png' },
      { type: 'file-data', data: 'AQID', mediaType: 'image/*' },
      { type: 'file-data', data: 'Tm90ZXM6IMOp', mediaType: 'text/plain' },
      { type: 'file-url', url: 'https://files.example/r.pdf', mediaType: 'application/pdf' },
      { type: 'file-id', fileId: { other: 'f-2' } },
      { type: 'custom', providerOptions: { other: { kind: 'x' } } },
    ]);
  });

  it('leaves out assistant reasoning-file and custom parts, with an unsupported warning each in the result', async () => {
    const { model, calls } = scriptedV3();
    const result = await v3AsV4(model).doGenerate(call([...ask({ type: 'text', text: 'Hi' }), assistantTurn]));
    expect((calls[0] as any).prompt[1]).toEqual(assistantTurnAsV3);
    expect(result.warnings).toEqual([{ type: 'other', message: 'its own' }, ...assistantWarnings]);
  });
});

describe('v3AsV4: results, V3 to V4', () => {
  it('gives file content its tagged data form; the rest as the model answered', async () => {
    const { model } = scriptedV3({
      content: [
        { type: 'text', text: 'Here' },
        { type: 'file', mediaType: 'image/png', data: 'AQID' },
        { type: 'file', mediaType: 'image/png', data: BYTES },
      ],
    });
    const result = await v3AsV4(model).doGenerate(call(ask({ type: 'text', text: 'Hi' })));
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'Here' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AQID' } },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: BYTES } },
      ],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: USAGE,
      warnings: [{ type: 'other', message: 'its own' }],
    });
  });

  const finish: LanguageModelV3StreamPart = {
    type: 'finish',
    usage: USAGE,
    finishReason: { unified: 'stop', raw: 'stop' },
  };

  it('streams files in the tagged form, the prompt’s warnings after the model’s in stream-start, the rest as the same objects', async () => {
    const delta: LanguageModelV3StreamPart = { type: 'text-delta', id: 't', delta: 'Hi' };
    const { model } = scriptedV3({
      parts: [
        { type: 'stream-start', warnings: [{ type: 'other', message: 'its own' }] },
        { type: 'text-start', id: 't' },
        delta,
        { type: 'text-end', id: 't' },
        { type: 'file', mediaType: 'image/png', data: 'AQID' },
        finish,
      ],
    });
    const { stream } = await v3AsV4(model).doStream(call([...ask({ type: 'text', text: 'Hi' }), assistantTurn]));
    const read = await readParts(stream);
    expect(read).toEqual([
      { type: 'stream-start', warnings: [{ type: 'other', message: 'its own' }, ...assistantWarnings] },
      { type: 'text-start', id: 't' },
      delta,
      { type: 'text-end', id: 't' },
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AQID' } },
      finish,
    ]);
    expect(read[2]).toBe(delta);
    expect(read[5]).toBe(finish);
  });

  it('opens with a stream-start for the prompt’s warnings when the model’s stream has none', async () => {
    const { model } = scriptedV3({ parts: [{ type: 'text-start', id: 't' }, finish] });
    const read = await readParts(
      (await v3AsV4(model).doStream(call([...ask({ type: 'text', text: 'Hi' }), assistantTurn]))).stream,
    );
    expect(read).toEqual([
      { type: 'stream-start', warnings: assistantWarnings },
      { type: 'text-start', id: 't' },
      finish,
    ]);
  });

  it('leaves a stream without warnings to add as it is', async () => {
    const start: LanguageModelV3StreamPart = { type: 'stream-start', warnings: [] };
    const { model } = scriptedV3({ parts: [start, finish] });
    const read = await readParts((await v3AsV4(model).doStream(call(ask({ type: 'text', text: 'Hi' })))).stream);
    expect(read).toEqual([start, finish]);
    expect(read[0]).toBe(start);
  });
});
