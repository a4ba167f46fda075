import { APICallError, InvalidArgumentError, type TranscriptionModelV3CallOptions } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src';
import type { UnigateTranscriptionResult } from '../../src/transcription/unigate-transcription-model';
import { API_KEY, failure, wireFormat } from '../helpers/test-kit';
import { SRT_BODY, VERBOSE_JSON, VTT_BODY, synthesizeWav } from './transcription-fixtures';
import { spec } from '../helpers/spec';

const URL = 'https://gw.test/v1/audio/transcriptions';
const { setup, answering, answeringWith } = wireFormat(URL, gw => gw.transcription('whisper-1'));
const audio = synthesizeWav(0.5);
const call = (options: Partial<TranscriptionModelV3CallOptions> = {}): TranscriptionModelV3CallOptions => ({
  audio,
  mediaType: 'audio/wav',
  ...options,
});
const text = (body: string, type: string) => () => new HttpResponse(body, { headers: { 'content-type': type } });

describe('transcription request', () => {
  it('gw.transcription(id) and gw.transcriptionModel(id) are the transcription model', () => {
    const { gw } = setup([]);
    for (const model of [gw.transcription('whisper-1'), gw.transcriptionModel('whisper-1')]) {
      expect(model.specificationVersion).toBe(spec);
      expect(model.provider).toBe('unigate.transcription');
      expect(model.modelId).toBe('whisper-1');
    }
  });

  it('posts multipart to {base_url}/audio/transcriptions: the file as audio.wav, model and verbose_json', async () => {
    const { model, requests } = answering(VERBOSE_JSON);
    const result: UnigateTranscriptionResult = await model.doGenerate(call());
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(URL);
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers['user-agent']).toContain(`unigate-ai-provider/${VERSION}`);
    const form = request.formData!;
    // The text fields first, then the file, streamed in pieces with its exact length.
    expect([...form.keys()]).toEqual(['model', 'response_format', 'file']);
    const file = form.get('file') as File;
    expect(file.name).toBe('audio.wav');
    expect(file.type).toBe('audio/wav');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
    expect(form.get('model')).toBe('whisper-1');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(result.request).toEqual({ body: JSON.stringify({ model: 'whisper-1', response_format: 'verbose_json' }) });
  });

  it('sends language, prompt, temperature and the response format from providerOptions.unigate', async () => {
    const { model, requests } = answeringWith(text(SRT_BODY, 'application/x-subrip'));
    const { warnings } = await model.doGenerate(
      call({
        mediaType: 'audio/mpeg',
        providerOptions: { unigate: { language: 'de', prompt: 'Kenobi.', temperature: 0.2, responseFormat: 'srt' } },
      }),
    );
    const form = requests[0].formData!;
    expect((form.get('file') as File).name).toBe('audio.mp3');
    expect(Object.fromEntries([...form].filter(([key]) => key !== 'file'))).toEqual({
      model: 'whisper-1',
      response_format: 'srt',
      language: 'de',
      prompt: 'Kenobi.',
      temperature: '0.2',
    });
    expect(warnings).toEqual([]);
  });

  it('decodes base64 audio once and uploads its bytes', async () => {
    const { model, requests } = answering(VERBOSE_JSON);
    await model.doGenerate(call({ audio: btoa('RIFF....WAVE'), mediaType: 'audio/webm;codecs=opus' }));
    const file = requests[0].formData!.get('file') as File;
    expect(file.name).toBe('audio.webm');
    expect(await file.text()).toBe('RIFF....WAVE');
  });

  it('warns about options this model does not read, and still sends the call', async () => {
    const { model, requests } = answering(VERBOSE_JSON);
    const { warnings } = await model.doGenerate(
      call({ providerOptions: { unigate: { timestampGranularities: ['word'] } } }),
    );
    expect(requests).toHaveLength(1);
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.timestampGranularities',
        details: 'The transcription model does not read this option.',
      },
    ]);
  });

  it.each([
    ['an ogg file', { mediaType: 'audio/ogg' }, 'mediaType', 'received "audio/ogg"'],
    ['a file over 25 MB', { audio: new Uint8Array(26_214_401) }, 'audio', 'received 26,214,401 bytes'],
    [
      'a language name',
      { providerOptions: { unigate: { language: 'english' } } },
      'providerOptions.unigate.language',
      'received "english" (that language\'s code is "en")',
    ],
    [
      'an upper-case code',
      { providerOptions: { unigate: { language: 'EN' } } },
      'providerOptions.unigate.language',
      'received "EN" (that language\'s code is "en")',
    ],
    [
      'an unknown code',
      { providerOptions: { unigate: { language: 'xx' } } },
      'providerOptions.unigate.language',
      '(af, am, ar,',
    ],
    [
      'a language that is not a string',
      { providerOptions: { unigate: { language: 5 } } },
      'providerOptions.unigate.language',
      'expected an ISO-639-1 code (a string); received 5',
    ],
    [
      'temperature 1.5',
      { providerOptions: { unigate: { temperature: 1.5 } } },
      'providerOptions.unigate.temperature',
      'the gateway accepts 0 to 1; received 1.5',
    ],
    [
      'a temperature string',
      { providerOptions: { unigate: { temperature: '0.5' } } },
      'providerOptions.unigate.temperature',
      'received "0.5"',
    ],
    [
      'responseFormat xml',
      { providerOptions: { unigate: { responseFormat: 'xml' } } },
      'providerOptions.unigate.responseFormat',
      'received "xml"',
    ],
  ])('refuses %s before any request', async (_label, options, argument, detail) => {
    const { model, requests } = answering(VERBOSE_JSON);
    const error = await failure(model.doGenerate(call(options as Partial<TranscriptionModelV3CallOptions>)));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe(argument);
    expect(error.message).toContain(detail);
    expect(requests).toHaveLength(0);
  });
});

describe('transcription response formats', () => {
  it('verbose_json: text, segments in seconds, the language name as ISO-639-1, the duration', async () => {
    const { model } = answering(VERBOSE_JSON);
    const result: UnigateTranscriptionResult = await model.doGenerate(call());
    expect(result).toMatchObject({
      text: 'Hello there. General Kenobi.',
      segments: [
        { text: ' Hello there.', startSecond: 0, endSecond: 2.24 },
        { text: ' General Kenobi.', startSecond: 2.24, endSecond: 4.5 },
      ],
      language: 'en',
      durationInSeconds: 4.5,
      usage: { seconds: 4.5 }, // the duration the gateway stated
      warnings: [],
      providerMetadata: { unigate: { responseFormat: 'verbose_json', language: 'english' } },
      response: { modelId: 'whisper-1', body: VERBOSE_JSON },
    });
    expect(result).not.toHaveProperty('words'); // the answer has none
    expect(result.response.timestamp).toBeInstanceOf(Date);
    expect(result.response.headers?.['content-type']).toBe('application/json');
  });

  it('verbose_json: word timings as words (and in providerMetadata as sent); no duration, no usage', async () => {
    const words = [
      { word: 'Hello', start: 0, end: 0.5 },
      { word: 'there', start: 0.5, end: 2.24 },
    ];
    const { model } = answering({ ...VERBOSE_JSON, duration: undefined, words });
    const result: UnigateTranscriptionResult = await model.doGenerate(call());
    expect(result.words).toEqual([
      { text: 'Hello', startSecond: 0, endSecond: 0.5 },
      { text: 'there', startSecond: 0.5, endSecond: 2.24 },
    ]);
    // The duration falls back to the last segment's end; usage only states what the gateway stated.
    expect(result.durationInSeconds).toBe(4.5);
    expect(result).not.toHaveProperty('usage');
    expect(result.providerMetadata).toEqual({
      unigate: { responseFormat: 'verbose_json', language: 'english', words },
    });
  });

  it('verbose_json: an empty words list is words: [] (the gateway sent word timings, of no words)', async () => {
    const { model } = answering({ ...VERBOSE_JSON, words: [] });
    const result: UnigateTranscriptionResult = await model.doGenerate(
      call({ timestampGranularities: ['word'] } as Partial<TranscriptionModelV3CallOptions>),
    );
    expect(result.words).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it.each([
    ['a word whose start is a string', { word: 'Hi', start: '0', end: 1 }, 'words.0.start'],
    ['a word without its end', { word: 'Hi', start: 0 }, 'words.0.end'],
    ['a word that is a number', { word: 7, start: 0, end: 1 }, 'words.0.word'],
  ])('verbose_json: %s fails naming the field, as a bad segment does', async (_label, word, field) => {
    const { model } = answering({ ...VERBOSE_JSON, words: [word] });
    const error = await failure(model.doGenerate(call()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(
      new RegExp(`^Unigate returned an unexpected response body: ${field.replace(/\./g, '\\.')}: `),
    );
  });

  it('verbose_json: an unknown language name is undefined, with a warning and the name in providerMetadata', async () => {
    const { model } = answering({ text: 'Qapla', language: 'klingon' });
    const result: UnigateTranscriptionResult = await model.doGenerate(call());
    expect(result.language).toBeUndefined();
    expect(result.segments).toEqual([]);
    expect(result.durationInSeconds).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message:
          'The gateway named the language "klingon", which has no ISO-639-1 code known to this provider: ' +
          'language is undefined; the name is in providerMetadata.unigate.language.',
      },
    ]);
    expect(result.providerMetadata).toEqual({ unigate: { responseFormat: 'verbose_json', language: 'klingon' } });
  });

  it('verbose_json: a body without text fails naming the field', async () => {
    const { model } = answering({ language: 'english', segments: [] });
    const error = await failure(model.doGenerate(call()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/^Unigate returned an unexpected response body: text: /);
  });

  it.each(['srt', 'vtt'] as const)('%s: segments from the cues, the subtitles in providerMetadata', async format => {
    const body = format === 'srt' ? SRT_BODY : VTT_BODY;
    const { model } = answeringWith(text(body, 'text/plain'));
    const result: UnigateTranscriptionResult = await model.doGenerate(
      call({ providerOptions: { unigate: { responseFormat: format } } }),
    );
    expect(result).toMatchObject({
      text: 'Hello there. General Kenobi.',
      segments: [
        { text: 'Hello there.', startSecond: 0, endSecond: 2.24 },
        { text: 'General Kenobi.', startSecond: 2.24, endSecond: 4.5 },
      ],
      language: undefined,
      durationInSeconds: 4.5,
      warnings: [],
      providerMetadata: { unigate: { responseFormat: format, subtitles: body } },
      response: { body },
    });
    // Subtitles state no duration (it is the last cue's end) and have no word timings.
    expect(result).not.toHaveProperty('usage');
    expect(result).not.toHaveProperty('words');
  });

  it('srt: the language is the one asked for, when one was', async () => {
    const { model } = answeringWith(text(SRT_BODY, 'text/plain'));
    const result: UnigateTranscriptionResult = await model.doGenerate(
      call({ providerOptions: { unigate: { responseFormat: 'srt', language: 'en' } } }),
    );
    expect(result.language).toBe('en');
  });

  it.each([
    ['json', () => HttpResponse.json({ text: 'Hello there.' })],
    ['text', text('Hello there.\n', 'text/plain')],
  ] as const)('%s: the text only, empty segments and a warning', async (format, resolver) => {
    const { model } = answeringWith(resolver);
    const result: UnigateTranscriptionResult = await model.doGenerate(
      call({ providerOptions: { unigate: { responseFormat: format } } }),
    );
    expect(result).toMatchObject({
      text: 'Hello there.',
      segments: [],
      language: undefined,
      durationInSeconds: undefined,
      providerMetadata: { unigate: { responseFormat: format } },
    });
    expect(result).not.toHaveProperty('usage');
    expect(result).not.toHaveProperty('words');
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message:
          `responseFormat "${format}" returns the text only: segments are empty and durationInSeconds is undefined. ` +
          'The default, "verbose_json", returns them.',
      },
    ]);
  });

  it('maps a chat-style gateway error to APICallError with its message and kind', async () => {
    const { model } = setup([
      http.post(URL, () =>
        HttpResponse.json(
          { error: { type: 'invalid_request_error', message: "Invalid file format 'audio.wav'", code: 400 } },
          { status: 400 },
        ),
      ),
    ]);
    const error = await failure(model.doGenerate(call()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain("Invalid file format 'audio.wav'");
    expect(error.data).toMatchObject({ kind: 'invalid-request', type: 'invalid_request_error' });
  });
});
