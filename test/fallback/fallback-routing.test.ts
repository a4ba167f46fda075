import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUnigate } from '../../src';
import { unigateError } from '../../src/errors/unigate-error';
import { FallbackCooldowns } from '../../src/fallback/fallback-cooldowns';
import { DEFAULT_FALLBACK_ON, unigateFallback } from '../../src/fallback/unigate-fallback-model';
import { createUnigateEmulator } from '../../src/testing';
import { failure } from '../helpers/test-kit';
import { otherModel } from './fallback-models';

const STALLED_USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

// gw.fallback that learns (docs/fallback.md#cool-downs, #context-overflow): members that just failed are
// skipped for a while, a prompt too long for one member moves on to a larger window. Over the emulator,
// with a fetch that takes members down and up, and a fake clock (only Date: the calls run on real timers).

const T0 = Date.parse('2026-11-29T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A provider over the emulator; `down` makes a model's requests fail with a status and headers. */
function routingGateway() {
  const emulator = createUnigateEmulator();
  const down = new Map<string, { status: number; headers?: Record<string, string> }>();
  // Models whose upstream cannot be reached: the fetch throws, as undici's does.
  const unreachable = new Set<string>();
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const model = typeof init?.body === 'string' ? (JSON.parse(init.body) as { model?: string }).model : undefined;
    if (model === undefined) return emulator.fetch(input, init);
    sent.push(model);
    if (unreachable.has(model))
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    const failing = down.get(model);
    if (failing === undefined) return emulator.fetch(input, init);
    const type = failing.status === 429 ? 'rate_limit_error' : 'server_error';
    const body = { error: { type, message: `upstream answered ${failing.status}`, code: failing.status } };
    return Response.json(body, { status: failing.status, headers: failing.headers });
  };
  const { baseURL, apiKey } = emulator.settings;
  return {
    gw: createUnigate({ ...emulator.settings, fetch }),
    compat: createOpenAICompatible({ name: 'compat', baseURL, apiKey, fetch }),
    down,
    unreachable,
    sent,
  };
}

type Chain = Parameters<typeof generateText>[0]['model'];

const generate = (model: Chain, prompt = 'Hi') => generateText({ model, prompt, maxRetries: 0 });

async function stream(model: Chain, prompt = 'Hi') {
  const errors: unknown[] = [];
  const result = streamText({ model, prompt, maxRetries: 0, onError: ({ error }) => void errors.push(error) });
  const text = await Promise.resolve(result.text).catch(() => undefined);
  return { text, fallback: await unigateFallback(result).catch(() => undefined), errors };
}

const cooling = (modelId: string, until: number, kind = 'server') => ({
  modelId,
  kind,
  message: `cooling down until ${iso(until)} after a ${kind} failure`,
  skipped: 'cooling-down',
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('gw.fallback cool-downs', () => {
  it('skips a member that failed with server for cooldownMs, then tries it again: generateText and streamText', async () => {
    const { gw, down, sent } = routingGateway();
    down.set('gpt-4o', { status: 503 });
    const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini'], { cooldownMs: 10_000 });

    expect(unigateFallback(await generate(chain))?.attempts).toEqual([
      { modelId: 'gpt-4o', kind: 'server', message: expect.stringContaining('upstream answered 503') },
    ]);
    vi.setSystemTime(T0 + 9_999);
    const generated = await generate(chain);
    expect(generated.text).toBe('You said: Hi');
    expect(unigateFallback(generated)).toEqual({
      answeredBy: 'gpt-4o-mini',
      attempts: [cooling('gpt-4o', T0 + 10_000)],
    });
    const streamed = await stream(chain);
    expect(streamed.text).toBe('You said: Hi');
    expect(streamed.fallback?.attempts).toEqual([cooling('gpt-4o', T0 + 10_000)]);
    expect(sent).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini']);

    // Over: the member is tried again, and answers once it is back, which ends its cool-down.
    down.delete('gpt-4o');
    vi.setSystemTime(T0 + 10_000);
    expect(unigateFallback(await generate(chain))).toEqual({ answeredBy: 'gpt-4o', attempts: [] });
    expect((await stream(chain)).fallback).toEqual({ answeredBy: 'gpt-4o', attempts: [] });
    expect(sent.slice(4)).toEqual(['gpt-4o', 'gpt-4o']);
  });

  it('state is the provider’s: another chain of the same provider skips the member too, another provider’s does not', async () => {
    const { gw, down, sent } = routingGateway();
    down.set('gpt-4o', { status: 503 });
    await generate(gw.fallback(['gpt-4o', 'gpt-4o-mini']));
    const other = await generate(gw.fallback(['gpt-4o', 'claude-haiku-4-5']));
    expect(unigateFallback(other)).toEqual({
      answeredBy: 'claude-haiku-4-5',
      attempts: [cooling('gpt-4o', T0 + 30_000)],
    });
    expect(sent).toEqual(['gpt-4o', 'gpt-4o-mini', 'claude-haiku-4-5']);
  });

  it.each([
    ['seconds', { 'retry-after': '120' }, 120_000],
    ['an HTTP date', { 'retry-after': new Date(T0 + 90_000).toUTCString() }, 90_000],
    ['retry-after-ms', { 'retry-after-ms': '45000' }, 45_000],
    ['more than an hour (capped)', { 'retry-after': '86400' }, 3_600_000],
    ['shorter than cooldownMs (cooldownMs wins)', { 'retry-after': '2' }, 30_000],
  ])('a 429 whose Retry-After is in %s cools the member until then', async (_, headers, ms) => {
    const { gw, down, sent } = routingGateway();
    down.set('gpt-4o', { status: 429, headers });
    const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini']);
    await generate(chain);
    vi.setSystemTime(T0 + ms - 1);
    expect(unigateFallback(await generate(chain))?.attempts).toEqual([cooling('gpt-4o', T0 + ms, 'rate-limit')]);
    vi.setSystemTime(T0 + ms);
    await generate(chain);
    expect(sent).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini']);
  });

  it('every member cooling: the one that recovers first is tried, then the others by recovery; never a refusal', async () => {
    const { gw, down, sent } = routingGateway();
    const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini', 'claude-haiku-4-5']);
    down.set('gpt-4o', { status: 503 });
    await generate(chain); // gpt-4o cools until T0 + 30 s, gpt-4o-mini answers
    vi.setSystemTime(T0 + 5_000);
    down.set('gpt-4o-mini', { status: 503, headers: { 'retry-after': '60' } });
    down.set('claude-haiku-4-5', { status: 503 });
    const error = await failure(generate(chain)); // gpt-4o skipped; the two others fail and cool
    expect(unigateError(error)?.kind).toBe('server');
    expect(error.data.fallback.attempts.map((attempt: { skipped?: string }) => attempt.skipped)).toEqual([
      'cooling-down',
      undefined,
      undefined,
    ]);
    // All three cool: gpt-4o until T0+30 s, claude until T0+35 s, gpt-4o-mini until T0+65 s.
    vi.setSystemTime(T0 + 10_000);
    down.delete('claude-haiku-4-5');
    const streamed = await stream(chain);
    expect(streamed.fallback).toEqual({
      answeredBy: 'claude-haiku-4-5',
      attempts: [{ modelId: 'gpt-4o', kind: 'server', message: expect.stringContaining('503') }],
    });
    expect(sent.slice(4)).toEqual(['gpt-4o', 'claude-haiku-4-5']);
  });

  it('invalid-request, authentication and context-length do not cool a member; a kind not in `on` does not either', async () => {
    const { gw, down, sent } = routingGateway();
    const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini']);
    for (const [status, prompt] of [
      [400, 'Hi'],
      [401, 'Hi'],
      [undefined, 'Hi [[emulator:prompt-tokens:130000]]'],
    ] as const) {
      if (status === undefined) down.delete('gpt-4o');
      else down.set('gpt-4o', { status });
      await generate(chain, prompt).catch(() => undefined);
    }
    const narrow = gw.fallback(['gpt-4o', 'gpt-4o-mini'], { on: ['rate-limit'] });
    down.set('gpt-4o', { status: 503 });
    await failure(generate(narrow));
    down.delete('gpt-4o');
    expect(unigateFallback(await generate(narrow))?.answeredBy).toBe('gpt-4o');
    expect(sent).toEqual(['gpt-4o', 'gpt-4o', 'gpt-4o', 'gpt-4o', 'gpt-4o']);
  });

  it('cooldownMs 0 turns cool-downs off, Retry-After included; a bad cooldownMs fails at creation', async () => {
    const { gw, down, sent } = routingGateway();
    down.set('gpt-4o', { status: 429, headers: { 'retry-after': '60' } });
    const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini'], { cooldownMs: 0 });
    await generate(chain);
    await generate(chain);
    expect(sent).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini']);
    expect(() => gw.fallback(['gpt-4o'], { cooldownMs: Number.NaN })).toThrow(
      'Invalid argument cooldownMs: must be a number of milliseconds from 0 to 3600000; received NaN.',
    );
  });

  it('concurrent calls: each failure cools the member until the latest end; calls after them skip it', async () => {
    const { gw, down, sent } = routingGateway();
    down.set('gpt-4o', { status: 503 });
    const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini']);
    const first = await Promise.all(Array.from({ length: 8 }, () => generate(chain)));
    expect(first.map(result => unigateFallback(result)?.answeredBy)).toEqual(Array(8).fill('gpt-4o-mini'));
    const tries = sent.filter(model => model === 'gpt-4o').length;
    expect(tries).toBeGreaterThanOrEqual(1);
    const later = await Promise.all(Array.from({ length: 8 }, () => generate(chain)));
    expect(later.map(result => unigateFallback(result)?.attempts[0]?.skipped)).toEqual(Array(8).fill('cooling-down'));
    expect(sent.filter(model => model === 'gpt-4o')).toHaveLength(tries);
  });

  it('a member of another provider cools by its provider and model id', async () => {
    const { gw, compat, down, sent } = routingGateway();
    down.set('gpt-4o', { status: 503 });
    const foreign = gw.fallback([compat('gpt-4o'), 'gpt-4o-mini']);
    await generate(foreign);
    down.delete('gpt-4o');
    // This provider's gpt-4o is another member: not cooling.
    expect(unigateFallback(await generate(gw.fallback(['gpt-4o', 'gpt-4o-mini'])))?.answeredBy).toBe('gpt-4o');
    expect(unigateFallback(await generate(foreign))).toEqual({
      answeredBy: 'gpt-4o-mini',
      attempts: [cooling('gpt-4o', T0 + 30_000)],
    });
    expect(sent).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini']);
  });

  it('network: a member whose connection fails (this provider’s or another’s) moves on and cools: generateText and streamText', async () => {
    const { gw, compat, unreachable, sent } = routingGateway();
    unreachable.add('gpt-4o');
    const chain = gw.fallback(['gpt-4o', compat('gpt-4o'), 'gpt-4o-mini']);
    const first = await generate(chain);
    expect(unigateFallback(first)?.attempts.map(attempt => [attempt.modelId, attempt.kind])).toEqual([
      ['gpt-4o', 'network'],
      ['gpt-4o', 'network'],
    ]);
    const streamed = await stream(chain);
    expect(streamed.text).toBe('You said: Hi');
    expect(streamed.fallback?.attempts).toEqual([
      cooling('gpt-4o', T0 + 30_000, 'network'),
      cooling('gpt-4o', T0 + 30_000, 'network'),
    ]);
    expect(sent).toEqual(['gpt-4o', 'gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini']);
  });

  it('timeout: a member whose stream went silent before content moves on and cools', async () => {
    const { gw, sent } = routingGateway();
    const stalled = otherModel('stalled', {
      streamParts: [
        { type: 'stream-start', warnings: [] },
        {
          type: 'error',
          error: new APICallError({
            message: 'Unigate stream went silent for 120000 ms',
            url: 'https://gw.test/v1/chat/completions',
            requestBodyValues: {},
            isRetryable: true,
            data: { kind: 'timeout', dailyLimit: false },
          }),
        },
        { type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage: STALLED_USAGE },
      ] as never,
    });
    const chain = gw.fallback([stalled, 'gpt-4o-mini']);
    expect((await stream(chain)).fallback?.attempts.map(attempt => attempt.kind)).toEqual(['timeout']);
    expect((await stream(chain)).fallback?.attempts).toEqual([cooling('stalled', T0 + 30_000, 'timeout')]);
    expect(stalled.calls).toBe(1);
    expect(sent).toEqual(['gpt-4o-mini', 'gpt-4o-mini']);
  });

  it('memory is bounded: past 256 members the cool-down set longest ago is dropped; an ended one is dropped when read', () => {
    let now = 0;
    const cooldowns = new FallbackCooldowns(() => now);
    for (let index = 0; index < 300; index++) cooldowns.cool(`m${index}`, 1_000 + index, 'server');
    expect(cooldowns.size).toBe(256);
    expect(cooldowns.get('m43')).toBeUndefined();
    expect(cooldowns.get('m44')).toEqual({ until: 1_044, kind: 'server' });
    now = 1_044;
    expect(cooldowns.get('m44')).toBeUndefined();
    expect(cooldowns.size).toBe(255);
    // A later failure extends a cool-down, an earlier one never shortens it.
    cooldowns.cool('m299', 5_000, 'rate-limit');
    cooldowns.cool('m299', 2_000, 'server');
    expect(cooldowns.get('m299')).toEqual({ until: 5_000, kind: 'rate-limit' });
  });
});

describe("gw.fallback and 'context-length'", () => {
  it('is in the default `on` list, with network and timeout', () => {
    expect(DEFAULT_FALLBACK_ON.join(', ')).toBe(
      'permission, not-found, rate-limit, server, network, timeout, context-length',
    );
  });

  it('moves on only to a member with a larger catalog window; the others show skipped context-window', async () => {
    const { gw, sent } = routingGateway();
    // gpt-4o and gpt-4o-mini: 128 000 tokens; claude-haiku-4-5: 200 000 (the emulator's sample catalog).
    const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini', 'claude-haiku-4-5']);
    const prompt = 'Hi [[emulator:prompt-tokens:150000]]';
    const skippedMini = {
      modelId: 'gpt-4o-mini',
      kind: 'context-length',
      message:
        'its context window (128000 tokens) is not larger than that of gpt-4o (128000 tokens), which the prompt is too long for',
      skipped: 'context-window',
    };
    const overflow = {
      modelId: 'gpt-4o',
      kind: 'context-length',
      message: expect.stringContaining("This model's maximum context length is 128000 tokens"),
    };
    const generated = await generate(chain, prompt);
    expect(generated.text).toBe('You said: "Hi".');
    expect(unigateFallback(generated)).toEqual({ answeredBy: 'claude-haiku-4-5', attempts: [overflow, skippedMini] });
    const streamed = await stream(chain, prompt);
    expect(streamed.fallback).toEqual({ answeredBy: 'claude-haiku-4-5', attempts: [overflow, skippedMini] });
    // Not cooled: the next call with a short prompt goes to gpt-4o.
    expect(unigateFallback(await generate(chain))?.answeredBy).toBe('gpt-4o');
    expect(sent).toEqual(['gpt-4o', 'claude-haiku-4-5', 'gpt-4o', 'claude-haiku-4-5', 'gpt-4o']);
  });

  it('no larger member: the caller gets the context-length error with every attempt', async () => {
    const { gw, sent } = routingGateway();
    const chain = gw.fallback(['claude-haiku-4-5', 'gpt-4o']);
    for (const error of [
      await failure(generate(chain, 'Hi [[emulator:prompt-tokens:250000]]')),
      (await stream(chain, 'Hi [[emulator:prompt-tokens:250000]]')).errors[0],
    ]) {
      expect(unigateError(error)).toMatchObject({
        kind: 'context-length',
        message: 'prompt is too long: 250000 tokens > 200000 maximum',
      });
      expect(
        (error as { data: { fallback: { attempts: Array<{ skipped?: string }> } } }).data.fallback.attempts.map(
          a => a.skipped,
        ),
      ).toEqual([undefined, 'context-window']);
    }
    expect(sent).toEqual(['claude-haiku-4-5', 'claude-haiku-4-5']);
  });

  it('a single model reports it as context-length, not retried', async () => {
    const { gw, sent } = routingGateway();
    const error = await failure(generateText({ model: gw('gpt-4o'), prompt: 'Hi [[emulator:prompt-tokens:200000]]' }));
    expect(unigateError(error)?.kind).toBe('context-length');
    expect(sent).toEqual(['gpt-4o']);
  });

  it('across providers: another provider’s overflow is read from its error; its window from its words; an unknown window is tried', async () => {
    const { gw, compat, sent } = routingGateway();
    const prompt = 'Hi [[emulator:prompt-tokens:150000]]';
    // compat('gpt-4o') states 128 000 in its message: gpt-4o-mini (128 000) is skipped, gpt-4.1 answers.
    const first = await generate(gw.fallback([compat('gpt-4o'), 'gpt-4o-mini', 'gpt-4.1']), prompt);
    expect(unigateFallback(first)?.answeredBy).toBe('gpt-4.1');
    expect(unigateFallback(first)?.attempts.map(a => [a.kind, a.skipped])).toEqual([
      ['context-length', undefined],
      ['context-length', 'context-window'],
    ]);
    // Another provider's member has no catalog window: it is tried.
    const second = await stream(gw.fallback(['gpt-4o', compat('gpt-4o-mini'), 'gpt-4.1']), prompt);
    expect(second.fallback?.answeredBy).toBe('gpt-4.1');
    expect(second.fallback?.attempts.map(a => [a.modelId, a.kind, a.skipped])).toEqual([
      ['gpt-4o', 'context-length', undefined],
      ['gpt-4o-mini', 'context-length', undefined],
    ]);
    expect(sent).toEqual(['gpt-4o', 'gpt-4.1', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1']);
  });
});
