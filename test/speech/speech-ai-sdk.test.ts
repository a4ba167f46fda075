import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { failure } from '../helpers/test-kit';

// End to end through the real `ai` package against the emulator: ai@6 here, ai@7 in the ai7 lane.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
type GenerateSpeech = typeof ai.experimental_generateSpeech;
const exported = ai as unknown as { generateSpeech?: GenerateSpeech; experimental_generateSpeech?: GenerateSpeech };
// ai@7 renamed it; its experimental_ name is a deprecated alias.
const generateSpeech = (major >= 7 ? exported.generateSpeech : exported.experimental_generateSpeech)!;

function speechSetup() {
  const emulator = createUnigateEmulator({ now: () => Date.UTC(2025, 0, 2, 3, 4, 5) });
  return { emulator, gw: createUnigate(emulator.settings) };
}

/**
 * What `audio.mediaType` is per major: both sniff the bytes; ai@6 has no ADTS signature and falls back to
 * `audio/mp3` for aac (ai@7 sniffs ADTS, and would fall back to the response Content-Type).
 */
const SNIFFED = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: major >= 7 ? 'audio/aac' : 'audio/mp3',
  flac: 'audio/flac',
  wav: 'audio/wav',
} as const;
const CONTENT_TYPES = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
} as const;

describe(`speech with ai@${major}`, () => {
  it('uses the name this major exports: generateSpeech on ai@7, experimental_generateSpeech on ai@6', () => {
    expect([6, 7]).toContain(major);
    expect(typeof exported.experimental_generateSpeech).toBe('function');
    if (major >= 7) expect(typeof exported.generateSpeech).toBe('function');
    else expect(exported.generateSpeech).toBeUndefined();
  });

  it.each(Object.keys(CONTENT_TYPES) as Array<keyof typeof CONTENT_TYPES>)(
    'gets %s audio with its media type from the emulator',
    async format => {
      const { emulator, gw } = speechSetup();
      const result = await generateSpeech({ model: gw.speech('tts-1'), text: 'Hello there.', outputFormat: format });
      expect(result.audio.mediaType).toBe(SNIFFED[format]);
      expect(result.audio.uint8Array.length).toBeGreaterThan(100);
      expect(result.providerMetadata).toEqual({
        unigate: { mediaType: CONTENT_TYPES[format], format, voice: 'alloy' },
      });
      expect(result.warnings).toEqual([]);
      expect(result.responses[0]).toMatchObject({
        modelId: 'tts-1',
        timestamp: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)),
        headers: expect.objectContaining({ 'content-type': CONTENT_TYPES[format] }),
      });
      expect(emulator.requests).toEqual([{ method: 'POST', path: '/v1/audio/speech', model: 'tts-1', status: 200 }]);
    },
  );

  it('defaults to mp3 in the alloy voice, and gw.speechModel is the same model', async () => {
    const { gw } = speechSetup();
    const result = await generateSpeech({ model: gw.speechModel('tts-1-hd'), text: 'Default settings.' });
    expect(result.audio.mediaType).toBe('audio/mpeg');
    expect(result.providerMetadata.unigate).toEqual({ mediaType: 'audio/mpeg', format: 'mp3', voice: 'alloy' });
  });

  it('usage { characters } (code points): ai@7 hands it to telemetry (its result has none); ai@6 drops it', async () => {
    const { gw } = speechSetup();
    const usages: unknown[] = [];
    const telemetry = { integrations: [{ onEnd: (event: { usage?: unknown }) => void usages.push(event.usage) }] };
    // `telemetry` is ai@7's option; ai@6 ignores it.
    const options = { model: gw.speech('tts-1'), text: 'Hi 👋 there', telemetry };
    const result = await generateSpeech(options);
    expect(usages).toEqual(major >= 7 ? [{ characters: 10 }] : []); // 'Hi 👋 there' is 11 UTF-16 units
    expect(result).not.toHaveProperty('usage');
  });

  it('works through createProviderRegistry', async () => {
    const { gw } = speechSetup();
    const registry = ai.createProviderRegistry({ unigate: gw });
    const result = await generateSpeech({
      model: registry.speechModel('unigate:tts-1'),
      text: 'Registry.',
      outputFormat: 'flac',
    });
    expect(result.audio.mediaType).toBe('audio/flac');
  });

  it('reports instructions, language and unknown provider options as unsupported warnings', async () => {
    const { gw } = speechSetup();
    const result = await generateSpeech({
      model: gw.speech('tts-1'),
      text: 'Warnings.',
      voice: 'nova',
      outputFormat: 'wav',
      speed: 1.5,
      instructions: 'Cheerfully',
      language: 'en',
      providerOptions: { unigate: { user: 'user-42' } },
    });
    expect(result.warnings.map(w => (w.type === 'unsupported' ? w.feature : w.type))).toEqual([
      'instructions',
      'language',
      'providerOptions.unigate.user',
    ]);
    expect(result.audio.mediaType).toBe('audio/wav');
  });

  it.each([
    [
      'voice',
      { voice: 'bob' },
      'Invalid argument voice: the gateway accepts "alloy", "echo", "fable", "onyx", "nova", "shimmer"; received "bob".',
    ],
    [
      'outputFormat',
      { outputFormat: 'ogg' },
      'Invalid argument outputFormat: the gateway accepts "mp3", "opus", "aac", "flac", "wav"; received "ogg".',
    ],
    ['speed', { speed: 4.5 }, 'Invalid argument speed: the gateway accepts 0.25 to 4; received 4.5.'],
    ['speed', { speed: 0.2 }, 'Invalid argument speed: the gateway accepts 0.25 to 4; received 0.2.'],
    [
      'text',
      { text: 'a'.repeat(4097) },
      'Invalid argument text: the gateway accepts at most 4096 characters per call; received 4097.',
    ],
    [
      'text',
      { text: '' },
      'Invalid argument text: the gateway accepts 1 to 4096 characters; received an empty string.',
    ],
  ])('rejects a bad %s before any request', async (argument, settings, message) => {
    const { emulator, gw } = speechSetup();
    const error = await failure(generateSpeech({ model: gw.speech('tts-1'), text: 'Hi', maxRetries: 0, ...settings }));
    expect(ai.InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe(argument);
    expect(error.message).toContain(message);
    expect(emulator.requests).toHaveLength(0);
  });

  it("refuses whisper-1, the speech-to-text model, before any request, naming transcription('whisper-1')", async () => {
    const { emulator, gw } = speechSetup();
    const error = await failure(generateSpeech({ model: gw.speech('whisper-1'), text: 'Hi', maxRetries: 0 }));
    expect(ai.NoSuchModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ modelId: 'whisper-1', modelType: 'speechModel' });
    expect(error.message).toBe(
      "Model 'whisper-1' is a speech-to-text (transcription) model, not a text-to-speech model: use transcription('whisper-1') " +
        'on the provider. No request was sent. The speech models the package lists: tts-1, tts-1-hd.',
    );
    const embedding = await failure(
      generateSpeech({ model: gw.speech('text-embedding-3-small'), text: 'Hi', maxRetries: 0 }),
    );
    expect(embedding.message).toContain("use embedding('text-embedding-3-small') on the provider.");
    expect(emulator.requests).toHaveLength(0);
  });

  it('an aborted call sends nothing', async () => {
    const { emulator, gw } = speechSetup();
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      generateSpeech({ model: gw.speech('tts-1'), text: 'Hi', abortSignal: controller.signal }),
    );
    expect(error.name).toBe('AbortError');
    expect(emulator.requests).toHaveLength(0);
  });

  it('a gateway error arrives as an APICallError with the gateway message', async () => {
    const { emulator, gw } = speechSetup();
    const error = await failure(generateSpeech({ model: gw.speech('whisper-0'), text: 'Hi', maxRetries: 0 }));
    expect(ai.APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(404);
    expect(error.message).toContain("Unknown model 'whisper-0'");
    expect(emulator.requests).toHaveLength(1);
  });
});
