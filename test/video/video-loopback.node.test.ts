import * as ai from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator, type UnigateEmulatorServer } from '../../src/testing';
import { failure } from '../helpers/test-kit';

// Over a real loopback server, as the demo and the worker example run: the AI SDK's default download
// refuses private hosts, so URL videos from a local emulator need a custom `download`.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const generateVideo = ai.experimental_generateVideo as unknown as (options: Record<string, unknown>) => Promise<any>;
let server: UnigateEmulatorServer;

beforeAll(async () => {
  server = await createUnigateEmulator().listen();
});
afterAll(() => server.close());

describe('video over the loopback emulator', () => {
  it('the default download refuses 127.0.0.1; a plain-fetch download gets the MP4', async () => {
    const gw = createUnigate(server.settings);
    const options = { model: gw.video('veo-3'), prompt: 'A boat', providerOptions: { unigate: { pollIntervalMs: 1 } } };
    const refused = await failure(generateVideo(options));
    expect(refused.name).toBe('AI_DownloadError');
    expect(refused.message).toContain('127.0.0.1');

    const download = async ({ url }: { url: URL }) => {
      const response = await fetch(url);
      return {
        data: new Uint8Array(await response.arrayBuffer()),
        mediaType: response.headers.get('content-type') ?? undefined,
      };
    };
    const { video } = await generateVideo({ ...options, download });
    expect(video.mediaType).toBe('video/mp4');
    expect(video.uint8Array.length).toBeGreaterThan(1000);
  });

  it('a job created by one provider is finished by another, by id alone', async () => {
    const { jobId } = await createUnigate(server.settings).videoJobs.create({ model: 'veo-3', prompt: 'A lighthouse' });
    const done = await createUnigate(server.settings).videoJobs.wait(jobId, { pollIntervalMs: 1 });
    expect(done.result.videoUrl).toBe(`${server.url}/files/videos/${jobId}/video.mp4`);
  });
});
