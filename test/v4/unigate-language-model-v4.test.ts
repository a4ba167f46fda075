import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { LanguageModelV4, LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider-v4';
import { generateText, streamText } from 'ai7';
import { describe, expect, it } from 'vitest';
import { createUnigate as createRootUnigate } from '../../src/provider/unigate-provider';
import { failure, readAll } from '../helpers/test-kit';
import {
  DOCUMENT,
  IMAGE_URL,
  PNG_BASE64,
  PNG_BYTES,
  REFERENCE,
  referenceError,
  v4PartWarnings,
} from '../helpers/v4-prompt-parts';
import { DATE_HEADER, HELLO, NOW, paths, v4Gateway } from './v4-kit';

// The /v4 entry's language models against the emulator, called with V4 options as ai@7 passes them:
// exact results, V4 file data and media types, V4-only assistant parts, and the deprecated setting.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const TIMESTAMP = new Date(NOW);
const formats = [
  {
    format: 'chat completions',
    name: 'chat-completions',
    modelOf: (gw: ReturnType<typeof v4Gateway>['gw']) => gw.chat('gpt-4o-mini'),
    provider: 'unigate.chat',
    modelId: 'gpt-4o-mini',
    path: '/v1/chat/completions',
  },
  {
    format: 'messages',
    name: 'messages',
    modelOf: (gw: ReturnType<typeof v4Gateway>['gw']) => gw.messages('claude-sonnet-4-5'),
    provider: 'unigate.messages',
    modelId: 'claude-sonnet-4-5',
    path: '/api/v1/messages',
  },
] as const;

/** What the model sent as the first message's content, and its warnings. */
async function sentContent(model: LanguageModelV4, prompt: LanguageModelV4Prompt) {
  const result = await model.doGenerate({ prompt });
  const body = result.request?.body as { messages: Array<{ content: unknown }> };
  return { messages: body.messages, warnings: result.warnings };
}

describe('language models of the /v4 entry', () => {
  it('are V4 models, the provider call choosing the format by id', () => {
    const { gw } = v4Gateway();
    const models = [gw('gpt-4o-mini'), gw.languageModel('claude-sonnet-4-5'), gw.chat('gpt-4o-mini')];
    expect(models.map(m => [m.specificationVersion, m.provider, m.modelId])).toEqual([
      ['v4', 'unigate.chat', 'gpt-4o-mini'],
      ['v4', 'unigate.messages', 'claude-sonnet-4-5'],
      ['v4', 'unigate.chat', 'gpt-4o-mini'],
    ]);
    // Bare `image`, as ai@7 allows, is a URL type too: ai@7 passes such URLs instead of downloading them.
    expect(Object.keys(gw.chat('gpt-4o-mini').supportedUrls as object)).toEqual(['image/*', 'image']);
  });

  it('chat: doGenerate answers with the exact V4 result', async () => {
    const { gw } = v4Gateway();
    const result = await gw.chat('gpt-4o-mini').doGenerate({ prompt: HELLO });
    const body = {
      id: 'chatcmpl-85f836e4',
      object: 'chat.completion',
      created: NOW / 1000,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'You said: Hello there' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 },
    };
    expect(result).toEqual({
      content: [{ type: 'text', text: 'You said: Hello there' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 2, noCache: 2 },
        outputTokens: { total: 5, text: 5 },
        raw: body.usage,
      },
      request: { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }] } },
      response: {
        id: body.id,
        modelId: 'gpt-4o-mini',
        timestamp: TIMESTAMP,
        headers: { 'content-type': 'application/json', date: DATE_HEADER },
        body,
      },
      warnings: [],
    });
  });

  it('messages: doStream streams the exact V4 parts, ending with the stop reason', async () => {
    const { gw } = v4Gateway();
    const { stream } = await gw.messages('claude-sonnet-4-5').doStream({ prompt: HELLO });
    const parts = await readAll(stream);
    const deltas = ['You said', ': "', 'Hello there', '".'];
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'msg_emu_7f170931f72c21ec7125d664', modelId: 'claude-sonnet-4-5' },
      { type: 'text-start', id: '0' },
      ...deltas.map(delta => ({ type: 'text-delta', id: '0', delta })),
      { type: 'text-end', id: '0' },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'end_turn' },
        usage: {
          inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 8 },
          raw: { input_tokens: 5, output_tokens: 8, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
        },
        providerMetadata: { unigate: { stopSequence: null } },
      },
    ]);
  });

  it("through ai@7's generateText and streamText: the answer, finish reason and usage", async () => {
    const { gw } = v4Gateway();
    const generated = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
    expect([generated.text, generated.finishReason, generated.usage.inputTokens, generated.usage.outputTokens]).toEqual(
      ['You said: Hello there', 'stop', 2, 5],
    );
    const streamed = streamText({ model: gw('claude-sonnet-4-5'), prompt: 'Hello there' });
    expect([await streamed.text, await streamed.finishReason, (await streamed.usage).outputTokens]).toEqual([
      'You said: "Hello there".',
      'stop',
      8,
    ]);
  });
});

describe.each(formats)('V4 prompts on $format (/v4)', ({ name, modelOf, provider, modelId, path }) => {
  it('is a V4 model', () => {
    const model = modelOf(v4Gateway().gw);
    expect([model.specificationVersion, model.provider, model.modelId]).toEqual(['v4', provider, modelId]);
  });

  it("sends {type: 'data'} (bytes, base64) and {type: 'url'} under bare `image` as images, {type: 'text'} under bare `text` as text", async () => {
    const { gw, emulator } = v4Gateway();
    const { messages, warnings } = await sentContent(modelOf(gw), [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'file', data: { type: 'data', data: PNG_BYTES }, mediaType: 'image' },
          { type: 'file', data: { type: 'data', data: PNG_BASE64 }, mediaType: 'image/png' },
          { type: 'file', data: { type: 'url', url: new URL(IMAGE_URL) }, mediaType: 'image' },
          { type: 'file', data: { type: 'text', text: DOCUMENT }, mediaType: 'text' },
        ],
      },
    ]);
    const png =
      name === 'messages'
        ? { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } }
        : { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } };
    const url =
      name === 'messages'
        ? { type: 'image', source: { type: 'url', url: IMAGE_URL } }
        : { type: 'image_url', image_url: { url: IMAGE_URL } };
    const text = (value: string) => ({ type: 'text', text: value });
    expect(messages[0].content).toEqual([text('Look:'), png, png, url, text(DOCUMENT)]);
    expect(warnings).toEqual([]);
    expect(paths(emulator)).toEqual([path]);
  });

  it("refuses {type: 'reference'} data naming the part and the reference, before any request", async () => {
    const { gw, emulator } = v4Gateway();
    const error = await failure(
      modelOf(gw).doGenerate({
        prompt: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look:' },
              { type: 'file', data: { type: 'reference', reference: REFERENCE }, mediaType: 'image' },
            ],
          },
        ],
      }),
    );
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(error.message).toBe(referenceError('prompt[0].content[1]'));
    expect(emulator.requests).toHaveLength(0);
  });

  it('refuses a bare `audio` file naming its media type and what to do instead, before any request', async () => {
    const { gw, emulator } = v4Gateway();
    const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]);
    const error = await failure(
      modelOf(gw).doGenerate({
        prompt: [{ role: 'user', content: [{ type: 'file', data: { type: 'data', data: wav }, mediaType: 'audio' }] }],
      }),
    );
    const advice =
      "Transcribe the audio with transcription('whisper-1') on the provider and send the text as a text part.";
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      name === 'messages'
        ? 'The messages format accepts images only (image/jpeg, image/png, image/gif, image/webp), as does the ' +
            `chat-completions format; received a file of media type "audio" in user message 0. ${advice}`
        : 'The gateway takes images only as files, in user messages, on the chat-completions and the messages ' +
            `format alike; a file of media type "audio" in a user message cannot be sent. ${advice}`,
    );
    expect(emulator.requests).toHaveLength(0);
  });

  it('leaves out assistant reasoning-file and custom parts with a warning naming each, in doGenerate and doStream', async () => {
    const assistant: LanguageModelV4Message = {
      role: 'assistant',
      content: [
        { type: 'reasoning-file', data: { type: 'data', data: PNG_BYTES }, mediaType: 'image/png' },
        { type: 'text', text: 'Here is the chart.' },
        { type: 'custom', kind: 'acme.citation' },
      ],
    };
    const prompt: LanguageModelV4Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Chart it.' }] }, assistant];
    const { gw } = v4Gateway();
    const { messages, warnings } = await sentContent(modelOf(gw), prompt);
    expect(messages[1].content).toEqual(
      name === 'messages' ? [{ type: 'text', text: 'Here is the chart.' }] : 'Here is the chart.',
    );
    expect(warnings).toEqual(v4PartWarnings(1, name));
    const reader = (await modelOf(gw).doStream({ prompt })).stream.getReader();
    expect((await reader.read()).value).toEqual({ type: 'stream-start', warnings: v4PartWarnings(1, name) });
    await reader.cancel();
  });
});

describe('providerOptions.unigate.reasoningEffort (chat), replaced by the reasoning call option', () => {
  const deprecated = {
    type: 'deprecated',
    setting: 'providerOptions.unigate.reasoningEffort',
    message:
      "use the call's reasoning option (generateText({ reasoning: 'low' })), which every provider reads; " +
      'reasoningEffort is still sent, and wins when both are set.',
  };
  const options = {
    prompt: HELLO,
    reasoning: 'low',
    providerOptions: { unigate: { reasoningEffort: 'high' } },
  } as const;

  it('/v4: still sent (and wins over reasoning), with a deprecated warning in doGenerate and doStream', async () => {
    const model = v4Gateway().gw.chat('gpt-4o-mini');
    const result = await model.doGenerate(options);
    expect(result.request?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello there' }],
      reasoning_effort: 'high',
    });
    expect(result.warnings).toEqual([deprecated]);
    const reader = (await model.doStream(options)).stream.getReader();
    expect((await reader.read()).value).toEqual({ type: 'stream-start', warnings: [deprecated] });
    await reader.cancel();
  });

  it('/v4: the reasoning option alone is sent with no warning; ai@7 reports the deprecation to the app', async () => {
    const { gw } = v4Gateway();
    const result = await gw.chat('gpt-4o-mini').doGenerate({ prompt: HELLO, reasoning: 'low' });
    expect((result.request?.body as { reasoning_effort?: string }).reasoning_effort).toBe('low');
    expect(result.warnings).toEqual([]);
    const generated = await generateText({
      model: gw('gpt-4o-mini'),
      prompt: 'Hello there',
      providerOptions: { unigate: { reasoningEffort: 'high' } },
    });
    expect(generated.warnings).toEqual([deprecated]);
  });

  it('root (V3, which has no deprecated warning type): sent with no warning', async () => {
    const { emulator } = v4Gateway();
    const root = createRootUnigate(emulator.settings);
    const result = await root.chat('gpt-4o-mini').doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }],
      providerOptions: options.providerOptions,
    });
    expect((result.request?.body as { reasoning_effort?: string }).reasoning_effort).toBe('high');
    expect(result.warnings).toEqual([]);
  });
});
