import { embed } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';
import { videoCallOptions } from '../helpers/call-options';

// The other model kinds spend the same budget: embeddings from their tokens, video once per job.
function budgeted(maxCredits: number) {
  const emulator = createUnigateEmulator();
  const store = memoryBudgetStore();
  const gw = createUnigate({
    ...emulator.settings,
    pricing: { 'veo-3': { perVideo: 0.5 } },
    budget: { maxCredits, period: 'total', store },
  });
  const requests = (path: string) => emulator.requests.filter(entry => entry.path.endsWith(path)).length;
  return { gw, store, requests };
}

describe('budget over every model kind', () => {
  it('counts an embedding from its tokens (text-embedding-3-large: 6 tokens x 0.065 per 1M)', async () => {
    const { gw, store } = budgeted(1);
    await embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat on the mat' });
    expect(await store.spent('total::')).toBe(0.00000039);
  });

  it('refuses speech and transcription before any request once the budget is spent', async () => {
    const { gw, store, requests } = budgeted(1);
    await store.add('total::', 1);
    const speech = gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} });
    await expect(speech).rejects.toMatchObject({ data: { kind: 'budget' }, isRetryable: false });
    const transcription = gw.transcription('whisper-1').doGenerate({
      audio: new Uint8Array([1, 2, 3]),
      mediaType: 'audio/wav',
      providerOptions: {},
    });
    await expect(transcription).rejects.toMatchObject({ data: { kind: 'budget' } });
    expect(requests('/audio/speech') + requests('/audio/transcriptions')).toBe(0);
  });

  it('counts a video job started with doStart once, however often doStatus reads it completed', async () => {
    const { gw, store, requests } = budgeted(1);
    const model = gw.video('veo-3');
    const { operation } = await model.doStart(videoCallOptions());
    let status = await model.doStatus({ operation });
    while (status.status === 'pending') status = await model.doStatus({ operation });
    expect(status.status).toBe('completed');
    await model.doStatus({ operation });
    expect(await store.spent('total::')).toBe(0.5);

    await store.add('total::', 0.5);
    await expect(model.doStart(videoCallOptions())).rejects.toMatchObject({ data: { kind: 'budget' } });
    await expect(model.doGenerate(videoCallOptions())).rejects.toMatchObject({ data: { kind: 'budget' } });
    expect(requests('/videos/generations')).toBe(1);
  });
});
