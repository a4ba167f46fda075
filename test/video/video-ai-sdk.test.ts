import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, UnigateVideoJobError } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { failure } from '../helpers/test-kit';

// End to end through the real `ai` package: ai@6 here, ai@7 in the Node 22 lane. Both have
// experimental_generateVideo; only ai@7 has experimental_startVideo / experimental_getVideoStatus and
// the `poll` option, which it serves from the model's doStart / doStatus.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Loose = (options: Record<string, unknown>) => Promise<any>;
const generateVideo = ai.experimental_generateVideo as unknown as Loose;
const startVideo = (ai as Record<string, unknown>).experimental_startVideo as Loose | undefined;
const getVideoStatus = (ai as Record<string, unknown>).experimental_getVideoStatus as
  | ((model: unknown, options: Record<string, unknown>) => Promise<any>)
  | undefined;
const isAi7 = typeof startVideo === 'function';

function fixture(options: Parameters<typeof createUnigateEmulator>[0] = {}) {
  const emulator = createUnigateEmulator(options);
  // emulator.download: the AI SDK's default download refuses private hosts, and this host resolves nowhere.
  return { emulator, gw: createUnigate(emulator.settings), download: emulator.download };
}

describe('experimental_generateVideo', () => {
  it('exists under both majors; start/status exist exactly under ai@7', async () => {
    expect(typeof ai.experimental_generateVideo).toBe('function');
    expect(typeof getVideoStatus).toBe(isAi7 ? 'function' : 'undefined');
    const { version } = (await import('ai/package.json')).default as { version: string };
    expect(version.split('.')[0]).toBe(isAi7 ? '7' : '6');
  });

  it('creates, polls and downloads the video (doGenerate), with metadata and warnings', async () => {
    const { emulator, gw, download } = fixture();
    const seen: string[] = [];
    const onStatus = (job: { status: string }) => seen.push(job.status);
    const result = await generateVideo({
      model: gw.video('veo-3', { onStatus }),
      prompt: 'A paper boat on a river',
      aspectRatio: '16:9',
      duration: 5,
      fps: 24,
      providerOptions: { unigate: { pollIntervalMs: 1 } },
      download,
    });
    expect(result.video.mediaType).toBe('video/mp4');
    expect(new TextDecoder().decode(result.video.uint8Array.subarray(4, 8))).toBe('ftyp');
    expect(result.providerMetadata.unigate).toEqual({
      jobId: 'vid-1',
      status: 'completed',
      videoUrl: 'http://unigate.emulator/files/videos/vid-1/video.mp4',
      thumbnailUrl: 'http://unigate.emulator/files/videos/vid-1/thumbnail.jpg',
    });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'fps',
        details: 'The video endpoint has no frame-rate parameter; fps was not sent.',
      },
    ]);
    expect(seen).toEqual(['pending', 'processing', 'completed']);
    expect(emulator.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'POST /alt/v1/videos/generations',
      'GET /alt/v1/videos/status/vid-1',
      'GET /alt/v1/videos/status/vid-1',
      'GET /files/videos/vid-1/video.mp4',
    ]);
  });

  it('surfaces a failed job with the gateway message and the job id', async () => {
    const { gw, download } = fixture({ videoJob: { pollsToComplete: 1 } });
    const error = await failure(
      generateVideo({
        model: gw.video('veo-3'),
        prompt: 'A boat [[emulator:video-fail]]',
        providerOptions: { unigate: { pollIntervalMs: 1 } },
        download,
      }),
    );
    expect(UnigateVideoJobError.isInstance(error)).toBe(true);
    expect(error.jobId).toBe('vid-1');
  });

  it('checks the settings before any request', async () => {
    const { emulator, gw, download } = fixture();
    const error = await failure(generateVideo({ model: gw.video('veo-3'), prompt: 'A boat', duration: 7, download }));
    expect(error.message).toContain('Invalid argument duration');
    expect(emulator.requests).toHaveLength(0);
  });

  it.each([
    ['without poll (doGenerate)', {}],
    ['with poll (doStart/doStatus on ai@7)', { poll: { intervalMs: 1, timeoutMs: 10_000 } }],
  ])('every option the endpoint cannot take comes back as a warning naming it, %s', async (_, poll) => {
    const { emulator, download } = fixture();
    const bodies: unknown[] = [];
    const gw = createUnigate({
      ...emulator.settings,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
        return emulator.fetch(input, init);
      },
    });
    const result = await generateVideo({
      model: gw.video('veo-3'),
      prompt: { text: 'A lighthouse', image: 'https://x.test/first.png' },
      aspectRatio: '1:1',
      duration: 10,
      resolution: '1280x720',
      fps: 24,
      seed: 7,
      generateAudio: true,
      providerOptions: { unigate: { pollIntervalMs: 1, style: 'noir' } },
      download,
      ...poll,
    });
    expect(result.warnings.map((w: { type: string; feature?: string }) => `${w.type} ${w.feature}`)).toEqual([
      'unsupported providerOptions.unigate.style',
      'unsupported resolution',
      'unsupported fps',
      'unsupported seed',
      'unsupported image',
      'unsupported generateAudio',
    ]);
    expect(bodies).toEqual([{ model: 'veo-3', prompt: 'A lighthouse', aspect_ratio: '1:1', duration: 10 }]);
    expect(result.providerMetadata.unigate.status).toBe('completed');
  });

  it('finishes a job in well under a second with emulator.settings and emulator.download alone', async () => {
    const { emulator, gw, download } = fixture();
    const started = performance.now();
    const result = await generateVideo({ model: gw.video('veo-3'), prompt: 'A paper boat on a river', download });
    const elapsed = performance.now() - started;
    expect(emulator.requests.map(r => r.path)).toEqual([
      '/alt/v1/videos/generations',
      '/alt/v1/videos/status/vid-1',
      '/alt/v1/videos/status/vid-1',
      '/files/videos/vid-1/video.mp4',
    ]);
    const file = await emulator.fetch(result.providerMetadata.unigate.videoUrl);
    expect(result.video.mediaType).toBe('video/mp4');
    expect(result.video.uint8Array).toEqual(new Uint8Array(await file.arrayBuffer()));
    // A guard, not a benchmark: the gateway's 5-second interval would make this about 10 s.
    expect(elapsed).toBeLessThan(1_000);
  });

  it('emulator.download reports a file the emulator does not have, naming the URL and status', async () => {
    const { emulator } = fixture();
    const url = new URL('http://unigate.emulator/files/videos/vid-9/video.mp4');
    const error = await failure(emulator.download({ url }));
    expect(error.message).toBe(
      'Download of http://unigate.emulator/files/videos/vid-9/video.mp4 from the emulator failed with HTTP 404',
    );
  });

  it('with `poll`: ai@7 drives doStart/doStatus; ai@6 ignores the option and calls doGenerate', async () => {
    const { emulator, gw, download } = fixture();
    const seen: string[] = [];
    const result = await generateVideo({
      model: gw.video('veo-3', { onStatus: job => seen.push(job.status) }),
      prompt: 'A lighthouse',
      poll: { intervalMs: 1, timeoutMs: 10_000 },
      providerOptions: { unigate: { pollIntervalMs: 1 } },
      download,
    });
    expect(result.video.mediaType).toBe('video/mp4');
    // ai@7 merges the metadata of every status read into the result: the last one must say completed,
    // not the `processing` of the read before it.
    expect(result.providerMetadata.unigate).toEqual({
      jobId: 'vid-1',
      status: 'completed',
      videoUrl: 'http://unigate.emulator/files/videos/vid-1/video.mp4',
      thumbnailUrl: 'http://unigate.emulator/files/videos/vid-1/thumbnail.jpg',
    });
    // onStatus belongs to the model's own wait (doGenerate); under ai@7's poll loop the SDK waits instead.
    expect(seen).toEqual(isAi7 ? [] : ['pending', 'processing', 'completed']);
    expect(emulator.requests.map(r => r.path)).toEqual([
      '/alt/v1/videos/generations',
      '/alt/v1/videos/status/vid-1',
      '/alt/v1/videos/status/vid-1',
      '/files/videos/vid-1/video.mp4',
    ]);
  });
});

describe('ai@7 start/status (experimental_startVideo, experimental_getVideoStatus)', () => {
  it(isAi7 ? 'starts a job and reads its status by the persisted operation' : 'are absent under ai@6', async () => {
    if (!isAi7) {
      expect(startVideo).toBeUndefined();
      expect(getVideoStatus).toBeUndefined();
      return;
    }
    const { emulator, gw } = fixture();
    const started = await startVideo!({
      model: gw.video('veo-3'),
      prompt: 'A lighthouse',
      aspectRatio: '9:16',
      seed: 1,
    });
    expect(started.operation).toEqual({
      jobId: 'vid-1',
      statusUrl: 'http://unigate.emulator/alt/v1/videos/status/vid-1',
    });
    expect(started.providerMetadata).toEqual({ unigate: { jobId: 'vid-1', status: 'pending' } });
    expect(started.warnings).toEqual([
      { type: 'unsupported', feature: 'seed', details: 'The video endpoint has no seed parameter; seed was not sent.' },
    ]);

    // Another process: a new provider, the operation as stored JSON.
    const operation = JSON.parse(JSON.stringify(started.operation));
    const worker = createUnigate(emulator.settings);
    expect((await getVideoStatus!(worker.video('veo-3'), { operation })).status).toBe('pending');
    const done = await getVideoStatus!(worker.video('veo-3'), { operation });
    expect(done.status).toBe('completed');
    expect(done.videos).toEqual([
      { type: 'url', url: 'http://unigate.emulator/files/videos/vid-1/video.mp4', mediaType: 'video/mp4' },
    ]);
    expect(await worker.videoJobs.get('vid-1')).toMatchObject({ jobId: 'vid-1', status: 'completed' });
  });

  it(isAi7 ? 'reports a failed job as status error' : 'leaves ai@6 with doGenerate for failed jobs too', async () => {
    const { gw, download } = fixture({ videoJob: { pollsToComplete: 1 } });
    if (!isAi7) {
      const error = await failure(
        generateVideo({
          model: gw.video('veo-3'),
          prompt: 'x [[emulator:video-fail]]',
          providerOptions: { unigate: { pollIntervalMs: 1 } },
          download,
        }),
      );
      expect(error.reason).toBe('failed');
      return;
    }
    const started = await startVideo!({ model: gw.video('veo-3'), prompt: 'x [[emulator:video-fail]]' });
    const status = await getVideoStatus!(gw.video('veo-3'), { operation: started.operation });
    expect(status.status).toBe('error');
    expect(status.error).toContain('Unigate video job vid-1 failed: Video generation failed');
    const error = await failure(
      generateVideo({
        model: gw.video('veo-3'),
        prompt: 'y [[emulator:video-fail]]',
        poll: { intervalMs: 1 },
        download,
      }),
    );
    expect(error.message).toContain('Unigate video job vid-2 failed');
  });
});
