import { APICallError, InvalidArgumentError, InvalidResponseDataError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, UnigateVideoJobError, type UnigateVideoJob } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { VIDEO_FAIL_MESSAGE } from '../../src/testing/routes/videos-route';
import { failure, setup } from '../helpers/test-kit';

const FAST = { pollIntervalMs: 1 };

describe('gw.videoJobs against the emulator', () => {
  it('create -> get -> wait walks pending, processing, completed', async () => {
    const emulator = createUnigateEmulator({ videoJob: { pollsToComplete: 3 } });
    const gw = createUnigate(emulator.settings);
    const job = await gw.videoJobs.create({
      model: 'veo-3',
      prompt: 'A paper boat',
      aspectRatio: '1:1',
      duration: 5,
      user: 'u-1',
    });
    expect(job).toEqual({
      jobId: 'vid-1',
      status: 'pending',
      statusUrl: 'http://unigate.emulator/alt/v1/videos/status/vid-1',
    });
    expect(await gw.videoJobs.get(job.jobId)).toEqual({ jobId: 'vid-1', status: 'processing' });
    const seen: UnigateVideoJob[] = [];
    const done = await gw.videoJobs.wait(job.jobId, { ...FAST, onStatus: now => seen.push(now) });
    const result = {
      videoUrl: 'http://unigate.emulator/files/videos/vid-1/video.mp4',
      thumbnailUrl: 'http://unigate.emulator/files/videos/vid-1/thumbnail.jpg',
    };
    expect(done).toEqual({ jobId: 'vid-1', status: 'completed', result });
    expect(seen.map(s => s.status)).toEqual(['processing', 'completed']);
  });

  it('resumes by job id alone from another provider instance (another process), building the URL from altBaseURL', async () => {
    const emulator = createUnigateEmulator();
    const starter = createUnigate(emulator.settings);
    const { jobId } = await starter.videoJobs.create({ model: 'kling-v2.1', prompt: 'A lighthouse' });
    const worker = createUnigate({ ...emulator.settings });
    const done = await worker.videoJobs.wait(jobId, FAST);
    expect(done.status).toBe('completed');
    expect(emulator.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'POST /alt/v1/videos/generations',
      'GET /alt/v1/videos/status/vid-1',
      'GET /alt/v1/videos/status/vid-1',
    ]);
  });

  it('generate creates and waits, reporting pending first', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const seen: string[] = [];
    const done = await gw.videoJobs.generate(
      { model: 'veo-3', prompt: 'A boat' },
      { ...FAST, onStatus: job => seen.push(job.status) },
    );
    expect(done.result.videoUrl).toBe('http://unigate.emulator/files/videos/vid-1/video.mp4');
    expect(seen).toEqual(['pending', 'processing', 'completed']);
  });

  it('throws a failed job with the gateway message and the job id', async () => {
    const gw = createUnigate(createUnigateEmulator().settings);
    const error = await failure(
      gw.videoJobs.generate({ model: 'veo-3', prompt: 'A boat [[emulator:video-fail]]' }, FAST),
    );
    expect(UnigateVideoJobError.isInstance(error)).toBe(true);
    expect([error.reason, error.jobId, error.job.error.message]).toEqual(['failed', 'vid-1', VIDEO_FAIL_MESSAGE]);
  });

  it('an unknown job id is a not-found APICallError, for get and for wait', async () => {
    const gw = createUnigate(createUnigateEmulator().settings);
    for (const call of [gw.videoJobs.get('vid-404'), gw.videoJobs.wait('vid-404', FAST)]) {
      const error = await failure(call);
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error.statusCode).toBe(404);
      expect(error.data).toMatchObject({
        kind: 'not-found',
        type: 'not_found_error',
        message: "Unknown job_id 'vid-404'",
      });
    }
  });

  it('times out with the job id while the job is still running (small timeout)', async () => {
    const gw = createUnigate(createUnigateEmulator({ videoJob: { pollsToComplete: 1_000_000 } }).settings);
    const { jobId } = await gw.videoJobs.create({ model: 'veo-3', prompt: 'A boat' });
    const error = await failure(gw.videoJobs.wait(jobId, { pollIntervalMs: 5, timeoutMs: 30 }));
    expect([error.reason, error.jobId, error.status]).toEqual(['timeout', jobId, 'processing']);
  });

  it('checks the request and the wait options before any request', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const cases: Array<[Promise<unknown>, string]> = [
      [gw.videoJobs.create({ model: 'veo-3', prompt: 'x'.repeat(1001) }), 'prompt'],
      [gw.videoJobs.create({ model: 'veo-3', prompt: 'A', aspectRatio: '21:9' }), 'aspectRatio'],
      [gw.videoJobs.create({ model: 'veo-3', prompt: 'A', duration: 6 }), 'duration'],
      [gw.videoJobs.generate({ model: 'veo-3', prompt: 'A' }, { timeoutMs: -5 }), 'timeoutMs'],
      [gw.videoJobs.generate({ model: 'veo-3', prompt: 'A' }, { pollIntervalMs: Number.NaN }), 'pollIntervalMs'],
      [gw.videoJobs.get(''), 'jobId'],
      [gw.videoJobs.wait(undefined as unknown as string), 'jobId'],
    ];
    for (const [call, argument] of cases) {
      const error = await failure(call);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.argument).toBe(argument);
    }
    expect(emulator.requests).toHaveLength(0);
  });

  it('ends a wait at once on abort during a 60 s pause', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate(emulator.settings);
    const { jobId } = await gw.videoJobs.create({ model: 'veo-3', prompt: 'A boat' });
    const controller = new AbortController();
    const waiting = gw.videoJobs.wait(jobId, { pollIntervalMs: 60_000, abortSignal: controller.signal });
    while (emulator.requests.length < 2) await new Promise(resolve => setTimeout(resolve, 1));
    const started = Date.now();
    controller.abort();
    const error = await failure(waiting);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error.name).toBe('AbortError');
    await failure(gw.videoJobs.wait(jobId, { abortSignal: controller.signal }));
    expect(emulator.requests).toHaveLength(2);
  });
});

describe('gw.videoJobs polling through transient failures', () => {
  const STATUS = 'https://gw.test/v1/videos/status/vid-7';
  const done = { job_id: 'vid-7', status: 'completed', result: { video_url: 'https://cdn.gw.test/v.mp4' } };

  it('retries a dropped connection (TypeError from fetch) and a 429, then finishes', async () => {
    let polls = 0;
    const mock = setup([
      http.get(STATUS, () =>
        ++polls === 1
          ? HttpResponse.json({ error: { type: 'rate_limit_error', message: 'slow down' } }, { status: 429 })
          : HttpResponse.json(done),
      ),
    ]);
    let calls = 0;
    const dropping = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (calls++ === 0) throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      return mock.fetch(input, init);
    };
    const gw = createUnigate({ apiKey: 'sk-unigate-test-key-0123456789', siteURL: 'https://gw.test', fetch: dropping });
    expect(await gw.videoJobs.wait('vid-7', FAST)).toEqual({
      jobId: 'vid-7',
      status: 'completed',
      result: { videoUrl: 'https://cdn.gw.test/v.mp4' },
    });
    expect(calls).toBe(3);
    expect(mock.requests).toHaveLength(2);
  });

  it('does not retry what a retry cannot fix (401), and encodes the job id in the URL', async () => {
    const { gw, requests } = setup([
      http.get('https://gw.test/v1/videos/status/:id', () =>
        HttpResponse.json({ error: { type: 'authentication_error', message: 'bad key' } }, { status: 401 }),
      ),
    ]);
    const error = await failure(gw.videoJobs.wait('vid 1/2', FAST));
    expect(error.data.kind).toBe('authentication');
    expect(requests.map(r => r.url)).toEqual(['https://gw.test/v1/videos/status/vid%201%2F2']);
  });

  it('keeps retrying until the timeout, which names the last failure as its cause', async () => {
    const { gw } = setup([http.get(STATUS, () => HttpResponse.json({ error: { message: 'down' } }, { status: 503 }))]);
    const error = await failure(gw.videoJobs.wait('vid-7', { pollIntervalMs: 1, timeoutMs: 30 }));
    expect([error.reason, error.jobId]).toEqual(['timeout', 'vid-7']);
    expect(APICallError.isInstance(error.cause)).toBe(true);
    expect(error.cause.statusCode).toBe(503);
  });

  it('refuses a completed job without a video URL as InvalidResponseDataError carrying the answer', async () => {
    const broken = { job_id: 'vid-7', status: 'completed' };
    const { gw } = setup([http.get(STATUS, () => HttpResponse.json(broken))]);
    const error = await failure(gw.videoJobs.get('vid-7'));
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Unigate video job vid-7 is completed but the status answer has no result.video_url');
    expect(error.data).toEqual(broken);
  });
});
