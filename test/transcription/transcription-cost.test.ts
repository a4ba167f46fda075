import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { failure } from '../helpers/test-kit';
import { staleCatalog } from '../helpers/stale-catalog';
import { synthesizeWav } from './transcription-fixtures';
import { pricedEmulatorGateway } from '../helpers/emulator-gateway';

// providerMetadata.unigate.cost of transcription: minutes of audio (from durationInSeconds) times the
// per-minute price. Through the real `ai` package: ai@6 in lane 1, ai@7 in lane 2.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Transcribe = (options: Record<string, unknown>) => Promise<{
  durationInSeconds: number | undefined;
  warnings: unknown[];
  providerMetadata: Record<string, Record<string, unknown>>;
}>;
const sdk = ai as unknown as {
  transcribe?: Transcribe;
  experimental_transcribe?: Transcribe;
  generateSpeech?: unknown;
};
const isAi7 = typeof sdk.generateSpeech === 'function';
const transcribe = (isAi7 ? sdk.transcribe : sdk.experimental_transcribe)!;

/** 30 seconds at 8 kHz: 480 KB. */
const HALF_MINUTE = synthesizeWav(30, 8_000);

describe(`transcription cost with ai@${isAi7 ? 7 : 6}`, () => {
  it("whisper-1 from pricing: 'catalog': 0.003 credits per minute x 30 s = 0.0015", async () => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: HALF_MINUTE });
    expect(result.durationInSeconds).toBe(30);
    expect(result.providerMetadata.unigate!.cost).toEqual({
      input: expect.closeTo(0.0015, 12),
      output: 0,
      total: expect.closeTo(0.0015, 12),
      unit: 'credits',
    });
    expect(result.providerMetadata.unigate!.responseFormat).toBe('verbose_json');
    expect(result.warnings).toEqual([]);
  });

  it('a price table overrides the built-in price: 0.006 per minute x 30 s = 0.003', async () => {
    const { gw } = pricedEmulatorGateway({ 'whisper-1': { perMinute: 0.006 } });
    const result = await transcribe({ model: gw.transcription('whisper-1'), audio: HALF_MINUTE });
    expect((result.providerMetadata.unigate!.cost as { total: number }).total).toBeCloseTo(0.003, 12);
  });

  it.each(['json', 'text'])('no cost field when the duration is unknown (responseFormat %s)', async responseFormat => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await transcribe({
      model: gw.transcription('whisper-1'),
      audio: HALF_MINUTE,
      providerOptions: { unigate: { responseFormat } },
    });
    expect(result.durationInSeconds).toBeUndefined();
    expect(result.providerMetadata.unigate).not.toHaveProperty('cost');
  });

  it.each(['srt', 'vtt'])(
    "responseFormat %s: the duration is the last cue's end, and the cost follows it",
    async responseFormat => {
      const { gw } = pricedEmulatorGateway('catalog');
      const result = await transcribe({
        model: gw.transcription('whisper-1'),
        audio: HALF_MINUTE,
        providerOptions: { unigate: { responseFormat } },
      });
      expect(result.durationInSeconds).toBe(30);
      expect((result.providerMetadata.unigate!.cost as { total: number }).total).toBeCloseTo(0.0015, 12);
    },
  );

  it('pricing: false (the default) gives no cost field and reads no catalog', async () => {
    for (const pricing of [false, undefined] as const) {
      const { gw, paths } = pricedEmulatorGateway(pricing);
      const result = await transcribe({ model: gw.transcription('whisper-1'), audio: HALF_MINUTE });
      expect(result.durationInSeconds).toBe(30);
      expect(result.providerMetadata.unigate).not.toHaveProperty('cost');
      expect(paths()).toEqual(['/v1/audio/transcriptions']);
    }
  });

  it('a setting that fails its check sends nothing, not even the catalog request', async () => {
    const { gw, emulator } = pricedEmulatorGateway('catalog');
    const error = await failure(
      transcribe({
        model: gw.transcription('whisper-1'),
        audio: HALF_MINUTE,
        providerOptions: { unigate: { temperature: 3 } },
      }),
    );
    expect(error.message).toContain('temperature');
    expect(emulator.requests).toEqual([]);
  });

  it('a model the catalog lists as another kind is still sent, with a warning naming the right accessor', async () => {
    const gateway = staleCatalog('gpt-4o-mini', 'audio');
    const gw = createUnigate({ ...gateway.settings, pricing: 'catalog' });
    // The checks read the catalog once it is loaded: a kind it cannot price never waits for it.
    await gw.catalog.get('gpt-4o-mini');
    const result = await transcribe({ model: gw.transcription('gpt-4o-mini'), audio: HALF_MINUTE });
    expect(result.warnings).toEqual([
      expect.objectContaining({
        type: 'other',
        message: expect.stringContaining("use chat('gpt-4o-mini') or messages('gpt-4o-mini') on the provider."),
      }),
    ]);
    expect(result.providerMetadata.unigate).not.toHaveProperty('cost');
  });
});
