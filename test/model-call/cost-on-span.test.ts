import { context, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import * as ai from 'ai';
import aiPackage from 'ai/package.json';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUnigate, type UnigateChargeEvent, unigateCost, type UnigateProviderSettings } from '../../src';
import { modelCallSpan } from '../../src/model-call/with-cost';
import { createUnigateEmulator } from '../../src/testing';
import { synthesizeWav } from '../transcription/transcription-fixtures';
import { pricedEmulatorGateway } from '../helpers/emulator-gateway';

// The cost on the span of each model call, recorded in memory through the real `ai`: ai@6 with
// `experimental_telemetry` in lane 1, ai@7 with `@ai-sdk/otel` in lane 2. Every call runs inside an app
// span ('app'), which must never receive a cost.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);
const COST_KEYS = ['gen_ai.usage.cost.amount', 'gen_ai.usage.cost.currency', 'gen_ai.usage.cost.source'];

const exporter = new InMemorySpanExporter();
// Every span started, ended or not: ai@6 never ends the model-call span of a stream aborted mid-way.
const started: ReadableSpan[] = [];
const recordStarts = {
  onStart: (span: ReadableSpan) => void started.push(span),
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter), recordStarts] });
const tracer: Tracer = provider.getTracer('cost-on-span-test');
let telemetry: Record<string, unknown> = {};

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  if (major >= 7) {
    const { OpenTelemetry } = await import('@ai-sdk/otel');
    telemetry = { telemetry: { integrations: [new OpenTelemetry({ tracer })] } };
  } else {
    telemetry = { experimental_telemetry: { isEnabled: true, tracer } };
  }
});
afterAll(() => context.disable());
beforeEach(() => {
  exporter.reset();
  started.length = 0;
});

/** Runs `call` inside the app's own active span, as an instrumented app does. */
const inAppSpan = <T>(call: () => Promise<T>): Promise<T> =>
  tracer.startActiveSpan('app', async span => {
    try {
      return await call();
    } finally {
      span.end();
    }
  });

/** The model-call span each major makes: ai@6 `ai.<function>.do<Call>`, ai@7 `chat <model id>`. */
const modelSpanName = (ai6Name: string, modelId: string) => (major >= 7 ? `chat ${modelId}` : ai6Name);

/** The spans that carry any cost attribute, by name, with those attributes. */
function costSpans(): Record<string, Record<string, unknown>> {
  const spans: ReadableSpan[] = exporter.getFinishedSpans();
  const carrying = spans.filter(span => COST_KEYS.some(key => key in span.attributes));
  return Object.fromEntries(
    carrying.map(span => [span.name, Object.fromEntries(COST_KEYS.map(key => [key, span.attributes[key]]))]),
  );
}

const costAttributes = (amount: number | undefined) => ({
  'gen_ai.usage.cost.amount': amount,
  'gen_ai.usage.cost.currency': 'credits',
  'gen_ai.usage.cost.source': 'local',
});

const PRICES: UnigateProviderSettings['pricing'] = {
  'gpt-4o-mini': { inputPerMillionTokens: 1, outputPerMillionTokens: 2 },
  'claude-sonnet-4-5': { inputPerMillionTokens: 3, outputPerMillionTokens: 15 },
  'text-embedding-3-small': { inputPerMillionTokens: 2 },
  'dall-e-3': { perImage: 40 },
  'tts-1': { perMillionCharacters: 10 },
  'whisper-1': { perMinute: 0.006 },
  'veo-3': { perVideo: 0.5 },
};

describe(`the cost on the model call's span, ai@${major}`, () => {
  for (const kind of ['chat', 'messages'] as const) {
    const modelId = kind === 'chat' ? 'gpt-4o-mini' : 'claude-sonnet-4-5';

    it(`${kind}, generateText: on the model-call span only, equal to the result's cost`, async () => {
      const { gw } = pricedEmulatorGateway(PRICES);
      const result = await inAppSpan(() =>
        ai.generateText({ model: gw[kind](modelId), prompt: 'Hello there', ...telemetry }),
      );
      const cost = unigateCost(result);
      expect(cost?.total).toBeGreaterThan(0);
      expect(costSpans()).toEqual({
        [modelSpanName('ai.generateText.doGenerate', modelId)]: costAttributes(cost?.total),
      });
    });

    it(`${kind}, streamText: on the model-call span, set before it ends`, async () => {
      const { gw } = pricedEmulatorGateway(PRICES);
      const providerMetadata = await inAppSpan(async () => {
        const result = ai.streamText({ model: gw[kind](modelId), prompt: 'Hello there', ...telemetry });
        await result.consumeStream();
        return result.providerMetadata;
      });
      const cost = unigateCost({ providerMetadata });
      expect(cost?.total).toBeGreaterThan(0);
      expect(costSpans()).toEqual({
        [modelSpanName('ai.streamText.doStream', modelId)]: costAttributes(cost?.total),
      });
    });

    it(`${kind}: no price, no cost attribute on any span`, async () => {
      const { gw } = pricedEmulatorGateway(false);
      const streamed = ai.streamText({ model: gw[kind](modelId), prompt: 'Hello there', ...telemetry });
      await inAppSpan(async () => streamed.consumeStream());
      await inAppSpan(() => ai.generateText({ model: gw[kind](modelId), prompt: 'Hello there', ...telemetry }));
      expect(exporter.getFinishedSpans().length).toBeGreaterThan(2);
      expect(costSpans()).toEqual({});
    });
  }

  it('messages: the cache token counts of a prompt-cache write, then a read, on the model-call span', async () => {
    const gw = createUnigate({ ...createUnigateEmulator().settings, pricing: PRICES });
    const messages = [
      {
        role: 'system' as const,
        content: 'You are a careful assistant. '.repeat(400),
        providerOptions: { unigate: { cacheControl: { type: 'ephemeral' as const } } },
      },
      { role: 'user' as const, content: 'Hello there' },
    ];
    const ask = () =>
      ai.generateText({ model: gw.messages('claude-sonnet-4-5'), messages, allowSystemInMessages: true, ...telemetry });
    await ask();
    const streamed = ai.streamText({
      model: gw.messages('claude-sonnet-4-5'),
      messages,
      allowSystemInMessages: true,
      ...telemetry,
    });
    await streamed.consumeStream();
    const name = modelSpanName('ai.generateText.doGenerate', 'claude-sonnet-4-5');
    const streamName = modelSpanName('ai.streamText.doStream', 'claude-sonnet-4-5');
    const counts = exporter
      .getFinishedSpans()
      .filter(span => span.name === name || span.name === streamName)
      .map(span => [
        span.attributes['gen_ai.usage.cache_creation.input_tokens'],
        span.attributes['gen_ai.usage.cache_read.input_tokens'],
      ]);
    expect(counts).toEqual([
      [2400, 0],
      [0, 2400],
    ]);
  });

  it('a fallback chain: the cost of the member that answered, on the one model-call span', async () => {
    const { gw } = pricedEmulatorGateway(PRICES);
    const model = gw.fallback(['claude-sonnet-4-5', 'gpt-4o-mini']);
    const prompt = 'Hello [[emulator:status:503:claude-sonnet-4-5]]';
    const result = await inAppSpan(() => ai.generateText({ model, prompt, ...telemetry }));
    const cost = unigateCost(result);
    expect(cost?.total).toBeGreaterThan(0);
    expect(costSpans()).toEqual({
      [modelSpanName('ai.generateText.doGenerate', model.modelId)]: costAttributes(cost?.total),
    });
  });

  it("embedding: ai@6's doEmbed span carries the cost; ai@7 makes no span active during the call, so none does", async () => {
    const { gw } = pricedEmulatorGateway(PRICES);
    const model = gw.embedding('text-embedding-3-small');
    const result = await inAppSpan(() => ai.embed({ model, value: 'the cat sat on the mat', ...telemetry }));
    const cost = unigateCost(result);
    expect(cost?.total).toBe(0.000012);
    expect(costSpans()).toEqual(major >= 7 ? {} : { 'ai.embed.doEmbed': costAttributes(0.000012) });
  });

  it('image, speech, transcription, video: the AI SDK makes no model-call span, and the app span gets no cost', async () => {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: PRICES });
    const sdk: Record<string, unknown> = { ...ai };
    const pick = (name: string) => {
      const found = sdk[name] ?? sdk[`experimental_${name}`];
      if (typeof found !== 'function') throw new Error(`ai@${major} has no ${name}`);
      return (options: Record<string, unknown>) => found({ ...options, ...telemetry });
    };
    const results = await inAppSpan(() =>
      Promise.all([
        pick('generateImage')({ model: gw.image('dall-e-3'), prompt: 'a red fox' }),
        pick('generateSpeech')({ model: gw.speech('tts-1'), text: 'Hello there' }),
        pick('transcribe')({ model: gw.transcription('whisper-1'), audio: synthesizeWav(1, 8_000) }),
        pick('generateVideo')({
          model: gw.video('veo-3'),
          prompt: 'A paper boat',
          providerOptions: { unigate: { pollIntervalMs: 1 } },
          download: emulator.download,
        }),
      ]),
    );
    for (const result of results) expect(unigateCost(result)?.total).toBeGreaterThan(0);
    expect(exporter.getFinishedSpans().map(span => span.name)).toContain('app');
    expect(costSpans()).toEqual({});
  });

  describe("the span carries the charge: the onCharge event's cost, from the same ending", () => {
    /** A provider over the emulator, priced, reporting into `events`; with `budget`, a budget of 1,000 credits. */
    const charging = (budget: boolean, failing?: string, settings: UnigateProviderSettings = {}) => {
      const events: UnigateChargeEvent[] = [];
      const emulator = createUnigateEmulator();
      // `failing`'s requests fail as a dropped connection does before any answer (a network error).
      const fetch: typeof globalThis.fetch = async (input, init) => {
        if (failing !== undefined && typeof init?.body === 'string' && init.body.includes(`"${failing}"`)) {
          throw new TypeError('fetch failed');
        }
        return emulator.fetch(input, init);
      };
      const gw = createUnigate({
        ...emulator.settings,
        fetch,
        pricing: PRICES,
        mergeStreamDeltas: false,
        onCharge: event => void events.push(event),
        ...(budget && { budget: { maxCredits: 1_000, period: 'total' as const } }),
        ...settings,
      });
      return { gw, events };
    };
    const spanCost = (name: string) => started.find(span => span.name === name)?.attributes['gen_ai.usage.cost.amount'];

    it('a resumed stream: both requests, as charged (not the first request alone)', async () => {
      const { gw, events } = charging(false);
      const model = gw.messages('claude-sonnet-4-5');
      const result = ai.streamText({
        model,
        prompt: 'Hello there my old friend [[emulator:drop:2:close]]',
        ...telemetry,
      });
      await inAppSpan(async () => result.consumeStream());
      const metadata = await result.providerMetadata;
      expect(metadata?.unigate?.resumed).toHaveLength(1);
      await expect.poll(() => events.length).toBe(1);
      const whole = unigateCost({ providerMetadata: metadata })!.total;
      expect(events[0]!.cost?.total).toBe(whole);
      expect(spanCost(modelSpanName('ai.streamText.doStream', 'claude-sonnet-4-5'))).toBe(whole);
    });

    it('a stream aborted at its 2nd delta under a budget: the reservation charged, on the span too', async () => {
      const { gw, events } = charging(true);
      const controller = new AbortController();
      await inAppSpan(async () => {
        const result = ai.streamText({
          model: gw.chat('gpt-4o-mini'),
          prompt: 'Hello there my old friend',
          abortSignal: controller.signal,
          ...telemetry,
        });
        let deltas = 0;
        for await (const part of result.fullStream)
          if (part.type === 'text-delta' && ++deltas === 2) controller.abort();
      });
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({ ended: 'aborted', exact: false });
      expect(events[0]!.cost!.total).toBeGreaterThan(0);
      expect(spanCost(modelSpanName('ai.streamText.doStream', 'gpt-4o-mini'))).toBe(events[0]!.cost!.total);
    });

    it("a fallback chain under a budget: the span carries every member's charge, the events' sum", async () => {
      // A provider each: a member that failed is skipped by later calls while it cools down.
      const generated = charging(true, 'gpt-4o-mini');
      const chain = (gw: typeof generated.gw) => gw.fallback(['gpt-4o-mini', 'claude-sonnet-4-5']);
      const model = chain(generated.gw);
      await inAppSpan(() => ai.generateText({ model, prompt: 'Hello there', ...telemetry }));
      const streamed = charging(true, 'gpt-4o-mini');
      const result = ai.streamText({ model: chain(streamed.gw), prompt: 'Hello there', ...telemetry });
      await inAppSpan(async () => result.consumeStream());
      for (const [{ events }, name] of [
        [generated, modelSpanName('ai.generateText.doGenerate', model.modelId)],
        [streamed, modelSpanName('ai.streamText.doStream', model.modelId)],
      ] as const) {
        await expect.poll(() => events.length).toBe(2);
        expect(events.map(event => [event.modelId, event.ended, event.attempt])).toEqual([
          ['gpt-4o-mini', 'failed', 1],
          ['claude-sonnet-4-5', 'completed', 2],
        ]);
        expect(spanCost(name)).toBeCloseTo(events[0]!.cost!.total + events[1]!.cost!.total, 12);
      }
    });

    it("a stream handed over to the chain's next member: both members' charges on the one span", async () => {
      // maxResumes 0: the first member's drop goes straight to the next member, called from the reader.
      const { gw, events } = charging(true, undefined, { maxResumes: 0 });
      const model = gw.fallback(['claude-sonnet-4-5', 'claude-haiku-4-5']);
      const prompt = 'Tell me about the sea. [[emulator:drop:2:close]]';
      const result = ai.streamText({ model, prompt, ...telemetry });
      await inAppSpan(async () => result.consumeStream());
      expect(await result.text).toBe('You said: "Tell me about the sea.".');
      await expect.poll(() => events.length).toBe(2);
      expect(events.map(event => [event.modelId, event.ended, event.attempt])).toEqual([
        ['claude-haiku-4-5', 'completed', 2],
        ['claude-sonnet-4-5', 'completed', 1],
      ]);
      const name = modelSpanName('ai.streamText.doStream', model.modelId);
      expect(spanCost(name)).toBeCloseTo(events[0]!.cost!.total + events[1]!.cost!.total, 12);
    });

    it('a generateText that fails under a budget: its reservation, as charged', async () => {
      const { gw, events } = charging(true);
      const call = ai.generateText({ model: gw.chat('gpt-4o-mini'), prompt: 'Hi [[emulator:truncate]]', ...telemetry });
      await inAppSpan(() => call.catch(() => undefined));
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({ ended: 'failed', exact: false });
      expect(spanCost(modelSpanName('ai.generateText.doGenerate', 'gpt-4o-mini'))).toBe(events[0]!.cost!.total);
    });
  });

  it('reads no span without OpenTelemetry, and ignores an active span that is not a model call', async () => {
    context.disable();
    expect(modelCallSpan()).toBeUndefined();
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    await inAppSpan(async () => expect(modelCallSpan()).toBeUndefined());
    const { gw } = pricedEmulatorGateway(PRICES);
    await inAppSpan(() => ai.generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' }));
    expect(costSpans()).toEqual({});
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
