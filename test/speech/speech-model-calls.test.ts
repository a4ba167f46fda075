import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { SPEECH_FORMATS, SPEECH_MEDIA_TYPES } from '../../src/speech/speech-api-types';
import { checkSpeechText, createSpeechAudioHandler, isSpeechMediaType } from '../../src/speech/speech-model-calls';
import { failure, thrown } from '../helpers/test-kit';

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

describe('checkSpeechText', () => {
  it('counts code points, as the gateway does: 4096 emoji pass, 4097 are refused as 4097 characters', () => {
    expect(() => checkSpeechText('😀'.repeat(4096))).not.toThrow();
    expect(thrown(() => checkSpeechText('😀'.repeat(4097))).message).toMatch(
      /^Invalid argument text: the gateway accepts at most 4096 characters per call; received 4097\. /,
    );
  });

  it('accepts 1 to 4096 characters', () => {
    expect(() => checkSpeechText('a')).not.toThrow();
    expect(() => checkSpeechText('a'.repeat(4096))).not.toThrow();
  });

  it('rejects a longer text naming limit and length, and says how to split it', () => {
    const error = thrown(() => checkSpeechText('word '.repeat(1000)));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('text');
    expect(error.message).toBe(
      'Invalid argument text: the gateway accepts at most 4096 characters per call; received 5000. ' +
        'Split the text (e.g. at sentence ends) into pieces of at most 4096 characters and make one call per piece.',
    );
  });

  it('rejects an empty text', () => {
    expect(thrown(() => checkSpeechText('')).message).toBe(
      'Invalid argument text: the gateway accepts 1 to 4096 characters; received an empty string.',
    );
  });
});
