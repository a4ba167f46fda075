import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProviderSettings } from '../../src';
import { createUnigateEmulator, type UnigateEmulator } from '../../src/testing';
import { failure } from '../helpers/test-kit';
import { staleCatalog } from '../helpers/stale-catalog';
import { pricedEmulatorGateway } from '../helpers/emulator-gateway';

// providerMetadata.unigate.cost of video: perVideo x 1 per completed job, only from a price table (the
// catalog has no per-video basis). ai@6 calls doGenerate; ai@7 too, or doStart/doStatus with `poll`.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Loose = (options: Record<string, unknown>) => Promise<any>;
const generateVideo = ai.experimental_generateVideo as unknown as Loose;
const startVideo = (ai as Record<string, unknown>).experimental_startVideo as Loose | undefined;
const isAi7 = typeof startVideo === 'function';

/** The emulator's files through its own fetch (the AI SDK's default download refuses private hosts). */
function downloadFrom(emulator: UnigateEmulator) {
  return async ({ url, abortSignal }: { url: URL; abortSignal?: AbortSignal }) => {
    const response = await emulator.fetch(url, { signal: abortSignal });
    return {
      data: new Uint8Array(await response.arrayBuffer()),
      mediaType: response.headers.get('content-type') ?? undefined,
    };
  };
}

/** The shared priced gateway over an emulator whose jobs complete at the first poll, with its downloader. */
function videoGateway(pricing: UnigateProviderSettings['pricing']) {
  const kit = pricedEmulatorGateway(pricing, createUnigateEmulator({ videoJob: { pollsToComplete: 1 } }));
  return { ...kit, download: downloadFrom(kit.emulator) };
}

const FAST = { unigate: { pollIntervalMs: 1 } };
const VIDEO_METADATA = {
  jobId: 'vid-1',
  status: 'completed',
  videoUrl: 'http://unigate.emulator/files/videos/vid-1/video.mp4',
  thumbnailUrl: 'http://unigate.emulator/files/videos/vid-1/thumbnail.jpg',
};

describe(`video cost with ai@${isAi7 ? 7 : 6}`, () => {
  it('a table with perVideo 150: the completed video costs 150 credits (doGenerate)', async () => {
    const { gw, download } = videoGateway({ 'veo-3': { perVideo: 150 } });
    const result = await generateVideo({ model: gw.video('veo-3'), prompt: 'A boat', providerOptions: FAST, download });
    expect(result.providerMetadata.unigate).toEqual({
      ...VIDEO_METADATA,
      cost: { input: 150, output: 0, total: 150, unit: 'credits' },
    });
    expect(result.warnings).toEqual([]);
  });

  it(
    isAi7
      ? 'ai@7 with `poll` (doStart, then doStatus): the completed status carries the cost'
      : 'ai@6 ignores `poll`: doGenerate carries the cost',
    async () => {
      const { gw, download, paths } = videoGateway({ 'veo-3': { perVideo: 150 } });
      const result = await generateVideo({
        model: gw.video('veo-3'),
        prompt: 'A boat',
        poll: { intervalMs: 1 },
        providerOptions: FAST,
        download,
      });
      expect(result.providerMetadata.unigate.cost).toEqual({ input: 150, output: 0, total: 150, unit: 'credits' });
      expect(paths().filter(p => p.startsWith('/alt/v1/videos/'))).toEqual([
        '/alt/v1/videos/generations',
        '/alt/v1/videos/status/vid-1',
      ]);
    },
  );

  it("pricing: 'catalog' alone gives no cost field for video (and no zero)", async () => {
    const { gw, download } = videoGateway('catalog');
    const result = await generateVideo({ model: gw.video('veo-3'), prompt: 'A boat', providerOptions: FAST, download });
    expect(result.providerMetadata.unigate).toEqual(VIDEO_METADATA);
    expect(result.warnings).toEqual([]);
  });

  it('pricing: false (the default) gives no cost field and reads no catalog', async () => {
    for (const pricing of [false, undefined] as const) {
      const { gw, download, paths } = videoGateway(pricing);
      const result = await generateVideo({
        model: gw.video('veo-3'),
        prompt: 'A boat',
        providerOptions: FAST,
        download,
      });
      expect(result.providerMetadata.unigate).toEqual(VIDEO_METADATA);
      expect(paths()).not.toContain('/api/public/models');
    }
  });

  it('a setting that fails its check sends nothing, not even the catalog request', async () => {
    const { gw, emulator, download } = videoGateway('catalog');
    const error = await failure(generateVideo({ model: gw.video('veo-3'), prompt: 'A boat', duration: 7, download }));
    expect(error.message).toContain('Invalid argument duration');
    expect(emulator.requests).toEqual([]);
  });

  it('video("dall-e-3"): the catalog lists an image model, the warning names image(\'dall-e-3\')', async () => {
    const gateway = staleCatalog('dall-e-3', 'video', { videoJob: { pollsToComplete: 1 } });
    const gw = createUnigate({ ...gateway.settings, pricing: 'catalog' });
    // The checks read the catalog once it is loaded: a kind it cannot price never waits for it.
    await gw.catalog.get('dall-e-3');
    const result = await generateVideo({
      model: gw.video('dall-e-3'),
      prompt: 'A boat',
      providerOptions: FAST,
      download: downloadFrom(gateway.served),
    });
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message: `Model "dall-e-3" is listed in the catalog as type 'image', but it is used as a video model (video(id)); use image('dall-e-3') on the provider.`,
      },
    ]);
    expect(result.providerMetadata.unigate).not.toHaveProperty('cost');
  });

  it('doStart carries no cost; the completed doStatus does, the statuses before it none', async () => {
    const gateway = staleCatalog('dall-e-3', 'video', { videoJob: { pollsToComplete: 3 } });
    const gw = createUnigate({ ...gateway.settings, pricing: { 'dall-e-3': { perVideo: 12.5 } } });
    const model = gw.video('dall-e-3');
    // A table price needs no catalog: no catalog check either, until the catalog is loaded.
    const start = await model.doStart({ prompt: 'A boat', n: 1, providerOptions: {} } as Parameters<
      typeof model.doStart
    >[0]);
    expect(start.warnings).toEqual([]);
    expect(start.providerMetadata).toEqual({ unigate: { jobId: 'vid-1', status: 'pending' } });
    const statuses = [];
    let status;
    do {
      status = await model.doStatus({ operation: start.operation });
      statuses.push(status);
    } while (status.status === 'pending' && statuses.length < 10);
    const completed = statuses.pop()!;
    expect(statuses.length).toBeGreaterThan(0);
    for (const pending of statuses) expect(pending.providerMetadata?.unigate).not.toHaveProperty('cost');
    expect(completed.status).toBe('completed');
    expect(completed.providerMetadata?.unigate?.cost).toEqual({ input: 12.5, output: 0, total: 12.5, unit: 'credits' });
  });

  it("doStart with pricing: 'catalog' names the right accessor", async () => {
    const gateway = staleCatalog('dall-e-3', 'video');
    const gw = createUnigate({ ...gateway.settings, pricing: 'catalog' });
    await gw.catalog.get('dall-e-3'); // the checks read the catalog once it is loaded
    const model = gw.video('dall-e-3');
    const start = await model.doStart({ prompt: 'A boat', n: 1, providerOptions: {} } as Parameters<
      typeof model.doStart
    >[0]);
    expect(start.warnings).toEqual([
      expect.objectContaining({
        type: 'other',
        message: expect.stringContaining("use image('dall-e-3') on the provider."),
      }),
    ]);
  });
});
