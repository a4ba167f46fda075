import { InvalidPromptError, type LanguageModelV3CallOptions, type LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider-v4';
import { describe, expect, it } from 'vitest';
import { v4AsV3 } from '../../src/spec-adapters/adapt-language-model';
import { failure } from '../helpers/test-kit';
import { readParts, scriptedV4, sentToolItems, toolTurn, USAGE } from './spec-models';

// v4AsV3: another provider's V4 model in a V3 chain (the root entry's gw.fallback). What the model is
// sent, and what the chain gets back.

const BYTES = new Uint8Array([1, 2, 3]);
const URL_WITH_SPACE = new URL('https://files.example/a%20b.pdf');

const call = (prompt: LanguageModelV3Prompt, rest: Partial<LanguageModelV3CallOptions> = {}) => ({ prompt, ...rest });

const leftOut = (where: string, what: string) => ({
  type: 'other',
  message: `${where} of the answer of V4 model "other4-model" (other4.chat) is ${what}: a V3 result has no place for it, so it was left out.`,
});

describe('v4AsV3: call options, V3 to V4', () => {
  it('sends file data in its tagged forms, the original URL string kept with the URL; other options as given', async () => {
    const { model, calls } = scriptedV4();
    const tools = [{ type: 'function' as const, name: 'look', inputSchema: { type: 'object' as const } }];
    await v4AsV3(model).doGenerate(
      call(
        [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look:' },
              { type: 'file', data: BYTES, mediaType: 'image/png' },
              { type: 'file', data: 'AQID', mediaType: 'image/png', filename: 'a.png' },
              {
                type: 'file',
                data: URL_WITH_SPACE,
                originalUrl: 'https://files.example/a b.pdf',
                mediaType: 'application/pdf',
              },
              { type: 'file', data: new URL('https://files.example/c.png'), mediaType: 'image/png' },
            ],
          },
          { role: 'assistant', content: [{ type: 'file', data: 'AQID', mediaType: 'image/png' }] },
        ],
        { temperature: 0.5, maxOutputTokens: 20, tools, toolChoice: { type: 'auto' } },
      ),
    );
    expect(calls).toEqual([
      {
        prompt: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look:' },
              { type: 'file', data: { type: 'data', data: BYTES }, mediaType: 'image/png' },
              { type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'image/png', filename: 'a.png' },
              {
                type: 'file',
                data: { type: 'url', url: URL_WITH_SPACE, originalUrl: 'https://files.example/a b.pdf' },
                mediaType: 'application/pdf',
              },
              {
                type: 'file',
                data: { type: 'url', url: new URL('https://files.example/c.png') },
                mediaType: 'image/png',
              },
            ],
          },
          {
            role: 'assistant',
            content: [{ type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'image/png' }],
          },
        ],
        temperature: 0.5,
        maxOutputTokens: 20,
        tools,
        toolChoice: { type: 'auto' },
      },
    ]);
    expect((calls[0] as any).prompt[1].content[4].data).not.toHaveProperty('originalUrl');
  });

  it('passes the V4 forms ai@7’s adapter hands a V3 model (inline text, references) as they are', async () => {
    const { model, calls } = scriptedV4();
    const text = { type: 'text', text: 'notes' };
    const reference = { type: 'reference', reference: { other4: 'file-9' } };
    await v4AsV3(model).doGenerate(
      call([
        {
          role: 'user',
          content: [
            { type: 'file', data: text as never, mediaType: 'text/plain' },
            { type: 'file', data: reference as never, mediaType: 'image' },
          ],
        },
      ]),
    );
    expect((calls[0] as any).prompt[0].content).toEqual([
      { type: 'file', data: text, mediaType: 'text/plain' },
      { type: 'file', data: reference, mediaType: 'image' },
    ]);
  });

  it('turns every V3 tool result item into V4’s file item; text, custom and V4 items pass', async () => {
    const { model, calls } = scriptedV4();
    const v4Item = { type: 'file', data: { type: 'text', text: 'notes' }, mediaType: 'text/plain' };
    const value = [
      { type: 'text', text: 'done' },
      { type: 'file-data', data: 'AQID', mediaType: 'application/pdf', filename: 'r.pdf' },
      { type: 'image-data', data: 'AQID', mediaType: 'image/png' },
      { type: 'file-url', url: 'https://files.example/r.pdf', mediaType: 'application/pdf' },
      { type: 'file-url', url: 'https://files.example/r' },
      { type: 'image-url', url: 'https://files.example/c.png' },
      { type: 'file-id', fileId: 'file-1' },
      { type: 'image-file-id', fileId: { openai: 'file-2' } },
      { type: 'custom', providerOptions: { other4: { kind: 'x' } } },
      v4Item,
    ];
    await v4AsV3(model).doGenerate(call([toolTurn(value)]));
    expect(sentToolItems(calls)).toEqual([
      { type: 'text', text: 'done' },
      { type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'application/pdf', filename: 'r.pdf' },
      { type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'image/png' },
      {
        type: 'file',
        data: { type: 'url', url: new URL('https://files.example/r.pdf') },
        mediaType: 'application/pdf',
      },
      {
        type: 'file',
        data: { type: 'url', url: new URL('https://files.example/r') },
        mediaType: 'application/octet-stream',
      },
      { type: 'file', data: { type: 'url', url: new URL('https://files.example/c.png') }, mediaType: 'image' },
      { type: 'file', data: { type: 'reference', reference: { other4: 'file-1' } }, mediaType: 'application' },
      { type: 'file', data: { type: 'reference', reference: { openai: 'file-2' } }, mediaType: 'image' },
      { type: 'custom', providerOptions: { other4: { kind: 'x' } } },
      v4Item,
    ]);
  });

  it('converts tool results in assistant turns too, and leaves other outputs as they are', async () => {
    const { model, calls } = scriptedV4();
    const json = { type: 'tool-result', toolCallId: 'c0', toolName: 'look', output: { type: 'json', value: { a: 1 } } };
    await v4AsV3(model).doGenerate(
      call([
        {
          role: 'assistant',
          content: [
            json as never,
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'look',
              output: { type: 'content', value: [{ type: 'image-data', data: 'AQID', mediaType: 'image/png' }] },
            },
          ],
        },
      ]),
    );
    expect((calls[0] as any).prompt[0].content).toEqual([
      json,
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'look',
        output: {
          type: 'content',
          value: [{ type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'image/png' }],
        },
      },
    ]);
  });

  it('refuses a tool result URL that does not parse, naming the item, before calling the model', async () => {
    const { model, calls } = scriptedV4();
    const error = await failure(
      v4AsV3(model).doGenerate(
        call([
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          toolTurn([
            { type: 'text', text: 'a' },
            { type: 'file-url', url: 'not a url' },
          ]),
        ]),
      ),
    );
    expect(InvalidPromptError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Invalid prompt: prompt[1].content[0].output.value[1] holds "not a url", which is not a URL.',
    );
    expect(calls).toEqual([]);
  });
});

describe('v4AsV3: doGenerate results, V4 to V3', () => {
  it('keeps what V3 shares; file data untagged; interrupted becomes other; deprecated warnings become other', async () => {
    const { model } = scriptedV4({
      result: {
        content: [
          { type: 'reasoning', text: 'thinking' },
          { type: 'text', text: 'Hello' },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AQID' } },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: '{}' },
        ],
        finishReason: { unified: 'interrupted', raw: undefined },
        warnings: [
          { type: 'unsupported', feature: 'topK' },
          { type: 'deprecated', setting: 'reasoningEffort', message: 'Use the reasoning call option.' },
        ],
        providerMetadata: { other4: { id: 'r1' } },
        response: { id: 'resp-1' },
      },
    });
    const result = await v4AsV3(model).doGenerate(call([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]));
    expect(result).toEqual({
      content: [
        { type: 'reasoning', text: 'thinking' },
        { type: 'text', text: 'Hello' },
        { type: 'file', mediaType: 'image/png', data: 'AQID' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: '{}' },
      ],
      finishReason: { unified: 'other', raw: undefined },
      usage: USAGE,
      warnings: [
        { type: 'unsupported', feature: 'topK' },
        { type: 'other', message: 'Deprecated: reasoningEffort. Use the reasoning call option.' },
      ],
      providerMetadata: { other4: { id: 'r1' } },
      response: { id: 'resp-1' },
    });
  });

  it.each(['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other'] as const)(
    'keeps the finish reason %s as it is, with its raw value',
    async unified => {
      const { model } = scriptedV4({ result: { finishReason: { unified, raw: `raw-${unified}` } } });
      const result = await v4AsV3(model).doGenerate(call([]));
      expect(result.finishReason).toEqual({ unified, raw: `raw-${unified}` });
    },
  );

  it('leaves out a file given by URL, a reasoning-file and a custom part, with a warning naming each', async () => {
    const { model } = scriptedV4({
      result: {
        content: [
          { type: 'text', text: 'Here' },
          {
            type: 'file',
            mediaType: 'image/png',
            data: { type: 'url', url: new URL('https://files.example/out.png') },
          },
          { type: 'reasoning-file', mediaType: 'image/webp', data: { type: 'data', data: 'AQID' } },
          { type: 'custom', kind: 'other4.compaction' },
        ],
      },
    });
    const result = await v4AsV3(model).doGenerate(call([]));
    expect(result.content).toEqual([{ type: 'text', text: 'Here' }]);
    expect(result.warnings).toEqual([
      leftOut('content[1]', 'a file given by URL (image/png, https://files.example/out.png)'),
      leftOut('content[2]', 'a reasoning-file part (image/webp)'),
      leftOut('content[3]', 'a custom part of kind "other4.compaction"'),
    ]);
  });
});

describe('v4AsV3: doStream, V4 parts to V3', () => {
  const opening: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [{ type: 'deprecated', setting: 'seed', message: 'Gone soon.' }] },
    { type: 'response-metadata', id: 'resp-1' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'Hel' },
  ];
  const finish: LanguageModelV4StreamPart = {
    type: 'finish',
    usage: USAGE,
    finishReason: { unified: 'interrupted', raw: 'eof' },
    providerMetadata: { other4: { n: 1 } },
  };

  it('rebuilds only the parts that differ: warnings, files, the finish; the rest pass as the same objects', async () => {
    const file: LanguageModelV4StreamPart = {
      type: 'file',
      mediaType: 'image/png',
      data: { type: 'data', data: BYTES },
    };
    const parts = [...opening, { type: 'ping' } as const, file, { type: 'text-end', id: 't' } as const, finish];
    const { model } = scriptedV4({ parts });
    const { stream } = await v4AsV3(model).doStream(call([]));
    const read = await readParts(stream);
    expect(read).toEqual([
      { type: 'stream-start', warnings: [{ type: 'other', message: 'Deprecated: seed. Gone soon.' }] },
      { type: 'response-metadata', id: 'resp-1' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hel' },
      { type: 'file', mediaType: 'image/png', data: BYTES },
      { type: 'text-end', id: 't' },
      {
        type: 'finish',
        usage: USAGE,
        finishReason: { unified: 'other', raw: 'eof' },
        providerMetadata: { other4: { n: 1 } },
      },
    ]);
    expect(read[3]).toBe(parts[3]);
  });

  it('leaves out what V3 has no place for, adding a warning each to the stream-start list the caller holds', async () => {
    const parts: LanguageModelV4StreamPart[] = [
      ...opening,
      { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: 'AQID' } },
      { type: 'file', mediaType: 'image/png', data: { type: 'url', url: new URL('https://files.example/o.png') } },
      { type: 'custom', kind: 'other4.note' },
      finish,
    ];
    const { model } = scriptedV4({ parts });
    const read = await readParts((await v4AsV3(model).doStream(call([]))).stream);
    expect(read.map(part => part.type)).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'text-delta',
      'finish',
    ]);
    expect(read[0]).toEqual({
      type: 'stream-start',
      warnings: [
        { type: 'other', message: 'Deprecated: seed. Gone soon.' },
        leftOut('A streamed reasoning-file part', 'a reasoning-file part (image/png)'),
        leftOut('A streamed file part', 'a file given by URL (image/png, https://files.example/o.png)'),
        leftOut('A streamed custom part', 'a custom part of kind "other4.note"'),
      ],
    });
  });

  it('opens with a stream-start of its own for a part left out before the model’s stream-start', async () => {
    const { model } = scriptedV4({ parts: [{ type: 'custom', kind: 'other4.early' }, finish] });
    const read = await readParts((await v4AsV3(model).doStream(call([]))).stream);
    expect(read[0]).toEqual({
      type: 'stream-start',
      warnings: [leftOut('A streamed custom part', 'a custom part of kind "other4.early"')],
    });
    expect(read.map(part => part.type)).toEqual(['stream-start', 'finish']);
  });

  it('sends the stream call the same V4 options as doGenerate', async () => {
    const { model, calls } = scriptedV4({ parts: [finish] });
    await v4AsV3(model).doStream(
      call([{ role: 'user', content: [{ type: 'file', data: BYTES, mediaType: 'image/png' }] }]),
    );
    expect(calls).toEqual([
      {
        prompt: [
          { role: 'user', content: [{ type: 'file', data: { type: 'data', data: BYTES }, mediaType: 'image/png' }] },
        ],
      },
    ]);
  });
});
