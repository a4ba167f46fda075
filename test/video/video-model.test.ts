import { APICallError, InvalidArgumentError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { UnigateVideoJobError } from '../../src';
import { videoCallOptions as callOptions } from '../helpers/call-options';
import { API_KEY, failure, setup } from '../helpers/test-kit';
import { spec } from '../helpers/spec';

const ALT = 'https://alt.gw.test/v1';
const CREATE_URL = `${ALT}/videos/generations`;
const STATUS_URL = `${ALT}/videos/status/vid-1`;
const created = { job_id: 'vid-1', status: 'pending', status_url: STATUS_URL };
const completed = {
  job_id: 'vid-1',
  status: 'completed',
  result: { video_url: 'https://cdn.gw.test/vid-1.mp4', thumbnail_url: 'https://cdn.gw.test/vid-1.jpg' },
};

/** A gateway whose job answers the given status bodies in turn (the last one repeats). */
function gateway(statuses: unknown[], createdBody: unknown = created) {
  let polls = 0;
  return setup(
    [
      http.post(CREATE_URL, () => HttpResponse.json(createdBody as object)),
      http.get(`${ALT}/videos/status/:jobId`, () =>
        HttpResponse.json(statuses[Math.min(polls++, statuses.length - 1)] as object),
      ),
    ],
    { altBaseURL: ALT },
  );
}

describe('video model: doGenerate', () => {
  it('creates the job on the alt base, polls the status URL, and returns the video URL with the job id', async () => {
    const { gw, requests } = gateway([{ job_id: 'vid-1', status: 'processing' }, completed]);
    const model = gw.video('veo-3');
    expect([model.provider, model.modelId, model.maxVideosPerCall, model.specificationVersion]).toEqual([
      'unigate.video',
      'veo-3',
      1,
      spec,
    ]);
    const result = await model.doGenerate(
      callOptions({
        aspectRatio: '9:16',
        duration: 10,
        providerOptions: { unigate: { pollIntervalMs: 1, user: 'user-42' } },
      }),
    );
    expect(result.videos).toEqual([{ type: 'url', url: 'https://cdn.gw.test/vid-1.mp4', mediaType: 'video/mp4' }]);
    expect(result.providerMetadata).toEqual({
      unigate: {
        jobId: 'vid-1',
        status: 'completed',
        videoUrl: 'https://cdn.gw.test/vid-1.mp4',
        thumbnailUrl: 'https://cdn.gw.test/vid-1.jpg',
      },
    });
    expect(result.warnings).toEqual([]);
    expect(result.response.modelId).toBe('veo-3');
    expect(requests.map(r => `${r.method} ${r.url}`)).toEqual([
      `POST ${CREATE_URL}`,
      `GET ${STATUS_URL}`,
      `GET ${STATUS_URL}`,
    ]);
    expect(requests[0].body).toEqual({
      model: 'veo-3',
      prompt: 'A paper boat on a river',
      aspect_ratio: '9:16',
      duration: 10,
      user: 'user-42',
    });
    for (const request of requests) expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(requests[1].body).toBeUndefined();
  });

  it('reports every status change to the onStatus model setting', async () => {
    const { gw } = gateway([
      { job_id: 'vid-1', status: 'processing' },
      { job_id: 'vid-1', status: 'processing' },
      completed,
    ]);
    const seen: string[] = [];
    const onStatus = (job: { status: string }) => seen.push(job.status);
    await gw
      .video('veo-3', { onStatus })
      .doGenerate(callOptions({ providerOptions: { unigate: { pollIntervalMs: 1 } } }));
    expect(seen).toEqual(['pending', 'processing', 'completed']);
  });

  it('does not call an onStatus given in providerOptions, and warns where it moved', async () => {
    const { gw } = gateway([completed]);
    const seen: string[] = [];
    const onStatus = (job: { status: string }) => seen.push(job.status);
    const result = await gw
      .video('veo-3')
      .doGenerate(callOptions({ providerOptions: { unigate: { pollIntervalMs: 1, onStatus } as never } }));
    expect(seen).toEqual([]);
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.onStatus',
        details:
          'onStatus is no longer a provider option (provider options are JSON): pass it as a model setting, ' +
          "gw.video('model-id', { onStatus }), or to gw.videoJobs.wait/generate.",
      },
    ]);
  });

  it('refuses an onStatus setting that is not a function when the model is created', () => {
    const { gw } = gateway([completed]);
    let error: unknown;
    try {
      gw.video('veo-3', { onStatus: 'log' as never });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('onStatus');
    expect((error as InvalidArgumentError).message).toBe(
      'Invalid argument onStatus: expected a function; received "log".',
    );
  });

  it('warns about every option the endpoint cannot take, and sends none of them', async () => {
    const { gw, requests } = gateway([completed]);
    const image = { type: 'url' as const, url: 'https://x.test/a.png' };
    const result = await gw.video('veo-3').doGenerate(
      callOptions({
        resolution: '1280x720',
        fps: 24,
        seed: 7,
        image,
        frameImages: [{ image, frameType: 'last_frame' }],
        inputReferences: [image],
        generateAudio: true,
        providerOptions: { unigate: { pollIntervalMs: 1, style: 'noir' } },
      }),
    );
    expect(result.warnings.map(w => (w.type === 'other' ? w.message : w.feature))).toEqual([
      'providerOptions.unigate.style',
      'resolution',
      'fps',
      'seed',
      'image',
      'frameImages',
      'inputReferences',
      'generateAudio',
    ]);
    expect(requests[0].body).toEqual({ model: 'veo-3', prompt: 'A paper boat on a river' });
  });

  it.each([
    [
      'prompt',
      callOptions({ prompt: 'x'.repeat(1001) }),
      'the gateway accepts at most 1000 characters; received a string of 1001 characters',
    ],
    ['prompt', callOptions({ prompt: undefined }), 'the gateway requires a text prompt; received none'],
    ['aspectRatio', callOptions({ aspectRatio: '4:3' }), 'the gateway accepts "16:9", "9:16", "1:1"; received "4:3"'],
    ['aspectRatio', callOptions({ aspectRatio: 'adaptive' }), 'received "adaptive"'],
    ['duration', callOptions({ duration: 8 }), 'the gateway accepts 5, 10; received 8'],
    ['n', callOptions({ n: 2 }), 'one video per job (maxVideosPerCall is 1); received 2'],
    [
      'providerOptions.unigate.pollIntervalMs',
      callOptions({ providerOptions: { unigate: { pollIntervalMs: -1 } } }),
      'at least 0; received -1',
    ],
    [
      'providerOptions.unigate.timeoutMs',
      callOptions({ providerOptions: { unigate: { timeoutMs: 'soon' } } }),
      'received "soon"',
    ],
  ])('checks %s before any request', async (argument, options, message) => {
    const { gw, requests } = gateway([completed]);
    const error = await failure(gw.video('veo-3').doGenerate(options));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe(argument);
    expect(error.message).toContain(message);
    expect(requests).toHaveLength(0);
    await failure(gw.video('veo-3').doStart(options));
    expect(requests).toHaveLength(0);
  });

  it('throws a failed job as UnigateVideoJobError with the gateway message and the job id', async () => {
    const { gw } = gateway([
      { job_id: 'vid-1', status: 'failed', error: { message: 'Upstream model rejected the prompt' } },
    ]);
    const error = await failure(gw.video('veo-3').doGenerate(callOptions()));
    expect(UnigateVideoJobError.isInstance(error)).toBe(true);
    expect([error.reason, error.jobId, error.job.error]).toEqual([
      'failed',
      'vid-1',
      { message: 'Upstream model rejected the prompt' },
    ]);
    expect(error.message).toBe('Unigate video job vid-1 failed: Upstream model rejected the prompt');
  });

  it('gives up after timeoutMs with an error that carries the job id to resume with', async () => {
    const { gw } = gateway([{ job_id: 'vid-1', status: 'processing' }]);
    const error = await failure(
      gw.video('veo-3').doGenerate(callOptions({ providerOptions: { unigate: { pollIntervalMs: 5, timeoutMs: 40 } } })),
    );
    expect(UnigateVideoJobError.isInstance(error)).toBe(true);
    expect([error.reason, error.jobId, error.status]).toEqual(['timeout', 'vid-1', 'processing']);
    expect(error.message).toContain("The job keeps running: videoJobs.wait('vid-1') on the provider resumes the wait.");
  });

  it('ends a wait at once on abort, even in the middle of a 60 s pause between polls', async () => {
    const { gw, requests } = gateway([{ job_id: 'vid-1', status: 'processing' }]);
    const controller = new AbortController();
    const call = gw
      .video('veo-3')
      .doGenerate(
        callOptions({ abortSignal: controller.signal, providerOptions: { unigate: { pollIntervalMs: 60_000 } } }),
      );
    while (requests.length < 1) await new Promise(resolve => setTimeout(resolve, 1));
    await new Promise(resolve => setTimeout(resolve, 20));
    const started = Date.now();
    controller.abort(new Error('user cancelled'));
    const error = await failure(call);
    // A sleep that ignores the signal would hold the call for the full 60 s.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error.message).toBe('user cancelled');
    expect(requests).toHaveLength(1);
  });

  it('keeps polling through a 503 without losing the job', async () => {
    let polls = 0;
    const { gw, requests } = setup(
      [
        http.post(CREATE_URL, () => HttpResponse.json(created)),
        http.get(STATUS_URL, () =>
          polls++ === 0
            ? HttpResponse.json({ error: { type: 'server_error', message: 'busy' } }, { status: 503 })
            : HttpResponse.json(completed),
        ),
      ],
      { altBaseURL: ALT },
    );
    const result = await gw.video('veo-3').doGenerate(callOptions());
    expect(result.providerMetadata).toEqual({
      unigate: {
        jobId: 'vid-1',
        status: 'completed',
        videoUrl: 'https://cdn.gw.test/vid-1.mp4',
        thumbnailUrl: 'https://cdn.gw.test/vid-1.jpg',
      },
    });
    expect(requests.map(r => r.method)).toEqual(['POST', 'GET', 'GET']);
  });

  it('polls a status_url elsewhere at the alt base instead, so the key stays with the gateway', async () => {
    const { gw, requests } = gateway([completed], { ...created, status_url: 'https://evil.test/status/vid-1' });
    await gw.video('veo-3').doGenerate(callOptions());
    expect(requests.map(r => r.url)).toEqual([CREATE_URL, STATUS_URL]);
  });

  it('fails creation errors with the gateway error kinds', async () => {
    const { gw } = setup(
      [
        http.post(CREATE_URL, () =>
          HttpResponse.json({ error: { type: 'not_found_error', message: "Unknown model 'veo-9'" } }, { status: 404 }),
        ),
      ],
      { altBaseURL: ALT },
    );
    const error = await failure(gw.video('veo-9').doGenerate(callOptions()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.data).toMatchObject({ kind: 'not-found', type: 'not_found_error' });
  });
});

describe('video model: doStart and doStatus', () => {
  it('starts a job and returns a JSON operation; doStatus reads pending, then completed', async () => {
    const { gw, requests } = gateway([{ job_id: 'vid-1', status: 'processing' }, completed]);
    const model = gw.video('veo-3');
    const start = await model.doStart({ ...callOptions(), webhookUrl: 'https://me.test/hook' });
    expect(start.operation).toEqual({ jobId: 'vid-1', statusUrl: STATUS_URL });
    expect(start.providerMetadata).toEqual({ unigate: { jobId: 'vid-1', status: 'pending' } });
    expect(start.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'webhookUrl',
        details: 'The gateway sends no job notifications; the job is polled instead.',
      },
    ]);
    const operation = JSON.parse(JSON.stringify(start.operation));
    expect(await model.doStatus({ operation })).toMatchObject({
      status: 'pending',
      providerMetadata: { unigate: { jobId: 'vid-1', status: 'processing' } },
    });
    expect(await model.doStatus({ operation })).toMatchObject({
      status: 'completed',
      videos: [{ type: 'url', url: 'https://cdn.gw.test/vid-1.mp4', mediaType: 'video/mp4' }],
      warnings: [],
      providerMetadata: {
        unigate: {
          jobId: 'vid-1',
          status: 'completed',
          videoUrl: 'https://cdn.gw.test/vid-1.mp4',
          thumbnailUrl: 'https://cdn.gw.test/vid-1.jpg',
        },
      },
    });
    expect(requests.map(r => r.method)).toEqual(['POST', 'GET', 'GET']);
  });

  it('reports a failed job as status error with the message and job id; takes a bare job id', async () => {
    const { gw } = gateway([{ job_id: 'vid-1', status: 'failed', error: { message: 'No GPUs left' } }]);
    expect(await gw.video('veo-3').doStatus({ operation: 'vid-1' })).toMatchObject({
      status: 'error',
      error: 'Unigate video job vid-1 failed: No GPUs left',
    });
  });

  it('refuses an operation without a job id before any request', async () => {
    const { gw, requests } = gateway([completed]);
    const error = await failure(gw.video('veo-3').doStatus({ operation: { id: 1 } }));
    expect(error.argument).toBe('operation');
    expect(requests).toHaveLength(0);
  });
});
