import { experimental_generateVideo, experimental_getVideoStatus, experimental_startVideo } from 'ai7';
import { describe, expect, it } from 'vitest';
import { videoCallOptions } from '../helpers/call-options';
import { DATE_HEADER, freezeDateAtNow, NOW, paths, v4Gateway } from './v4-kit';

// The /v4 entry's video models against the emulator: doGenerate, and doStart / doStatus, which ai@7's
// experimental_startVideo, experimental_getVideoStatus and generateVideo's `poll` call.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const ORIGIN = 'http://unigate.emulator';
const STATUS_PATH = '/alt/v1/videos/status/vid-1';
const response = {
  timestamp: new Date(NOW),
  modelId: 'veo-3',
  headers: { 'content-type': 'application/json', date: DATE_HEADER },
};
const completed = (jobId: string) => ({
  videos: [{ type: 'url', url: `${ORIGIN}/files/videos/${jobId}/video.mp4`, mediaType: 'video/mp4' }],
  warnings: [],
  providerMetadata: {
    unigate: {
      jobId,
      status: 'completed',
      videoUrl: `${ORIGIN}/files/videos/${jobId}/video.mp4`,
      thumbnailUrl: `${ORIGIN}/files/videos/${jobId}/thumbnail.jpg`,
    },
  },
  response,
});

describe('video models of the /v4 entry', () => {
  freezeDateAtNow();

  it('are V4 models, one video per call', () => {
    const { gw } = v4Gateway();
    for (const model of [gw.video('veo-3'), gw.videoModel('veo-3')]) {
      expect([model.specificationVersion, model.provider, model.modelId, model.maxVideosPerCall]).toEqual([
        'v4',
        'unigate.video',
        'veo-3',
        1,
      ]);
    }
  });

  it('doStart creates the job, doStatus reads it pending, then completed with the video', async () => {
    const { gw, emulator } = v4Gateway();
    const model = gw.video('veo-3');
    const started = await model.doStart(videoCallOptions());
    const operation = { jobId: 'vid-1', statusUrl: `${ORIGIN}${STATUS_PATH}` };
    expect(started).toEqual({
      operation,
      warnings: [],
      providerMetadata: { unigate: { jobId: 'vid-1', status: 'pending' } },
      response,
    });
    expect(await model.doStatus({ operation: started.operation })).toEqual({
      status: 'pending',
      providerMetadata: { unigate: { jobId: 'vid-1', status: 'processing' } },
      response,
    });
    expect(await model.doStatus({ operation: started.operation })).toEqual({
      status: 'completed',
      ...completed('vid-1'),
    });
    expect(paths(emulator)).toEqual(['/alt/v1/videos/generations', STATUS_PATH, STATUS_PATH]);
  });

  it('doGenerate creates the job and polls it to the video: the exact result', async () => {
    const { gw } = v4Gateway();
    expect(await gw.video('veo-3').doGenerate(videoCallOptions())).toEqual(completed('vid-1'));
  });

  it("ai@7's experimental_startVideo (webhookUrl warned) and experimental_getVideoStatus; generateVideo's poll", async () => {
    const { gw, emulator } = v4Gateway();
    const model = gw.video('veo-3');
    const started = await experimental_startVideo({
      model,
      prompt: 'A paper boat on a river',
      webhookUrl: 'https://hooks.example/video',
    });
    const { operation } = started;
    expect(operation).toEqual({ jobId: 'vid-1', statusUrl: `${ORIGIN}${STATUS_PATH}` });
    // The gateway calls no webhook: the option is warned about, and the job is polled.
    expect(started.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'webhookUrl',
        details: 'The gateway sends no job notifications; the job is polled instead.',
      },
    ]);
    expect((await experimental_getVideoStatus(model, { operation })).status).toBe('pending');
    expect((await experimental_getVideoStatus(model, { operation })).status).toBe('completed');
    const generated = await experimental_generateVideo({
      model,
      prompt: 'A paper boat on a river',
      poll: { intervalMs: 1, timeoutMs: 10_000 },
      download: emulator.download,
    });
    expect([generated.video.mediaType, generated.providerMetadata.unigate.jobId]).toEqual(['video/mp4', 'vid-2']);
  });
});
