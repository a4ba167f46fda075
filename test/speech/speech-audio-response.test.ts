import { describe, expect, it } from 'vitest';
import { SPEECH_FORMATS, SPEECH_MEDIA_TYPES } from '../../src/speech/speech-api-types';
import { createSpeechAudioHandler, isSpeechMediaType } from '../../src/speech/speech-audio-response';
import { failure } from '../helpers/test-kit';

function handle(format: (typeof SPEECH_FORMATS)[number], response: Response) {
  return createSpeechAudioHandler(
    format,
    'sk-secret-key-123',
  )({ response, url: 'https://gw.test/v1/audio/speech', requestBodyValues: { model: 'tts-1' } });
}

describe('speech audio response', () => {
  it('the media types are the documented ones (docs/endpoints.md#speech-formats-and-content-types)', () => {
    expect(SPEECH_MEDIA_TYPES).toEqual({
      mp3: 'audio/mpeg',
      opus: 'audio/ogg',
      aac: 'audio/aac',
      flac: 'audio/flac',
      wav: 'audio/wav',
    });
  });

  it('matches each format only to its own media type and aliases', () => {
    for (const format of SPEECH_FORMATS) {
      for (const other of SPEECH_FORMATS) {
        expect(isSpeechMediaType(format, SPEECH_MEDIA_TYPES[other])).toBe(format === other);
      }
    }
    expect(isSpeechMediaType('mp3', 'audio/mp3')).toBe(true);
    expect(isSpeechMediaType('opus', 'audio/opus')).toBe(true);
    expect(isSpeechMediaType('flac', 'audio/x-flac')).toBe(true);
    expect(isSpeechMediaType('mp3', undefined)).toBe(false);
    expect(isSpeechMediaType('mp3', 'application/octet-stream')).toBe(false);
  });

  it('returns the bytes and headers when the type matches, ignoring case and parameters', async () => {
    const bytes = new Uint8Array([0x4f, 0x67, 0x67, 0x53]);
    const result = await handle('opus', new Response(bytes, { headers: { 'content-type': 'Audio/OGG; codecs=opus' } }));
    expect(result.value).toEqual(bytes);
    expect(result.responseHeaders).toEqual({ 'content-type': 'Audio/OGG; codecs=opus' });
  });

  it('a JSON body that is no error object still fails, quoting the body without the key', async () => {
    const response = new Response('{"note":"sk-secret-key-123"}', { headers: { 'content-type': 'application/json' } });
    const error = await failure(handle('wav', response));
    expect(error.message).toBe('Unigate speech returned application/json instead of audio/wav (wav) audio.');
    expect(error.responseBody).toBe('{"note":"[redacted]"}');
    expect(error.requestBodyValues).toEqual({ model: 'tts-1' });
  });

  it('a {message} body counts as an error object: its message is kept', async () => {
    const response = new Response('{"message":"quota exhausted"}', { headers: { 'content-type': 'application/json' } });
    const error = await failure(handle('mp3', response));
    expect(error.message).toBe(
      'Unigate speech returned application/json instead of audio/mpeg (mp3) audio: quota exhausted',
    );
  });
});
