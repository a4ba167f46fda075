import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateCost, unigateVideoMetadata } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// unigateVideoMetadata on real results of the AI SDK (ai@6 here, ai@7 in the ai7 lane) and on metadata
// of the wrong shape. Results of other providers: test/checks/values.test.ts.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Loose = (options: Record<string, unknown>) => Promise<any>;
const sdk = ai as unknown as Record<string, Loose | undefined>;
const generateVideo = sdk.experimental_generateVideo!;
const startVideo = sdk.experimental_startVideo;
const major = Number(aiPackage.version.split('.')[0]);

const COST = { input: 0.5, output: 0, total: 0.5, unit: 'credits' };
const VIDEO = {
  jobId: 'vid-1',
  status: 'completed',
  videoUrl: 'http://unigate.emulator/files/videos/vid-1/video.mp4',
  thumbnailUrl: 'http://unigate.emulator/files/videos/vid-1/thumbnail.jpg',
};

describe('unigateVideoMetadata', () => {
  it("reads an experimental_generateVideo result's metadata: job id, status, URLs and, priced, the cost", async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: { 'veo-3': { perVideo: 0.5 } } });
    const result = await generateVideo({
      model: gw.video('veo-3'),
      prompt: 'A paper boat',
      providerOptions: { unigate: { pollIntervalMs: 1 } },
      download: emulator.download,
    });
    expect(unigateVideoMetadata(result)).toEqual({ ...VIDEO, cost: COST });
    expect(unigateVideoMetadata(result.responses[0])).toEqual({ ...VIDEO, cost: COST });
    expect(unigateCost(result)).toEqual(COST);
  });

  it("ai@7's experimental_startVideo: the pending job (ai@6 has no such function)", async () => {
    if (major < 7) {
      expect(startVideo).toBeUndefined();
      return;
    }
    const gw = createUnigate(createUnigateEmulator().settings);
    const started = await startVideo!({ model: gw.video('veo-3'), prompt: 'A lighthouse' });
    expect(unigateVideoMetadata(started)).toEqual({ jobId: 'vid-1', status: 'pending' });
  });

  it.each([
    ['no jobId', { status: 'completed' }],
    ['a jobId that is a number', { jobId: 1, status: 'completed' }],
    ['a status the gateway has not', { jobId: 'vid-1', status: 'done' }],
    ['a status named by an inherited key', { jobId: 'vid-1', status: 'toString' }],
    ['a videoUrl that is not a string', { ...VIDEO, videoUrl: { href: VIDEO.videoUrl } }],
    ['a thumbnailUrl of null', { ...VIDEO, thumbnailUrl: null }],
    ['a cost without unit', { ...VIDEO, cost: { input: 0.5, output: 0, total: 0.5 } }],
  ])('metadata with %s: undefined', (_case, unigate) => {
    expect(unigateVideoMetadata({ providerMetadata: { unigate } })).toBeUndefined();
  });
});
