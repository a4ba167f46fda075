// The provider's `videoPollIntervalMs` setting: the pause between status polls (and before the first one)
// of every video wait that names no `pollIntervalMs` of its own. Fake timers count the pauses exactly.

import { InvalidArgumentError } from '@ai-sdk/provider';
import * as ai from 'ai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUnigate, type UnigateProviderSettings } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { EMULATOR_VIDEO_POLL_INTERVAL_MS } from '../../src/testing/create-unigate-emulator';
import { thrown } from '../helpers/test-kit';

// The video calls' code is loaded by the first call (import()): loaded here, before time is faked, so
// the counts measure only the pauses.
beforeAll(async () => {
  await Promise.all([import('../../src/video/video-job-flow'), import('../../src/video/video-model-calls')]);
});

afterEach(() => {
  vi.useRealTimers();
});

function fixture(settings: Partial<UnigateProviderSettings> = {}) {
  const emulator = createUnigateEmulator();
  const gw = createUnigate({ ...emulator.settings, videoPollIntervalMs: undefined, ...settings });
  const polls = () => emulator.requests.filter(r => r.path.includes('/videos/status/')).length;
  return { emulator, gw, polls };
}

/** Runs `start` under fake timers and reports the status polls made by each of the given instants (ms). */
async function pollsAt<T>(start: () => PromiseLike<T>, polls: () => number, instants: number[]) {
  vi.useFakeTimers();
  const done = Promise.resolve(start());
  const counts: number[] = [];
  let now = 0;
  for (const instant of instants) {
    await vi.advanceTimersByTimeAsync(instant - now);
    now = instant;
    counts.push(polls());
  }
  return { counts, result: await done };
}

type Loose = (options: Record<string, unknown>) => Promise<any>;
const generateVideo = ai.experimental_generateVideo as unknown as Loose;

describe('videoPollIntervalMs', () => {
  it('paces gw.videoJobs.generate and wait when the call names no interval', async () => {
    const { gw, polls } = fixture({ videoPollIntervalMs: 300 });
    // Created at 0; first poll at 300 (processing), second at 600 (completed).
    const generated = await pollsAt(
      () => gw.videoJobs.generate({ model: 'veo-3', prompt: 'A boat' }),
      polls,
      [299, 300, 599, 600],
    );
    expect(generated.counts).toEqual([0, 1, 1, 2]);
    expect(generated.result).toMatchObject({ jobId: 'vid-1', status: 'completed' });

    const { jobId } = await gw.videoJobs.create({ model: 'veo-3', prompt: 'Another boat' });
    const before = polls();
    // wait() polls at once, then every 300 ms.
    const waited = await pollsAt(
      () => gw.videoJobs.wait(jobId),
      () => polls() - before,
      [0, 299, 300],
    );
    expect(waited.counts).toEqual([1, 1, 2]);
  });

  it('paces the video model (generateVideo, both majors) too; a per-call pollIntervalMs still wins', async () => {
    const { emulator, gw, polls } = fixture({ videoPollIntervalMs: 300 });
    const call =
      (providerOptions = {}) =>
      () =>
        generateVideo({
          model: gw.video('veo-3'),
          prompt: 'A paper boat',
          providerOptions,
          download: emulator.download,
        });
    const own = await pollsAt(call(), polls, [299, 300, 600]);
    expect(own.counts).toEqual([0, 1, 2]);
    expect(own.result.providerMetadata.unigate.jobId).toBe('vid-1');

    const before = polls();
    const perCall = await pollsAt(call({ unigate: { pollIntervalMs: 50 } }), () => polls() - before, [49, 50, 100]);
    expect(perCall.counts).toEqual([0, 1, 2]);
  });

  it("keeps the gateway's 5 seconds as the default", async () => {
    const { gw, polls } = fixture();
    const { counts } = await pollsAt(
      () => gw.videoJobs.generate({ model: 'veo-3', prompt: 'A boat' }),
      polls,
      [4_999, 5_000, 9_999, 10_000],
    );
    expect(counts).toEqual([0, 1, 1, 2]);
  });

  it('0 polls without a pause', async () => {
    const { gw, polls } = fixture({ videoPollIntervalMs: 0 });
    const { counts } = await pollsAt(() => gw.videoJobs.generate({ model: 'veo-3', prompt: 'A boat' }), polls, [0]);
    expect(counts).toEqual([2]);
  });

  it.each([
    [-1, '-1'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    ['250', '"250"'],
  ])('rejects %s when the provider is created, before any request', (value, shown) => {
    const emulator = createUnigateEmulator();
    const error = thrown(() => createUnigate({ ...emulator.settings, videoPollIntervalMs: value as number }));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe('videoPollIntervalMs');
    expect(error.message).toBe(
      `Invalid argument videoPollIntervalMs: the gateway accepts at least 0; received ${shown}.`,
    );
    expect(emulator.requests).toHaveLength(0);
  });

  it("is set low in the emulator's settings, in process and on loopback", () => {
    expect(createUnigateEmulator().settings.videoPollIntervalMs).toBe(EMULATOR_VIDEO_POLL_INTERVAL_MS);
    expect(EMULATOR_VIDEO_POLL_INTERVAL_MS).toBe(20);
  });
});
