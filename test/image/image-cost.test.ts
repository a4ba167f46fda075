import type { ImageModelV3CallOptions } from '@ai-sdk/provider';
import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { failure } from '../helpers/test-kit';
import { staleCatalog } from '../helpers/stale-catalog';
import { pricedEmulatorGateway } from '../helpers/emulator-gateway';

// providerMetadata.unigate.cost of images: perImage x images returned, only from a price table (the
// catalog's prices are per token, no per-image basis). The model returns `{ images, cost }`; what the
// AI SDK keeps of it differs per major, pinned below. ai@6 here, ai@7 in the ai7 lane.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const generateImage = ai.generateImage;
type Metadata = Record<string, Record<string, unknown>>;
/** ai@7's per-request results (`result.calls`); ai@6 has none. */
const callsOf = (result: unknown) => (result as { calls?: Array<{ providerMetadata?: Metadata }> }).calls;

function callOptions(n: number): ImageModelV3CallOptions {
  return {
    prompt: 'a red fox',
    n,
    size: undefined,
    aspectRatio: undefined,
    seed: undefined,
    files: undefined,
    mask: undefined,
    providerOptions: {},
  };
}

const credits = (total: number) => ({ input: total, output: 0, total, unit: 'credits' });
const REVISED = { revisedPrompt: 'A detailed illustration of a red fox.' };

describe(`image cost from the model (doGenerate), ai@${major} lane`, () => {
  it('a table with perImage 40: 2 images cost 80, and the images array stays', async () => {
    const { gw } = pricedEmulatorGateway({ 'dall-e-3': { perImage: 40 } });
    const result = await gw.image('dall-e-3').doGenerate(callOptions(2));
    const priced = { ...REVISED, cost: credits(40) };
    expect(result.providerMetadata).toEqual({ unigate: { images: [priced, priced], cost: credits(80) } });
  });

  it("pricing: 'catalog' alone gives no cost field for images (and no zero)", async () => {
    const { gw } = pricedEmulatorGateway('catalog');
    const result = await gw.image('dall-e-3').doGenerate(callOptions(1));
    expect(result.providerMetadata).toEqual({ unigate: { images: [REVISED] } });
    expect(result.warnings).toEqual([]);
  });
});

describe(`image cost through generateImage with ai@${major}`, () => {
  it(
    major >= 7
      ? "ai@7: each request's cost is in result.calls[i].providerMetadata; result.providerMetadata keeps the images, each with its cost"
      : 'ai@6: result.providerMetadata keeps only the images array, so each image carries its own cost',
    async () => {
      const { gw, paths } = pricedEmulatorGateway({ 'dall-e-3': { perImage: 40 } });
      // n 12: the model takes 10 per request, so the AI SDK sends 10 + 2.
      const result = await generateImage({ model: gw.image('dall-e-3'), prompt: 'a red fox', n: 12, size: '256x256' });
      expect(paths().filter(p => p === '/alt/v1/images/generations')).toHaveLength(2);
      expect(result.images).toHaveLength(12);
      // Each image carries its own cost: the part of the metadata both majors keep.
      expect(result.providerMetadata.unigate).toEqual({ images: Array(12).fill({ ...REVISED, cost: credits(40) }) });
      if (major >= 7) {
        expect(callsOf(result)!.map(call => call.providerMetadata?.unigate?.cost)).toEqual([credits(400), credits(80)]);
      } else {
        expect(callsOf(result)).toBeUndefined();
      }
    },
  );

  it('pricing: false (the default) gives no cost field and reads no catalog', async () => {
    for (const pricing of [false, undefined] as const) {
      const { gw, paths } = pricedEmulatorGateway(pricing);
      const result = await generateImage({ model: gw.image('dall-e-3'), prompt: 'a red fox', n: 1 });
      expect(result.providerMetadata.unigate).toEqual({ images: [REVISED] });
      if (major >= 7) expect(callsOf(result)![0]!.providerMetadata).toEqual({ unigate: { images: [REVISED] } });
      expect(paths()).toEqual(['/alt/v1/images/generations']);
    }
  });

  it('a setting that fails its check sends nothing, not even the catalog request', async () => {
    const { gw, emulator } = pricedEmulatorGateway('catalog');
    const error = await failure(generateImage({ model: gw.image('dall-e-3'), prompt: '   ' }));
    expect(error.message).toContain('prompt');
    expect(emulator.requests).toEqual([]);
  });

  it('image("veo-3"): the catalog lists a video model, the warning names video(\'veo-3\')', async () => {
    const gateway = staleCatalog('veo-3', 'image');
    const gw = createUnigate({ ...gateway.settings, pricing: 'catalog' });
    // The checks read the catalog once it is loaded: a kind it cannot price never waits for it.
    await gw.catalog.get('veo-3');
    const result = await generateImage({ model: gw.image('veo-3'), prompt: 'a red fox' });
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message: `Model "veo-3" is listed in the catalog as type 'video', but it is used as an image model (image(id)); use video('veo-3') on the provider.`,
      },
    ]);
    expect(result.images).toHaveLength(1);
  });
});
