// The official `openai` client must read the emulator's speech answers and errors, as it reads the
// chat-completions ones (openai-sdk-conformance.test.ts).

import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiClient } from './openai-client';
import { failure } from '../helpers/test-kit';
import { speechAudio, SPEECH_CONTENT_TYPES, type SpeechFormat } from '../../src/testing/routes/speech-route';

const client = () => openaiClient();

describe('openai SDK speech against the emulator', () => {
  it.each(Object.keys(SPEECH_CONTENT_TYPES) as SpeechFormat[])(
    'reads %s audio: the bytes the route serves',
    async format => {
      const { openai, emulator } = client();
      const input = 'The quick brown fox.';
      const response = await openai.audio.speech.create({
        model: 'tts-1-hd',
        input,
        voice: 'fable',
        response_format: format,
        speed: 1.25,
      });
      expect(response.headers.get('content-type')).toBe(SPEECH_CONTENT_TYPES[format]);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(
        speechAudio({ input, voice: 'fable', format, speed: 1.25 }),
      );
      expect(emulator.requests).toEqual([{ method: 'POST', path: '/v1/audio/speech', model: 'tts-1-hd', status: 200 }]);
    },
  );

  it('reads the chat-style 400 as a BadRequestError with the message', async () => {
    const { openai } = client();
    const error = await failure(openai.audio.speech.create({ model: 'tts-1', input: 'Hi', voice: 'bob' as 'alloy' }));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toEqual({
      type: 'invalid_request_error',
      message: 'Invalid voice: must be one of alloy, echo, fable, onyx, nova, shimmer, got "bob"',
      code: 400,
    });
  });
});
