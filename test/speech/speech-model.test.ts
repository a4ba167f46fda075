import { APICallError, InvalidArgumentError, type SpeechModelV3CallOptions } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type UnigateProviderSettings, VERSION } from '../../src';
import type { UnigateSpeechResult } from '../../src/speech/unigate-speech-model';
import { API_KEY, failure, SITE_URL, wireFormat } from '../helpers/test-kit';
import { spec } from '../helpers/spec';

const SPEECH_URL = `${SITE_URL}/v1/audio/speech`;
const { setup, answeringWith } = wireFormat(SPEECH_URL, gw => gw.speech('tts-1'));

const AUDIO = new Uint8Array([0xff, 0xf3, 0x20, 0xc4, 1, 2, 3, 4]);
const DATE = 'Thu, 02 Jan 2025 03:04:05 GMT';

/** The gateway answering `bytes` with `contentType` (and a Date header). */
function answeringAudio(
  contentType: string,
  bytes: Uint8Array = AUDIO,
  status = 200,
  pricing?: UnigateProviderSettings['pricing'],
) {
  return answeringWith(
    () => new HttpResponse(bytes.slice().buffer, { status, headers: { 'content-type': contentType, date: DATE } }),
    pricing === undefined ? undefined : { pricing },
  );
}

const call = (options: Partial<SpeechModelV3CallOptions> = {}): SpeechModelV3CallOptions => ({
  text: 'Hello.',
  ...options,
});

describe('speech model', () => {
  it('gw.speech(id) and gw.speechModel(id) are the speech model, of the entry’s spec', () => {
    const { gw } = setup([]);
    for (const model of [gw.speech('tts-1'), gw.speechModel('tts-1')]) {
      expect(model.specificationVersion).toBe(spec);
      expect(model.provider).toBe('unigate.speech');
      expect(model.modelId).toBe('tts-1');
    }
  });

  it('posts model, input, the default voice and format to {base_url}/audio/speech with the bearer key', async () => {
    const { model, requests } = answeringAudio('audio/mpeg');
    const result = await model.doGenerate(call());
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(SPEECH_URL);
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toContain(`unigate-ai-provider/${VERSION}`);
    const body = { model: 'tts-1', input: 'Hello.', voice: 'alloy', response_format: 'mp3' };
    expect(request.body).toEqual(body);
    expect(result).toEqual({
      audio: AUDIO,
      usage: { characters: 6 },
      warnings: [],
      request: { body },
      response: {
        timestamp: new Date(DATE),
        modelId: 'tts-1',
        headers: { 'content-type': 'audio/mpeg', date: DATE },
      },
      providerMetadata: { unigate: { mediaType: 'audio/mpeg', format: 'mp3', voice: 'alloy' } },
    });
    expect(result.audio).toBeInstanceOf(Uint8Array);
  });

  it('sends voice, format and speed as given, and keeps no user field (the endpoint has none)', async () => {
    const { model, requests } = answeringAudio('audio/ogg');
    const result = await model.doGenerate(
      call({ voice: 'shimmer', outputFormat: 'opus', speed: 0.25, providerOptions: { unigate: { user: 'user-42' } } }),
    );
    expect(requests[0].body).toEqual({
      model: 'tts-1',
      input: 'Hello.',
      voice: 'shimmer',
      response_format: 'opus',
      speed: 0.25,
    });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.user',
        details: 'The speech model does not read this option.',
      },
    ]);
    expect(result.providerMetadata).toEqual({ unigate: { mediaType: 'audio/ogg', format: 'opus', voice: 'shimmer' } });
  });

  it('reports instructions and language as unsupported and does not send them', async () => {
    const { model, requests } = answeringAudio('audio/mpeg');
    const result = await model.doGenerate(call({ instructions: 'Whisper it', language: 'de' }));
    expect(requests[0].body).toEqual({ model: 'tts-1', input: 'Hello.', voice: 'alloy', response_format: 'mp3' });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'instructions',
        details: 'The speech endpoint has no instructions parameter; instructions were not sent.',
      },
      {
        type: 'unsupported',
        feature: 'language',
        details:
          'The speech endpoint has no language parameter (the voice reads the text as written); language was not sent.',
      },
    ]);
  });

  it.each([
    ['mp3', 'audio/mpeg'],
    ['opus', 'audio/ogg'],
    ['aac', 'audio/aac'],
    ['flac', 'audio/flac'],
    ['wav', 'audio/wav'],
  ])('takes %s answered as %s and reports that media type', async (format, mediaType) => {
    const { model } = answeringAudio(`${mediaType}; charset=binary`);
    const result = await model.doGenerate(call({ outputFormat: format }));
    expect(result.audio).toEqual(AUDIO);
    expect(result.providerMetadata?.unigate).toEqual({ mediaType, format, voice: 'alloy' });
  });

  it('accepts the common alias of a format (audio/x-wav for wav), reporting the spec media type', async () => {
    const { model } = answeringAudio('audio/x-wav');
    const result = await model.doGenerate(call({ outputFormat: 'wav' }));
    expect(result.providerMetadata?.unigate).toEqual({ mediaType: 'audio/wav', format: 'wav', voice: 'alloy' });
  });

  it.each([
    ['voice', '"Alloy"', { voice: 'Alloy' }],
    ['outputFormat', '"pcm"', { outputFormat: 'pcm' }],
    ['outputFormat', '"audio/mpeg"', { outputFormat: 'audio/mpeg' }],
    ['speed', 'received 0.', { speed: 0 }],
    ['speed', 'received NaN.', { speed: Number.NaN }],
    ['text', 'an empty string', { text: '' }],
    ['text', 'received 4097', { text: '😀'.repeat(4097) }],
  ] as Array<[string, string, Partial<SpeechModelV3CallOptions>]>)(
    'rejects %s (%s) before any request',
    async (argument, value, options) => {
      const { model, requests } = answeringAudio('audio/mpeg');
      const error = await failure(model.doGenerate(call(options)));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.argument).toBe(argument);
      expect(error.message).toContain(value);
      expect(requests).toHaveLength(0);
    },
  );

  it('counts characters as code points: 4096 emoji are within the limit', async () => {
    const { model, requests } = answeringAudio('audio/mpeg');
    await model.doGenerate(call({ text: '😀'.repeat(4096) }));
    expect(requests).toHaveLength(1);
  });

  it('usage is the characters the gateway bills (code points), the same count the cost is priced by', async () => {
    const { model } = answeringAudio('audio/mpeg', AUDIO, 200, { 'tts-1': { perMillionCharacters: 1_000_000 } });
    const text = 'Hi 👋🏽 ok'; // 8 code points, 10 UTF-16 units: the wave and its skin tone are one each
    expect(text).toHaveLength(10);
    const result: UnigateSpeechResult = await model.doGenerate(call({ text }));
    expect(result.usage).toEqual({ characters: 8 });
    // 8 characters x 1,000,000 per 1M characters.
    expect(result.providerMetadata?.unigate?.cost).toEqual({ input: 8, output: 0, total: 8, unit: 'credits' });
  });

  it('a 200 with a JSON error object is an error naming both types and the gateway message', async () => {
    const body = { error: { type: 'server_error', message: 'TTS backend unavailable', code: 500 } };
    const { model } = answeringWith(() => HttpResponse.json(body));
    const error = await failure(model.doGenerate(call({ outputFormat: 'flac' })));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate speech returned application/json instead of audio/flac (flac) audio (server_error): TTS backend unavailable',
    );
    expect(error.statusCode).toBe(200);
    expect(error.isRetryable).toBe(true);
    expect(error.data).toMatchObject({ kind: 'server', type: 'server_error', message: 'TTS backend unavailable' });
    expect(error.responseBody).toBe(JSON.stringify(body));
    expect(error.responseHeaders['content-type']).toBe('application/json');
  });

  it.each([
    ['application/json', '{"ok":true}', 'Unigate speech returned application/json instead of audio/mpeg (mp3) audio.'],
    ['audio/wav', 'RIFF', 'Unigate speech returned audio/wav instead of audio/mpeg (mp3) audio.'],
    ['text/html', '<h1>Proxy</h1>', 'Unigate speech returned text/html instead of audio/mpeg (mp3) audio.'],
    ['', 'bytes', 'Unigate speech returned no Content-Type instead of audio/mpeg (mp3) audio.'],
  ])('a 200 of type %j is not taken as audio', async (contentType, text, message) => {
    const { model } = answeringWith(() => {
      const response = new Response(text, { status: 200 });
      // A Response built from a string gets text/plain; set or drop the header as the case says.
      if (contentType === '') response.headers.delete('content-type');
      else response.headers.set('content-type', contentType);
      return response;
    });
    const error = await failure(model.doGenerate(call()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(message);
    expect(error.isRetryable).toBe(false);
    expect(error.responseBody).toBe(text);
  });

  it('keeps the key out of a mismatching body it quotes', async () => {
    const { model } = answeringWith(() => HttpResponse.text(`echo ${API_KEY}`));
    const error = await failure(model.doGenerate(call()));
    expect(error.responseBody).toBe('echo [redacted]');
  });

  it('maps a chat-style 400 through the gateway error mapper', async () => {
    const body = {
      error: { type: 'invalid_request_error', message: 'Invalid voice: must be one of alloy, echo', code: 400 },
    };
    const { model } = answeringWith(() => HttpResponse.json(body, { status: 400 }));
    const error = await failure(model.doGenerate(call()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      'Unigate request failed with HTTP 400 (invalid_request_error): Invalid voice: must be one of alloy, echo',
    );
    expect(error.data.kind).toBe('invalid-request');
    expect(error.isRetryable).toBe(false);
  });

  it('passes per-call headers; without a Date header the timestamp is the time of the answer', async () => {
    const { model, requests } = setup([
      http.post(
        SPEECH_URL,
        () => new HttpResponse(AUDIO.slice().buffer, { headers: { 'content-type': 'audio/mpeg' } }),
      ),
    ]);
    const before = Date.now();
    const result = await model.doGenerate(call({ headers: { 'x-trace': 't-1' } }));
    const after = Date.now();
    expect(requests[0].headers['x-trace']).toBe('t-1');
    expect(result.response.timestamp.getTime()).toBeGreaterThanOrEqual(before);
    expect(result.response.timestamp.getTime()).toBeLessThanOrEqual(after);
  });
});
