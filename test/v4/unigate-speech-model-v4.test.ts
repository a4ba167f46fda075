import { generateSpeech } from 'ai7';
import { describe, expect, it } from 'vitest';
import { DATE_HEADER, NOW, paths, v4Gateway } from './v4-kit';

// The /v4 entry's speech models against the emulator. (Their `usage` is tested with the speech model.)
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

describe('speech models of the /v4 entry', () => {
  it('are V4 models', () => {
    const { gw } = v4Gateway();
    for (const model of [gw.speech('tts-1'), gw.speechModel('tts-1')]) {
      expect([model.specificationVersion, model.provider, model.modelId]).toEqual(['v4', 'unigate.speech', 'tts-1']);
    }
  });

  it("doGenerate: the exact result, the audio ai@7's generateSpeech returns", async () => {
    const { gw, emulator } = v4Gateway();
    const { usage, ...result } = await gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} });
    const body = { model: 'tts-1', input: 'Hello', voice: 'alloy', response_format: 'mp3' };
    expect(result).toEqual({
      audio: expect.any(Uint8Array),
      warnings: [],
      request: { body },
      response: {
        timestamp: new Date(NOW),
        modelId: 'tts-1',
        headers: { 'content-type': 'audio/mpeg', date: DATE_HEADER },
      },
      providerMetadata: { unigate: { mediaType: 'audio/mpeg', format: 'mp3', voice: 'alloy' } },
    });
    const spoken = await generateSpeech({ model: gw.speech('tts-1'), text: 'Hello' });
    expect([spoken.audio.mediaType, spoken.audio.uint8Array]).toEqual(['audio/mpeg', result.audio]);
    expect(paths(emulator)).toEqual(['/v1/audio/speech', '/v1/audio/speech']);
  });
});
