import { transcribe } from 'ai7';
import { describe, expect, it } from 'vitest';
import { DATE_HEADER, freezeDateAtNow, NOW, v4Gateway } from './v4-kit';

// The /v4 entry's transcription models against the emulator. (Their words, timestamp granularities and
// usage are tested with the transcription model.)
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const TEXT =
  'Hello from the Unigate emulator. This transcript is sample text. Its segments share the length of the audio.';

/** Speech of "Hello there" from the emulator, to transcribe. */
async function speech(gw: ReturnType<typeof v4Gateway>['gw']) {
  return (await gw.speech('tts-1').doGenerate({ text: 'Hello there', providerOptions: {} })).audio as Uint8Array;
}

describe('transcription models of the /v4 entry', () => {
  freezeDateAtNow();

  it('are V4 models', () => {
    const { gw } = v4Gateway();
    for (const model of [gw.transcription('whisper-1'), gw.transcriptionModel('whisper-1')]) {
      expect([model.specificationVersion, model.provider, model.modelId]).toEqual([
        'v4',
        'unigate.transcription',
        'whisper-1',
      ]);
    }
  });

  it("doGenerate: the exact text, segments, language and duration, as ai@7's transcribe returns them", async () => {
    const { gw } = v4Gateway();
    const audio = await speech(gw);
    const result = await gw
      .transcription('whisper-1')
      .doGenerate({ audio, mediaType: 'audio/mpeg', providerOptions: {} });
    const { text, segments, language, durationInSeconds, warnings, response } = result;
    expect({ text, segments, language, durationInSeconds, warnings }).toEqual({
      text: TEXT,
      segments: [
        { text: ' Hello from the Unigate emulator.', startSecond: 0, endSecond: 0.024 },
        { text: ' This transcript is sample text.', startSecond: 0.024, endSecond: 0.048 },
        { text: ' Its segments share the length of the audio.', startSecond: 0.048, endSecond: 0.072 },
      ],
      language: 'en',
      durationInSeconds: 0.072,
      warnings: [],
    });
    expect({ ...response, body: undefined }).toEqual({
      timestamp: new Date(NOW),
      modelId: 'whisper-1',
      headers: { 'content-type': 'application/json', date: DATE_HEADER },
      body: undefined,
    });
    const transcript = await transcribe({ model: gw.transcription('whisper-1'), audio });
    expect([transcript.text, transcript.segments, transcript.language]).toEqual([TEXT, segments, 'en']);
  });
});
