import { APICallError } from '@ai-sdk/provider';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UnigateVideoRequest } from '../../src';
import { expectInvalidArgument } from '../helpers/invalid-argument';
import { failure, SITE_URL, setup } from '../helpers/test-kit';

// Video requests and job ids are checked before any request: a job id becomes a path segment of the
// status URL, which carries the key.

const ALT = `${SITE_URL}/v1`;
const created = http.post(`${ALT}/videos/generations`, () => HttpResponse.json({ job_id: 'vid-1', status: 'pending' }));
const status = http.get(`${ALT}/videos/status/:id`, ({ params }) =>
  HttpResponse.json({ job_id: params.id, status: 'processing' }),
);
const ID_RULE = 'a job id from gw.videoJobs.create() is required (not empty, "." or "..")';

describe('gw.videoJobs.create checks the request', () => {
  it('refuses a request without a model before any request (and so without retries)', async () => {
    const { gw, requests } = setup([created]);
    const request = { prompt: 'A paper boat' } as UnigateVideoRequest;
    await expectInvalidArgument(
      gw.videoJobs.create(request),
      'model',
      'Invalid argument model: the gateway requires a video model id (e.g. "veo-3"); received none.',
    );
    await expectInvalidArgument(
      gw.videoJobs.generate(request),
      'model',
      'Invalid argument model: the gateway requires a video model id (e.g. "veo-3"); received none.',
    );
    await expectInvalidArgument(
      gw.videoJobs.create({ ...request, model: ' ' }),
      'model',
      'Invalid argument model: the gateway requires a video model id (e.g. "veo-3"); received " ".',
    );
    await expectInvalidArgument(
      gw.videoJobs.create({ ...request, model: 7 as never }),
      'model',
      'Invalid argument model: the gateway requires a video model id (e.g. "veo-3"); received 7.',
    );
    await expectInvalidArgument(
      gw.videoJobs.create(undefined as never),
      'request',
      'Invalid argument request: expected an object; received undefined.',
    );
    expect(requests).toHaveLength(0);
  });

  it('counts the prompt in code points: 1000 emoji are sent, 1001 refused as 1001 characters', async () => {
    const { gw, requests } = setup([created]);
    await gw.videoJobs.create({ model: 'veo-3', prompt: '😀'.repeat(1000) });
    expect(requests.map(request => (request.body as { prompt: string }).prompt)).toEqual(['😀'.repeat(1000)]);
    await expectInvalidArgument(
      gw.videoJobs.create({ model: 'veo-3', prompt: '😀'.repeat(1001) }),
      'prompt',
      'Invalid argument prompt: the gateway accepts at most 1000 characters; received a string of 1001 characters.',
    );
    expect(requests).toHaveLength(1);
  });

  it('refuses options of the wrong type by name before any request', async () => {
    const { gw, requests } = setup([created, status]);
    await expectInvalidArgument(
      gw.videoJobs.create({ model: 'veo-3', prompt: 'A' }, { maxRetries: Number.NaN }),
      'maxRetries',
      'Invalid argument maxRetries: the gateway accepts an integer, at least 0; received NaN.',
    );
    await expectInvalidArgument(
      gw.videoJobs.get('vid-1', { headers: { 'x-n': 1 as never } }),
      'headers.x-n',
      'Invalid argument headers.x-n: expected a string; received 1.',
    );
    await expectInvalidArgument(
      gw.videoJobs.wait('vid-1', { onStatus: 'log' as never }),
      'onStatus',
      'Invalid argument onStatus: expected a function; received "log".',
    );
    await expectInvalidArgument(
      gw.videoJobs.create({ model: 'veo-3', prompt: 'A', user: 5 as never }),
      'user',
      'Invalid argument user: expected a string; received 5.',
    );
    expect(requests).toHaveLength(0);
  });
});

describe('job ids in URLs', () => {
  it('refuses the empty id, "." and ".." before any request: they would resolve to another path', async () => {
    const { gw, requests } = setup([status]);
    for (const jobId of ['', '.', '..']) {
      await expectInvalidArgument(
        gw.videoJobs.get(jobId),
        'jobId',
        `Invalid argument jobId: ${ID_RULE}; received ${JSON.stringify(jobId)}.`,
      );
      await expectInvalidArgument(
        gw.videoJobs.wait(jobId),
        'jobId',
        `Invalid argument jobId: ${ID_RULE}; received ${JSON.stringify(jobId)}.`,
      );
      await expectInvalidArgument(
        gw.video('veo-3').doStatus({ operation: jobId }),
        'operation',
        `Invalid argument operation: ${ID_RULE}; received ${JSON.stringify(jobId)}.`,
      );
      await expectInvalidArgument(
        gw.video('veo-3').doStatus({ operation: { jobId } }),
        'operation.jobId',
        `Invalid argument operation.jobId: ${ID_RULE}; received ${JSON.stringify(jobId)}.`,
      );
    }
    expect(requests).toHaveLength(0);
  });

  it('encodes every other id as one path segment', async () => {
    const { gw, requests } = setup([status]);
    await gw.videoJobs.get('a/../b?c#d');
    await gw.video('veo-3').doStatus({ operation: { jobId: '../models' } });
    await gw.videoJobs.get('...');
    expect(requests.map(request => request.url)).toEqual([
      `${ALT}/videos/status/a%2F..%2Fb%3Fc%23d`,
      `${ALT}/videos/status/..%2Fmodels`,
      `${ALT}/videos/status/...`,
    ]);
  });

  it('a created job whose id is a dot segment is a response error, and its status is never read', async () => {
    const { gw, requests } = setup([
      http.post(`${ALT}/videos/generations`, () => HttpResponse.json({ job_id: '..', status: 'pending' })),
      status,
    ]);
    const error = await failure(gw.videoJobs.generate({ model: 'veo-3', prompt: 'A boat' }, { pollIntervalMs: 1 }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate returned an unexpected response body: job_id: expected a job id, not empty, "." or ".."',
    );
    expect(requests.map(request => request.method)).toEqual(['POST']);
  });
});
