import { embed, generateText, streamText } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { createUnigate, type UnigateChargeEvent, type UnigateProviderSettings } from '../../src';
import { addCredits, memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator, type UnigateEmulatorOptions } from '../../src/testing';
import { imageCallOptions, videoCallOptions } from '../helpers/call-options';
import { expectInvalidArgument } from '../helpers/invalid-argument';

// onCharge: one event per model call of every kind, for every ending, with or without a budget.
// One credit per token for the language models, so the figures read as token counts.
const PRICES = {
  'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 },
  'claude-sonnet-4-5': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 },
  'dall-e-3': { perImage: 0.04 },
  'veo-3': { perVideo: 0.5 },
};
const API_KEY = 'sk-unigate-test-key-0123456789';

/** A provider over the emulator reporting into `events`; `failPath` answers HTTP 500 on that path. */
function charged(settings: UnigateProviderSettings = {}, failPath?: string, options?: UnigateEmulatorOptions) {
  const emulator = createUnigateEmulator(options);
  const events: UnigateChargeEvent[] = [];
  const emulatorFetch = emulator.settings.fetch ?? fetch;
  const gatewayFetch: typeof fetch = async (input, init) =>
    failPath !== undefined && String(input).endsWith(failPath)
      ? new Response(JSON.stringify({ error: { message: 'upstream down', type: 'server_error' } }), {
          status: 500,
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-500' },
        })
      : emulatorFetch(input, init);
  const gw = createUnigate({
    ...emulator.settings,
    apiKey: API_KEY,
    fetch: gatewayFetch,
    pricing: PRICES,
    onCharge: event => void events.push(event),
    ...settings,
  });
  return { gw, events, emulator };
}

const ask = (model: Parameters<typeof generateText>[0]['model'], prompt = 'Hello there', abortSignal?: AbortSignal) =>
  generateText({ model, prompt, maxOutputTokens: 5, maxRetries: 0, abortSignal });

/** A model's own stream (streamText tees it, so its cancel would not reach the model), cancelled early. */
async function cancelAfterFirstPart(model: { doStream: (options: never) => PromiseLike<{ stream: ReadableStream }> }) {
  const options = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello there friend' }] }] };
  const { stream } = await model.doStream(options as never);
  const reader = stream.getReader();
  await reader.read();
  await reader.cancel();
}

function costOf(total: number, input = total, output = 0) {
  return { input, output, total, unit: 'credits' };
}

describe('onCharge on a completed call of each kind (no budget)', () => {
  it('a cost whose cache writes were estimated (cache_control through chat, no write count) is not exact', async () => {
    const { gw, events } = charged();
    const result = await generateText({
      model: gw.chat('claude-sonnet-4-5'),
      prompt: 'Hello there',
      maxOutputTokens: 5,
      providerOptions: { unigate: { extraBody: { cache_control: { type: 'ephemeral' } } } },
    });
    expect(result.providerMetadata?.unigate?.cost).toMatchObject({ estimated: true });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ended: 'completed', exact: false, cost: { estimated: true } });
  });

  it('chat and messages, generated and streamed: the result cost, usage, format and request id', async () => {
    const { gw, events } = charged();
    const chat = await ask(gw.chat('gpt-4o-mini'));
    const messages = await ask(gw.messages('claude-sonnet-4-5'));
    const streamed = streamText({ model: gw.chat('gpt-4o-mini'), prompt: 'Hello there', maxRetries: 0 });
    await streamed.consumeStream();
    await expect.poll(() => events.length).toBe(3);
    expect(events[0]).toMatchObject({
      modelId: 'gpt-4o-mini',
      kind: 'language',
      format: 'chat',
      ended: 'completed',
      exact: true,
      cost: chat.providerMetadata?.unigate?.cost,
      bucket: undefined,
      attempt: 1,
    });
    expect(events[0]!.usage).toMatchObject({ inputTokens: { total: chat.usage.inputTokens } });
    expect(events[0]!.requestId).toBe(chat.response.id);
    expect(events[1]).toMatchObject({ format: 'messages', ended: 'completed', exact: true });
    expect(events[1]!.cost).toEqual(messages.providerMetadata?.unigate?.cost);
    expect(events[2]).toMatchObject({ format: 'chat', ended: 'completed', exact: true });
    expect(events[2]!.cost).toEqual((await streamed.providerMetadata)?.unigate?.cost);
  });

  it('embedding, image, speech, transcription and video: one event each, priced', async () => {
    const { gw, events } = charged();
    await embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat on the mat' });
    await gw.image('dall-e-3').doGenerate(imageCallOptions());
    await gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} });
    const { audio } = await gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} });
    events.length = 0;
    const bytes = typeof audio === 'string' ? Uint8Array.from(atob(audio), c => c.charCodeAt(0)) : audio;
    await gw.transcription('whisper-1').doGenerate({ audio: bytes, mediaType: 'audio/mpeg', providerOptions: {} });
    await gw.video('veo-3').doGenerate(videoCallOptions());
    await expect.poll(() => events.length).toBe(2);
    expect(events.map(event => [event.kind, event.ended, event.exact])).toEqual([
      ['transcription', 'completed', true],
      ['video', 'completed', true],
    ]);
    expect(events[1]!.cost).toEqual(costOf(0.5));
  });

  it('the kinds before the transcription: embedding, image, speech', async () => {
    const { gw, events } = charged();
    await embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat on the mat' });
    await gw.image('dall-e-3').doGenerate(imageCallOptions());
    await gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} });
    await expect.poll(() => events.length).toBe(3);
    expect(events.map(event => [event.modelId, event.kind, event.ended, event.exact])).toEqual([
      ['text-embedding-3-large', 'embedding', 'completed', true],
      ['dall-e-3', 'image', 'completed', true],
      ['tts-1', 'speech', 'completed', true],
    ]);
    expect(events[0]!.cost).toEqual(costOf(0.00000039));
    expect(events[1]!.cost).toEqual(costOf(0.04));
    expect(events[0]!.usage).toEqual({ tokens: 6 });
  });

  it('a video job started with doStart reports once, when doStatus first reads it finished', async () => {
    const { gw, events } = charged();
    const model = gw.video('veo-3');
    const { operation } = await model.doStart(videoCallOptions());
    let status = await model.doStatus({ operation });
    while (status.status === 'pending') status = await model.doStatus({ operation });
    await model.doStatus({ operation });
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ kind: 'video', ended: 'completed', exact: true, cost: costOf(0.5) });
    const failing = await model.doStart(videoCallOptions({ prompt: 'A boat [[emulator:video-fail]]' }));
    status = await model.doStatus({ operation: failing.operation });
    while (status.status === 'pending') status = await model.doStatus({ operation: failing.operation });
    await expect.poll(() => events.length).toBe(2);
    expect(events[1]).toMatchObject({ kind: 'video', ended: 'failed', exact: false, cost: undefined });
  });
});

describe('onCharge on every ending', () => {
  it('chat: an HTTP error (charged 0, exact), a broken body and an abort (no figure without a budget)', async () => {
    const { gw, events } = charged();
    await expect(ask(gw.chat('gpt-4o-mini'), 'Hi [[emulator:status:500]]')).rejects.toThrow();
    await expect(ask(gw.chat('gpt-4o-mini'), 'Hi [[emulator:truncate]]')).rejects.toThrow();
    const controller = new AbortController();
    controller.abort(new Error('user gave up'));
    await expect(ask(gw.chat('gpt-4o-mini'), 'Hi', controller.signal)).rejects.toThrow();
    await expect.poll(() => events.length).toBe(3);
    expect(events.map(event => [event.ended, event.cost, event.exact])).toEqual([
      ['http-error', costOf(0), true],
      ['failed', undefined, false],
      ['aborted', undefined, false],
    ]);
  });

  it('streams: cut (failed, priced from the usage it reported when it did) and cancelled (aborted)', async () => {
    const { gw, events } = charged();
    const cut = streamText({
      model: gw.messages('claude-sonnet-4-5'),
      prompt: 'Hi [[emulator:cut]]',
      maxRetries: 0,
      onError: () => {},
    });
    await cut.consumeStream({ onError: () => undefined });
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ format: 'messages', ended: 'failed' });
    // Paced events, so the stream is still open when the reader cancels it.
    const paced = charged({}, undefined, { streamDelayMs: 5 });
    await cancelAfterFirstPart(paced.gw.chat('gpt-4o-mini'));
    await expect.poll(() => paced.events.length).toBe(1);
    expect(paced.events[0]).toMatchObject({ format: 'chat', ended: 'aborted', cost: undefined, exact: false });
  });

  it('an HTTP error on each other kind: one http-error event of 0 credits with the request id', async () => {
    const paths = {
      embedding: '/embeddings',
      image: '/images/generations',
      speech: '/audio/speech',
      video: '/videos/generations',
    };
    for (const [kind, path] of Object.entries(paths)) {
      const { gw, events } = charged({}, path);
      const call =
        kind === 'embedding'
          ? gw.embedding('text-embedding-3-large').doEmbed({ values: ['a'], providerOptions: {} })
          : kind === 'image'
            ? gw.image('dall-e-3').doGenerate(imageCallOptions())
            : kind === 'speech'
              ? gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} })
              : gw.video('veo-3').doGenerate(videoCallOptions());
      await expect(call).rejects.toThrow();
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({
        kind,
        ended: 'http-error',
        cost: costOf(0),
        exact: true,
        requestId: 'req-500',
      });
    }
  });

  it('refused by the budget: charged 0, with its bucket; nothing sent', async () => {
    const store = memoryBudgetStore();
    await store.add('total::', 10);
    const { gw, events, emulator } = charged({ budget: { maxCredits: 10, period: 'total', store } });
    await expect(ask(gw.chat('gpt-4o-mini'))).rejects.toMatchObject({ data: { kind: 'budget' } });
    await expect(gw.speech('tts-1').doGenerate({ text: 'Hello', providerOptions: {} })).rejects.toThrow();
    await expect.poll(() => events.length).toBe(2);
    expect(events.map(event => [event.kind, event.ended, event.cost, event.exact])).toEqual([
      ['language', 'refused', costOf(0), true],
      ['speech', 'refused', costOf(0), true],
    ]);
    expect(emulator.requests.filter(request => request.path !== '/v1/models')).toEqual([]);
  });

  it('a fallback chain: one event per member tried, each with its attempt', async () => {
    const { gw, events } = charged();
    const model = gw.fallback(['gpt-4o-mini', 'gpt-4o'], { on: ['server'] });
    await ask(model, 'Hi [[emulator:status:503:gpt-4o-mini]]');
    await expect.poll(() => events.length).toBe(2);
    expect(events.map(event => [event.modelId, event.ended, event.attempt])).toEqual([
      ['gpt-4o-mini', 'http-error', 1],
      ['gpt-4o', 'completed', 2],
    ]);
  });

  it("concurrent calls sharing one options object: each chain member's event names its own attempt", async () => {
    const { gw, events } = charged();
    const options = {
      prompt: [
        { role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi [[emulator:status:503:gpt-4o-mini]]' }] },
      ],
      maxOutputTokens: 5,
    };
    const chain = gw.fallback(['gpt-4o-mini', 'gpt-4o'], { on: ['server'] });
    const streamChain = gw.fallback(['gpt-4o-mini', 'claude-sonnet-4-5'], { on: ['server'] });
    const streamed = streamChain.doStream(options).then(({ stream }) => stream.pipeTo(new WritableStream()));
    await Promise.all([chain.doGenerate(options), gw.chat('gpt-4o').doGenerate(options), streamed]);
    await expect.poll(() => events.length).toBeGreaterThanOrEqual(4);
    const byModel = events.map(event => `${event.modelId} ${event.ended} ${event.attempt}`).sort();
    // A member cooling down after the first 503 is skipped by the other chain (no call, no event).
    expect(byModel.filter(line => !line.startsWith('gpt-4o-mini '))).toEqual([
      'claude-sonnet-4-5 completed 2',
      'gpt-4o completed 1',
      'gpt-4o completed 2',
    ]);
    expect(
      byModel.filter(line => line.startsWith('gpt-4o-mini ')).every(line => line === 'gpt-4o-mini http-error 1'),
    ).toBe(true);
  });
});

describe('the onCharge handler never breaks a call, and its failure goes to onChargeError alone', () => {
  it('a throw and a rejection go to onChargeError with their event; no call carries a warning; a slow one is not awaited', async () => {
    let mode: 'throw' | 'reject' | 'slow' = 'throw';
    const failed: Array<[unknown, UnigateChargeEvent]> = [];
    const { gw } = charged({
      onCharge: () => {
        if (mode === 'throw') throw new Error(`ledger down (key ${API_KEY})`);
        if (mode === 'reject') return Promise.reject(new Error('ledger rejected'));
        return new Promise(() => undefined); // never settles
      },
      onChargeError: (error, event) => void failed.push([error, event]),
    });
    const results = [await ask(gw.chat('gpt-4o-mini'))];
    await expect.poll(() => failed.length).toBe(1);
    mode = 'reject';
    results.push(await ask(gw.chat('gpt-4o-mini')));
    await expect.poll(() => failed.length).toBe(2);
    mode = 'slow';
    results.push(await ask(gw.chat('gpt-4o-mini')));
    expect(results.map(result => result.warnings)).toEqual([[], [], []]);
    expect(failed.map(([error, event]) => [(error as Error).message, event.modelId, event.ended])).toEqual([
      [`ledger down (key ${API_KEY})`, 'gpt-4o-mini', 'completed'],
      ['ledger rejected', 'gpt-4o-mini', 'completed'],
    ]);
  });

  it('by default a redacted console.warn naming the call; an onChargeError that throws is dropped', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { gw } = charged({
        onCharge: () => {
          throw new Error(`ledger down (key ${API_KEY})`);
        },
      });
      const result = await ask(gw.chat('gpt-4o-mini'));
      expect(result.warnings).toEqual([]);
      await expect.poll(() => warn.mock.calls.length).toBe(1);
      expect(warn.mock.calls[0]).toEqual([
        'unigate-ai-provider: the onCharge handler failed on the charge of a language call to "gpt-4o-mini" ' +
          '(completed): ledger down (key [redacted])',
      ]);
      const throwing = charged({
        onCharge: () => Promise.reject(new Error('down')),
        onChargeError: () => {
          throw new Error('the error handler is down too');
        },
      });
      expect((await ask(throwing.gw.chat('gpt-4o-mini'))).text).toBe('You said: Hello there');
    } finally {
      warn.mockRestore();
    }
  });

  it('are checked at creation: functions or undefined', async () => {
    await expectInvalidArgument(
      (async () => createUnigate({ onCharge: 'ledger' as never }))(),
      'onCharge',
      'Invalid argument onCharge: a function (event) => void; received "ledger".',
    );
    await expectInvalidArgument(
      (async () => createUnigate({ onChargeError: 42 as never }))(),
      'onChargeError',
      'Invalid argument onChargeError: a function (error, event) => void; received 42.',
    );
  });
});

describe('the mixed run: the sum of onCharge costs is the budget store total', () => {
  it('completed, aborted, failed, refused, HTTP error and concurrent calls', async () => {
    const store = memoryBudgetStore();
    const { gw, events } = charged({ budget: { maxCredits: 1_000_000, period: 'total', store } });
    const chat = gw.chat('gpt-4o-mini');
    await Promise.all([
      ask(chat),
      ask(gw.messages('claude-sonnet-4-5')),
      embed({ model: gw.embedding('text-embedding-3-large'), value: 'the cat sat on the mat' }),
      gw.image('dall-e-3').doGenerate(imageCallOptions()),
      streamText({ model: chat, prompt: 'Hello there', maxRetries: 0 }).consumeStream(),
    ]);
    await expect(ask(chat, 'Hi [[emulator:truncate]]')).rejects.toThrow();
    await expect(ask(chat, 'Hi [[emulator:status:500]]')).rejects.toThrow();
    const cut = streamText({ model: chat, prompt: 'Hi [[emulator:stream-error]]', maxRetries: 0, onError: () => {} });
    await cut.consumeStream({ onError: () => undefined });
    const paced = charged({ budget: { maxCredits: 1_000_000, period: 'total', store } }, undefined, {
      streamDelayMs: 5,
    });
    await cancelAfterFirstPart(paced.gw.chat('gpt-4o-mini'));
    // No price for this model: the budget refuses it before any request.
    await expect(ask(gw.chat('no-such-model'))).rejects.toMatchObject({ data: { kind: 'budget' } });
    await expect.poll(() => events.length + paced.events.length).toBe(10);
    events.push(...paced.events);
    const byEnding: Record<string, number> = {};
    for (const event of events) byEnding[event.ended] = (byEnding[event.ended] ?? 0) + 1;
    expect(byEnding).toEqual({ completed: 5, failed: 2, 'http-error': 1, aborted: 1, refused: 1 });
    expect(
      events.every(
        event => event.cost !== undefined && event.bucket === (event.ended === 'refused' ? undefined : 'total::'),
      ),
    ).toBe(true);
    const sum = events.reduce((total, event) => addCredits(total, event.cost?.total ?? 0), 0);
    // The memory store adds in plain floating point: equal to the pico-credit.
    await expect.poll(async () => Math.abs((await store.spent('total::')) - sum)).toBeLessThan(1e-9);
    console.log(
      `mixed run: ${JSON.stringify(byEnding)}; onCharge sum ${sum}; store total ${await store.spent('total::')}`,
    );
  });
});
