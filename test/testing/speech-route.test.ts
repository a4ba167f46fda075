import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../../src/testing/index';
import { speechAudio } from '../../src/testing/routes/speech-route';
import { triangleTone, WAV_HEADER_BYTES, writeWav } from '../../src/testing/wav-writer';

const emulator = createUnigateEmulator({ now: () => Date.UTC(2025, 0, 1, 12) });
const HEADERS = { authorization: 'Bearer sk-unigate-emulator', 'content-type': 'application/json' };
const ok = { model: 'tts-1', input: 'Hello there.', voice: 'alloy' };

function post(body: unknown, headers: Record<string, string> = HEADERS) {
  return emulator.fetch('http://unigate.emulator/v1/audio/speech', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function audio(body: Record<string, unknown>) {
  const response = await post(body);
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function failed(body: unknown) {
  const response = await post(body);
  return { status: response.status, json: await response.json() };
}

/** The fields of a canonical 44-byte PCM WAV header. */
function wavHeader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  return {
    riff: text(0),
    riffSize: view.getUint32(4, true),
    wave: text(8),
    fmt: text(12),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    bitsPerSample: view.getUint16(34, true),
    data: text(36),
    dataBytes: view.getUint32(40, true),
  };
}

const hex = (bytes: Uint8Array, count: number) =>
  [...bytes.subarray(0, count)].map(b => b.toString(16).padStart(2, '0')).join(' ');

describe('POST /v1/audio/speech', () => {
  it.each([
    ['mp3', 'audio/mpeg', 'ff f3'], // MPEG-2 Layer III frame sync, no ID3 tag
    ['opus', 'audio/ogg', '4f 67 67 53'], // OggS
    ['aac', 'audio/aac', 'ff f1'], // ADTS
    ['flac', 'audio/flac', '66 4c 61 43'], // fLaC
    ['wav', 'audio/wav', '52 49 46 46'], // RIFF
  ])('answers %s as %s with bytes of that format', async (format, contentType, signature) => {
    const { type, bytes } = await audio({ ...ok, response_format: format });
    expect(type).toBe(contentType);
    expect(hex(bytes, signature.split(' ').length)).toBe(signature);
    expect(bytes).toEqual(speechAudio({ input: ok.input, voice: 'alloy', format: format as 'mp3', speed: 1 }));
  });

  it('answers mp3 when response_format is absent or null', async () => {
    expect((await audio(ok)).type).toBe('audio/mpeg');
    expect((await audio({ ...ok, response_format: null })).type).toBe('audio/mpeg');
  });

  it('synthesises wav as 16-bit PCM mono at 8 kHz: a quarter second plus 10 ms per character, over speed', async () => {
    const { bytes } = await audio({ ...ok, input: 'a'.repeat(25), response_format: 'wav' });
    // 250 ms + 25 × 10 ms = 500 ms = 4000 samples of 2 bytes.
    expect(wavHeader(bytes)).toEqual({
      riff: 'RIFF',
      riffSize: 36 + 8000,
      wave: 'WAVE',
      fmt: 'fmt ',
      format: 1,
      channels: 1,
      sampleRate: 8000,
      byteRate: 16000,
      bitsPerSample: 16,
      data: 'data',
      dataBytes: 8000,
    });
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 8000);
    const faster = await audio({ ...ok, input: 'a'.repeat(25), response_format: 'wav', speed: 2 });
    expect(wavHeader(faster.bytes).dataBytes).toBe(4000);
    const longer = await audio({ ...ok, input: 'a'.repeat(125), response_format: 'wav' });
    expect(wavHeader(longer.bytes).dataBytes).toBe(24000);
  });

  it('is deterministic, and the wav pitch follows the voice', async () => {
    const body = { ...ok, response_format: 'wav' };
    expect((await audio(body)).bytes).toEqual((await audio(body)).bytes);
    expect((await audio({ ...body, voice: 'onyx' })).bytes).not.toEqual((await audio(body)).bytes);
  });

  it('counts input characters as code points: 4096 emoji pass, 4097 do not', async () => {
    expect((await post({ ...ok, input: '😀'.repeat(4096) })).status).toBe(200);
    expect(await failed({ ...ok, input: '😀'.repeat(4097) })).toEqual({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          message: 'Invalid input: must be at most 4096 characters, got 4097',
          code: 400,
        },
      },
    });
  });

  it.each([
    [{ ...ok, voice: 'bob' }, 'Invalid voice: must be one of alloy, echo, fable, onyx, nova, shimmer, got "bob"'],
    [
      { model: 'tts-1', input: 'Hi' },
      'Invalid voice: must be one of alloy, echo, fable, onyx, nova, shimmer, got undefined',
    ],
    [{ ...ok, response_format: 'pcm' }, 'Invalid response_format: must be one of mp3, opus, aac, flac, wav, got "pcm"'],
    [{ ...ok, speed: 4.01 }, 'Invalid speed: must be a number from 0.25 to 4, got 4.01'],
    [{ ...ok, speed: '1' }, 'Invalid speed: must be a number from 0.25 to 4, got "1"'],
    [{ ...ok, input: '' }, 'Invalid input: must be a non-empty string, got ""'],
    [{ model: 'tts-1', voice: 'alloy' }, 'Invalid input: must be a non-empty string, got undefined'],
    [{ input: 'Hi', voice: 'alloy' }, 'Invalid model: must be a non-empty string, got undefined'],
    [[1, 2], 'Invalid body: must be a JSON object, got [1,2]'],
  ])('answers a chat-style 400 for %j', async (body, message) => {
    expect(await failed(body)).toEqual({
      status: 400,
      json: { error: { type: 'invalid_request_error', message, code: 400 } },
    });
  });

  it('checks the model like every endpoint: unknown 404, a chat model 400', async () => {
    expect(await failed({ ...ok, model: 'tts-9' })).toEqual({
      status: 404,
      json: { error: { type: 'not_found_error', message: "Unknown model 'tts-9'", code: 404 } },
    });
    expect((await failed({ ...ok, model: 'gpt-4o-mini' })).json.error.message).toBe(
      "Invalid model: 'gpt-4o-mini' is a chat model, not an audio model",
    );
  });

  it('refuses whisper-1, the speech-to-text model, naming the models it accepts, as the gateway does', async () => {
    expect(await failed({ ...ok, model: 'whisper-1' })).toEqual({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          message:
            "Invalid model: 'whisper-1' is not a text-to-speech model; the speech endpoint accepts only tts-1, tts-1-hd",
          code: 400,
        },
      },
    });
    expect((await audio({ ...ok, model: 'tts-1-hd' })).type).toBe('audio/mpeg');
  });

  it('needs a bearer key, and honours [[emulator:status:<code>]] in the input', async () => {
    expect((await post(ok, { 'content-type': 'application/json' })).status).toBe(401);
    expect(await failed({ ...ok, input: 'Hi [[emulator:status:503]]' })).toEqual({
      status: 503,
      json: { error: { type: 'server_error', message: 'Emulated HTTP 503 ([[emulator:status:503]])', code: 503 } },
    });
  });
});

describe('wav writer', () => {
  it('writes the samples little-endian after the header', () => {
    const bytes = writeWav(new Int16Array([1, -2, 0x1234]), 16000);
    expect(wavHeader(bytes)).toMatchObject({ sampleRate: 16000, byteRate: 32000, dataBytes: 6, riffSize: 42 });
    expect([...bytes.subarray(WAV_HEADER_BYTES)]).toEqual([0x01, 0x00, 0xfe, 0xff, 0x34, 0x12]);
  });

  it('makes a triangle tone: zero, peak at a quarter period, trough at three quarters', () => {
    // 1000 Hz at 8 kHz: 8 samples per period.
    expect([...triangleTone(9, 1000, 8000, 100)]).toEqual([0, 50, 100, 50, 0, -50, -100, -50, 0]);
  });
});
