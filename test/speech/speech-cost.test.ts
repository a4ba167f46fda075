import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { failure } from '../helpers/test-kit';
import { staleCatalog } from '../helpers/stale-catalog';
import { pricedEmulatorGateway } from '../helpers/emulator-gateway';

// providerMetadata.unigate.cost of speech: characters of the text (code points, as the gateway counts
// them) times the per-1M-character price. Through the real `ai` package: ai@6 here, ai@7 in the ai7 lane.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
type GenerateSpeech = typeof ai.experimental_generateSpeech;
const exported = ai as unknown as { generateSpeech?: GenerateSpeech; experimental_generateSpeech?: GenerateSpeech };
const generateSpeech = (major >= 7 ? exported.generateSpeech : exported.experimental_generateSpeech)!;

/** 20 characters. */
const TWENTY = 'Twenty characters ok';

describe(`speech cost with ai@${major}`, () => {
  it("tts-1 from pricing: 'catalog': 3.75 credits per 1M characters x 20 characters = 0.000075", async () => {
    const { gw, paths } = pricedEmulatorGateway('catalog');
    const result = await generateSpeech({ model: gw.speech('tts-1'), text: TWENTY });
    expect(TWENTY).toHaveLength(20);
    const { cost, ...rest } = result.providerMetadata.unigate as Record<string, unknown>;
    expect(cost).toEqual({
      input: expect.closeTo(0.000075, 12),
      output: 0,
      total: expect.closeTo(0.000075, 12),
      unit: 'credits',
    });
    // The rest of the metadata is as before.
    expect(rest).toEqual({ mediaType: 'audio/mpeg', format: 'mp3', voice: 'alloy' });
    expect(result.warnings).toEqual([]);
    expect(paths()).toContain('/v1/audio/speech');
  });

  it('counts code points, as the gateway does: tts-1-hd, "Hi 👋" is 4 characters x 7.50 / 1M = 0.00003', async () => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await generateSpeech({ model: gw.speech('tts-1-hd'), text: 'Hi 👋' });
    expect('Hi 👋'.length).toBe(5); // UTF-16 units: the emoji is a surrogate pair
    expect((result.providerMetadata.unigate as { cost: { total: number } }).cost.total).toBeCloseTo(0.00003, 12);
  });

  it('a price table overrides the built-in price: 10 per 1M characters x 20 = 0.0002', async () => {
    const { gw } = pricedEmulatorGateway({ 'tts-1': { perMillionCharacters: 10 } });
    const result = await generateSpeech({ model: gw.speech('tts-1'), text: TWENTY });
    expect(result.providerMetadata.unigate!.cost).toEqual({
      input: expect.closeTo(0.0002, 12),
      output: 0,
      total: expect.closeTo(0.0002, 12),
      unit: 'credits',
    });
  });

  it('pricing: false (the default) gives no cost field and reads no catalog', async () => {
    for (const pricing of [false, undefined] as const) {
      const { gw, paths } = pricedEmulatorGateway(pricing);
      const result = await generateSpeech({ model: gw.speech('tts-1'), text: TWENTY });
      expect(result.providerMetadata.unigate).toEqual({ mediaType: 'audio/mpeg', format: 'mp3', voice: 'alloy' });
      expect(paths()).toEqual(['/v1/audio/speech']);
    }
  });

  it('a table without a speech price for the model gives no cost field (never a zero)', async () => {
    const { gw } = pricedEmulatorGateway({ 'tts-1': { inputPerMillionTokens: 5 } });
    const result = await generateSpeech({ model: gw.speech('tts-1'), text: TWENTY });
    expect(result.providerMetadata.unigate).not.toHaveProperty('cost');
  });

  it('a setting that fails its check sends nothing, not even the catalog request', async () => {
    const { gw, emulator } = pricedEmulatorGateway('catalog');
    const error = await failure(generateSpeech({ model: gw.speech('tts-1'), text: TWENTY, speed: 9 }));
    expect(error.message).toContain('speed');
    expect(emulator.requests).toEqual([]);
  });

  it('a model the catalog lists as another kind is still sent, with a warning naming the right accessor', async () => {
    // The catalog says tts-next is an embedding model; this gateway serves it as audio. (An id the package
    // itself lists as another kind is refused before any request instead.)
    const models = [
      {
        id: 'tts-next',
        provider: 'OpenAI',
        type: 'embedding' as const,
        inputPrice: 1,
        outputPrice: 0,
        isNew: true,
        created: 0,
      },
    ];
    const gateway = staleCatalog('tts-next', 'audio', { models });
    const gw = createUnigate({ ...gateway.settings, pricing: 'catalog' });
    // The checks read the catalog once it is loaded: a kind it cannot price never waits for it.
    await gw.catalog.get('tts-next');
    const result = await generateSpeech({ model: gw.speech('tts-next'), text: TWENTY });
    expect(result.warnings).toEqual([
      expect.objectContaining({
        type: 'other',
        message: expect.stringContaining("use embedding('tts-next') on the provider."),
      }),
    ]);
    expect(result.audio.uint8Array.length).toBeGreaterThan(0);
  });
});
