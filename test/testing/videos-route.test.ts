// The emulator's video endpoints, on the wire: creation, the job state machine by polls and by the
// injected clock, the failure marker, unknown ids, and the files a completed job points to.

import { describe, expect, it } from 'vitest';
import { createUnigateEmulator, type UnigateEmulatorOptions } from '../../src/testing';
import { VIDEO_FAIL_MESSAGE } from '../../src/testing/routes/videos-route';

const KEY = { authorization: 'Bearer sk-any', 'content-type': 'application/json' };
const ORIGIN = 'http://unigate.emulator';

function emulatorWith(options: UnigateEmulatorOptions = {}) {
  const emulator = createUnigateEmulator(options);
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await emulator.handler(new Request(`${ORIGIN}${path}`, init));
    return { status: response.status, headers: response.headers, response };
  };
  const create = async (body: unknown) => {
    const { status, response } = await call('/alt/v1/videos/generations', {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify(body),
    });
    return { status, json: await response.json() };
  };
  const poll = async (jobId: string, headers: Record<string, string> = KEY) => {
    const { status, response } = await call(`/alt/v1/videos/status/${encodeURIComponent(jobId)}`, { headers });
    return { status, json: await response.json() };
  };
  return { emulator, call, create, poll };
}

describe('POST /alt/v1/videos/generations', () => {
  it('creates a pending job with an absolute status_url on the request origin', async () => {
    const { create } = emulatorWith();
    expect(await create({ model: 'veo-3', prompt: 'A boat', aspect_ratio: '9:16', duration: 10, user: 'u-1' })).toEqual(
      {
        status: 200,
        json: { job_id: 'vid-1', status: 'pending', status_url: `${ORIGIN}/alt/v1/videos/status/vid-1` },
      },
    );
    expect((await create({ model: 'veo-3', prompt: 'Another' })).json.job_id).toBe('vid-2');
  });

  it.each([
    [{ prompt: 'A boat' }, "Missing required field 'model'"],
    [{ model: 'veo-3' }, "Missing required field 'prompt'"],
    [{ model: 'veo-3', prompt: 'x'.repeat(1001) }, 'Invalid prompt: 1001 characters; the limit is 1000'],
    [
      { model: 'veo-3', prompt: 'A', aspect_ratio: '4:3' },
      'Invalid aspect_ratio "4:3": accepted values are 16:9, 9:16, 1:1',
    ],
    [{ model: 'veo-3', prompt: 'A', duration: 7 }, 'Invalid duration 7: accepted values are 5, 10 (seconds)'],
    [{ model: 'veo-3', prompt: 'A', user: 5 }, "Invalid user: 'user' is not a string"],
  ])('answers 400 in the image/video shape for %j', async (body, message) => {
    const { create } = emulatorWith();
    expect(await create(body)).toEqual({ status: 400, json: { error: { type: 'invalid_request_error', message } } });
  });

  it('takes only video models, and a key', async () => {
    const { create, call } = emulatorWith();
    expect(await create({ model: 'gpt-4o-mini', prompt: 'A' })).toEqual({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          message: "Invalid model: 'gpt-4o-mini' is a chat model, not a video model",
        },
      },
    });
    expect((await create({ model: 'nope', prompt: 'A' })).json).toEqual({
      error: { type: 'not_found_error', message: "Unknown model 'nope'" },
    });
    const anonymous = await call('/alt/v1/videos/generations', {
      method: 'POST',
      body: '{"model":"veo-3","prompt":"A"}',
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers a status marker with that HTTP error', async () => {
    const { create } = emulatorWith();
    expect(await create({ model: 'veo-3', prompt: 'A [[emulator:status:500]]' })).toEqual({
      status: 500,
      json: { error: { type: 'server_error', message: 'Emulated HTTP 500 ([[emulator:status:500]])' } },
    });
  });
});

describe('GET /alt/v1/videos/status/:jobId', () => {
  it('moves a job to processing, then completed, on the second poll by default', async () => {
    const { create, poll } = emulatorWith();
    await create({ model: 'veo-3', prompt: 'A boat' });
    expect(await poll('vid-1')).toEqual({ status: 200, json: { job_id: 'vid-1', status: 'processing' } });
    const done = {
      job_id: 'vid-1',
      status: 'completed',
      result: {
        video_url: `${ORIGIN}/files/videos/vid-1/video.mp4`,
        thumbnail_url: `${ORIGIN}/files/videos/vid-1/thumbnail.jpg`,
      },
    };
    expect(await poll('vid-1')).toEqual({ status: 200, json: done });
    expect(await poll('vid-1')).toEqual({ status: 200, json: done });
  });

  it('takes the number of polls from the videoJob option', async () => {
    const { create, poll } = emulatorWith({ videoJob: { pollsToComplete: 3 } });
    await create({ model: 'veo-3', prompt: 'A boat' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await poll('vid-1')).json.status);
    expect(statuses).toEqual(['processing', 'processing', 'completed']);
  });

  it('moves a job by the injected clock with msToComplete', async () => {
    let now = Date.parse('2025-03-10T12:00:00Z');
    const { create, poll } = emulatorWith({ now: () => now, videoJob: { msToComplete: 30_000 } });
    await create({ model: 'veo-3', prompt: 'A boat' });
    expect((await poll('vid-1')).json.status).toBe('pending');
    now += 29_999;
    expect((await poll('vid-1')).json.status).toBe('processing');
    now += 1;
    expect((await poll('vid-1')).json.status).toBe('completed');
  });

  it('fails a job whose prompt carries [[emulator:video-fail]], with error.message', async () => {
    const { create, poll } = emulatorWith({ videoJob: { pollsToComplete: 1 } });
    await create({ model: 'veo-3', prompt: 'A boat [[emulator:video-fail]]' });
    expect(await poll('vid-1')).toEqual({
      status: 200,
      json: { job_id: 'vid-1', status: 'failed', error: { message: VIDEO_FAIL_MESSAGE } },
    });
  });

  it('answers 404 not_found_error for an unknown job, and 401 without a key', async () => {
    const { poll } = emulatorWith();
    expect(await poll('vid-404')).toEqual({
      status: 404,
      json: { error: { type: 'not_found_error', message: "Unknown job_id 'vid-404'" } },
    });
    expect((await poll('vid-1', {})).status).toBe(401);
  });

  it('keeps jobs per emulator instance', async () => {
    const first = emulatorWith();
    await first.create({ model: 'veo-3', prompt: 'A boat' });
    expect((await emulatorWith().poll('vid-1')).status).toBe(404);
  });

  it('refuses a bad timing option when the emulator is created', () => {
    expect(() => createUnigateEmulator({ videoJob: { pollsToComplete: 0 } })).toThrow(
      'videoJob.pollsToComplete must be an integer of at least 1',
    );
    expect(() => createUnigateEmulator({ videoJob: { msToComplete: -1 } })).toThrow(
      'videoJob.msToComplete must be a number of at least 0',
    );
  });
});

describe('GET /files/videos/:jobId/:file', () => {
  it('serves a real MP4 and JPEG for a completed job, without a key', async () => {
    const { create, poll, call } = emulatorWith({ videoJob: { pollsToComplete: 1 } });
    await create({ model: 'veo-3', prompt: 'A boat' });
    await poll('vid-1');
    const video = await call('/files/videos/vid-1/video.mp4');
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const mp4 = new Uint8Array(await video.response.arrayBuffer());
    expect(new TextDecoder().decode(mp4.subarray(4, 8))).toBe('ftyp');
    expect(mp4.length).toBeLessThan(4096);
    const thumbnail = await call('/files/videos/vid-1/thumbnail.jpg');
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = new Uint8Array(await thumbnail.response.arrayBuffer());
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('answers 404 before the job is completed, and for other names', async () => {
    const { create, call } = emulatorWith();
    await create({ model: 'veo-3', prompt: 'A boat' });
    expect((await call('/files/videos/vid-1/video.mp4')).status).toBe(404);
    expect((await call('/files/videos/vid-9/video.mp4')).status).toBe(404);
    expect((await call('/files/videos/vid-1/constructor')).status).toBe(404);
  });
});
