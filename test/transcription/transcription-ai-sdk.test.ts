import { APICallError } from '@ai-sdk/provider';
import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import { toSrt, toVtt } from '../../src';
import { transcriptCues, transcriptWords } from '../../src/testing/routes/transcription-route';
import { failure, wireFormat } from '../helpers/test-kit';
import { synthesizeWav } from './transcription-fixtures';
import { emulatorGateway } from '../helpers/emulator-gateway';

// End to end through the real `ai` package: ai@6 in lane 1, ai@7 in lane 2, against the emulator.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Transcribe = (options: Record<string, unknown>) => Promise<{
  text: string;
  segments: Array<{ text: string; startSecond: number; endSecond: number }>;
  words?: Array<{ text: string; startSecond: number; endSecond: number }>;
  language: string | undefined;
  durationInSeconds: number | undefined;
  warnings: unknown[];
  providerMetadata: Record<string, Record<string, unknown>>;
}>;
const sdk = ai as unknown as {
  transcribe?: Transcribe;
  experimental_transcribe?: Transcribe;
  generateSpeech?: unknown;
};
const isAi7 = typeof sdk.generateSpeech === 'function'; // ai@7 drops the experimental_ prefix of speech too
const transcribe = (isAi7 ? sdk.transcribe : sdk.experimental_transcribe)!;

/** ai@7's telemetry hands each call's end event, with the model's `usage`, to its integrations. */
function usageRecorder() {
  const usages: unknown[] = [];
  const telemetry = { integrations: [{ onEnd: (event: { usage?: unknown }) => void usages.push(event.usage) }] };
  return { usages, telemetry };
}

describe('transcription through the AI SDK', () => {
  it('uses the name each major exports: experimental_transcribe (ai@6), transcribe (ai@7)', () => {
    if (isAi7) {
      expect(typeof sdk.transcribe).toBe('function');
      expect(typeof sdk.experimental_transcribe).toBe('function'); // the deprecated alias
    } else {
      expect(sdk.transcribe).toBeUndefined();
      expect(typeof sdk.experimental_transcribe).toBe('function');
    }
  });

  it('transcribes a 7.5-second WAV: text, segments that fit its length, language and duration', async () => {
    const { gw, emulator } = emulatorGateway();
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: synthesizeWav(7.5) });
    expect(result.text).toBe(
      'Hello from the Unigate emulator. This transcript is sample text. Its segments share the length of the audio.',
    );
    expect(result.segments).toEqual([
      { text: ' Hello from the Unigate emulator.', startSecond: 0, endSecond: 2.5 },
      { text: ' This transcript is sample text.', startSecond: 2.5, endSecond: 5 },
      { text: ' Its segments share the length of the audio.', startSecond: 5, endSecond: 7.5 },
    ]);
    expect(result.language).toBe('en');
    expect(result.durationInSeconds).toBe(7.5);
    expect(result.warnings).toEqual([]);
    expect(result.providerMetadata.unigate).toEqual({
      responseFormat: 'verbose_json',
      language: 'english',
      words: transcriptWords(transcriptCues(7.5)),
    });
    expect(emulator.requests).toEqual([
      { method: 'POST', path: '/v1/audio/transcriptions', model: 'whisper-1', status: 200 },
    ]);
  });

  it("words: ai@7 hands on the model's word timings; ai@6 has no words (they are in providerMetadata)", async () => {
    const { gw } = emulatorGateway();
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: synthesizeWav(3) });
    if (isAi7) {
      expect(result.words).toHaveLength(18);
      expect(result.words!.slice(0, 2)).toEqual([
        { text: 'Hello', startSecond: 0, endSecond: 0.2 },
        { text: 'from', startSecond: 0.2, endSecond: 0.4 },
      ]);
      expect(result.words!.at(-1)).toEqual({ text: 'audio', startSecond: 2.875, endSecond: 3 });
    } else {
      expect(result).not.toHaveProperty('words');
    }
    expect(result.providerMetadata.unigate!.words).toEqual(transcriptWords(transcriptCues(3)));
  });

  it('usage { seconds }: ai@7 hands it to telemetry (its result has no usage field); ai@6 drops it', async () => {
    const { gw } = emulatorGateway();
    const { usages, telemetry } = usageRecorder();
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: synthesizeWav(7.5), telemetry });
    expect(usages).toEqual(isAi7 ? [{ seconds: 7.5 }] : []);
    expect(result).not.toHaveProperty('usage');
    const srt = usageRecorder(); // subtitles state no duration: no usage
    await transcribe({
      model: gw.transcription('whisper-1'),
      audio: synthesizeWav(3),
      telemetry: srt.telemetry,
      providerOptions: { unigate: { responseFormat: 'srt' } },
    });
    expect(srt.usages).toEqual(isAi7 ? [undefined] : []);
  });

  it('returns the language asked for, mapped back from the name the gateway answers with', async () => {
    const { gw } = emulatorGateway();
    const result = await transcribe({
      model: gw.transcriptionModel('whisper-1'),
      audio: synthesizeWav(1),
      providerOptions: { unigate: { language: 'ht' } }, // the gateway answers "haitian creole"
    });
    expect(result.language).toBe('ht');
    expect(result.providerMetadata.unigate!.language).toBe('haitian creole');
  });

  it.each(['srt', 'vtt'] as const)(
    '%s: segments from the cues, subtitles that toSrt/toVtt write back the same',
    async format => {
      const { gw } = emulatorGateway();
      const audio = synthesizeWav(3);
      const result = await transcribe({
        model: gw.transcription('whisper-1'),
        audio,
        providerOptions: { unigate: { responseFormat: format } },
      });
      expect(result.segments.map(s => [s.startSecond, s.endSecond])).toEqual([
        [0, 1],
        [1, 2],
        [2, 3],
      ]);
      expect(result.durationInSeconds).toBe(3);
      expect(result.language).toBeUndefined();
      const subtitles = result.providerMetadata.unigate!.subtitles as string;
      expect(`${(format === 'srt' ? toSrt : toVtt)(result.segments)}\n`).toBe(subtitles);
    },
  );

  it.each(['json', 'text'] as const)('%s: the text, no segments, a warning', async format => {
    const { gw } = emulatorGateway();
    const result = await transcribe({
      model: gw.transcription('whisper-1'),
      audio: synthesizeWav(3),
      providerOptions: { unigate: { responseFormat: format } },
    });
    expect(result.text).toBe(
      'Hello from the Unigate emulator. This transcript is sample text. Its segments share the length of the audio.',
    );
    expect(result.segments).toEqual([]);
    expect(result.durationInSeconds).toBeUndefined();
    expect(result.warnings).toHaveLength(1);
  });

  it('a wrong option fails before any request', async () => {
    const { gw, emulator } = emulatorGateway();
    const error = await failure(
      transcribe({
        model: gw.transcription('whisper-1'),
        audio: synthesizeWav(1),
        providerOptions: { unigate: { temperature: 2 } },
      }),
    );
    expect(error.message).toContain('providerOptions.unigate.temperature');
    expect(emulator.requests).toHaveLength(0);
  });

  it('a gateway error reaches the caller as APICallError with the gateway message', async () => {
    const { gw } = emulatorGateway();
    const error = await failure(
      transcribe({ model: gw.transcription('whisper-9'), audio: synthesizeWav(1), maxRetries: 0 }),
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(404);
    expect(error.message).toContain("Unknown model 'whisper-9'");
    expect(error.data).toMatchObject({ kind: 'not-found' });
  });

  it('empty text: ai@6 throws NoTranscriptGeneratedError, ai@7 returns the empty transcript', async () => {
    const { model } = wireFormat('https://gw.test/v1/audio/transcriptions', gw =>
      gw.transcription('whisper-1'),
    ).answering({
      text: '',
      language: 'english',
      duration: 1,
      segments: [],
    });
    const call = transcribe({ model, audio: synthesizeWav(1) });
    if (isAi7) {
      expect((await call).text).toBe('');
    } else {
      const error = await failure(call);
      expect(
        (
          ai as unknown as { NoTranscriptGeneratedError: { isInstance(e: unknown): boolean } }
        ).NoTranscriptGeneratedError.isInstance(error),
      ).toBe(true);
    }
  });

  it('timestampGranularities: ai@7 strips it from a V3 model with a warning and hands it to a V4 one; ai@6 has none', async () => {
    const { gw } = emulatorGateway();
    const model = gw.transcription('whisper-1');
    const result = await transcribe({ model, audio: synthesizeWav(1), timestampGranularities: ['word'] });
    expect(result.text).not.toBe('');
    const spec: string = model.specificationVersion; // typed 'v3' by the root entry's types
    if (spec === 'v4') {
      // The /v4 entry (a lane may map the suite's imports to it): the model reads the option, and the
      // emulator's verbose_json has the words asked for, so nothing to warn about.
      expect(result.warnings).toEqual([]);
      expect(result.words).toHaveLength(18);
    } else {
      // ai@7's own adapter warns (the model never sees the option); ai@6 drops it before the model too.
      expect(result.warnings).toEqual(
        isAi7 ? [expect.objectContaining({ type: 'unsupported', feature: 'timestampGranularities' })] : [],
      );
    }
  });

  it('timestampGranularities reaches a V4 model: ai@7 passes it on, the model checks it before any request', async () => {
    const { gw, emulator } = emulatorGateway();
    const model = gw.transcription('whisper-1');
    // A stand-in for the V4 entry's front: the same pipeline, announced as V4 (ai@6 refuses V4 models).
    const v4 = {
      specificationVersion: 'v4',
      provider: model.provider,
      modelId: model.modelId,
      doGenerate: (options: Parameters<typeof model.doGenerate>[0]) => model.doGenerate(options),
    };
    const error = await failure(transcribe({ model: v4, audio: synthesizeWav(1), timestampGranularities: ['words'] }));
    if (isAi7) {
      expect(error.message).toBe(
        'Invalid argument timestampGranularities[0]: expected "word" or "segment"; received "words".',
      );
      const result = await transcribe({
        model: v4,
        audio: synthesizeWav(1),
        timestampGranularities: ['word'],
        providerOptions: { unigate: { responseFormat: 'vtt' } },
      });
      expect(result.warnings).toEqual([
        {
          type: 'unsupported',
          feature: 'timestampGranularities',
          details:
            'timestampGranularities ["word"] asks for timings that providerOptions.unigate.responseFormat "vtt" ' +
            'does not return; the default, "verbose_json", returns words (when the gateway sends them) and segments.',
        },
      ]);
      expect(emulator.requests).toHaveLength(1); // only the valid call
    } else {
      expect(error.name).toBe('AI_UnsupportedModelVersionError');
      expect(emulator.requests).toHaveLength(0);
    }
  });
});
