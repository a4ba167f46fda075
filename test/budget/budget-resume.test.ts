import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateChargeEvent } from '../../src';
import { addCredits, memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';

// A resume inside the budget (docs/resume.md#budget): its continuation reserves like any request, from
// the body it sends; the stream's finish settles both to the call's one charge. One credit per token.
const MODEL = 'claude-sonnet-4-5';
const PRICES = { [MODEL]: { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };
const MAX_TOKENS = 50;
const PROMPT = 'Tell me about the sea.';

/**
 * A request's bound as docs/budgets.md states it: its wire body's bytes without the model id, each at the
 * cache-write price (1.25 times input on Claude models, as any input token may be written), plus its
 * max_tokens (a continuation's is what is left of MAX_TOKENS).
 */
function boundOf(body: Record<string, unknown>): number {
  const { model: _model, stream: _stream, ...read } = body;
  return new TextEncoder().encode(JSON.stringify(read)).length * 1.25 + (body.max_tokens as number);
}

/**
 * A budgeted provider over the emulator, recording each messages body; `answer` may replace the emulator's
 * answer to the n-th messages request (1-based).
 */
function budgeted(
  maxCredits: number,
  answer?: (n: number, response: Response) => Response | Promise<Response>,
  maxResumes?: number,
) {
  const emulator = createUnigateEmulator();
  const store = memoryBudgetStore();
  const events: UnigateChargeEvent[] = [];
  const bodies: Array<Record<string, unknown>> = [];
  const emulatorFetch = emulator.settings.fetch ?? fetch;
  const gw = createUnigate({
    ...emulator.settings,
    fetch: async (input, init) => {
      const response = await emulatorFetch(input, init);
      if (!String(input).endsWith('/messages') || typeof init?.body !== 'string') return response;
      bodies.push(JSON.parse(init.body));
      return answer === undefined ? response : answer(bodies.length, response);
    },
    pricing: PRICES,
    budget: { maxCredits, period: 'total', store },
    onCharge: event => void events.push(event),
    ...(maxResumes !== undefined && { maxResumes }),
  });
  const stream = (marker: string, settings: { resume?: 'off'; abortSignal?: AbortSignal } = {}) =>
    streamText({
      model: gw.messages(MODEL),
      prompt: `${PROMPT} ${marker}`,
      maxOutputTokens: MAX_TOKENS,
      maxRetries: 0,
      abortSignal: settings.abortSignal,
      ...(settings.resume && { providerOptions: { unigate: { resume: settings.resume } } }),
    });
  const spent = () => store.spent('total::');
  return { gw, stream, spent, events, bodies };
}

/** The bounds of a dropped stream's first request and of its continuation, from an unbounded run. */
async function bounds(marker: string) {
  const { stream, bodies } = budgeted(1_000_000);
  await stream(marker).text;
  expect(bodies).toHaveLength(2);
  return { first: boundOf(bodies[0]!), next: boundOf(bodies[1]!) };
}

async function parts(result: ReturnType<ReturnType<typeof budgeted>['stream']>) {
  const all: Array<{ type: string; [key: string]: unknown }> = [];
  for await (const part of result.fullStream) all.push(part);
  return all;
}

/** A clean stream, four resumed each way of failing, and one that drops twice (resumed once, then failed). */
const MIXED_MARKERS = [
  '',
  '[[emulator:drop:2:end]]',
  '[[emulator:drop:4:broken]]',
  '[[emulator:drop:1:close]]',
  '[[emulator:drop:3:overloaded]] [[emulator:drop:6:end]]',
];

const errorsOf = (all: Array<{ type: string; error?: unknown }>) =>
  all.filter(part => part.type === 'error').map(part => String(part.error));

describe('a resume within the budget', () => {
  const marker = '[[emulator:drop:3:overloaded]]';

  // A request is admitted when its reservation fits in what is left of the limit (overshoot 'never'): the
  // continuation's admission counts the first request's reservation, still held.
  it('a budget that fits the first request but not its continuation ends the stream with the original error', async () => {
    const { first, next } = await bounds(marker);
    // The continuation sends the prefill besides the prompt: it reserves more than the first request.
    expect(next).toBeGreaterThan(first);
    const off = budgeted(first);
    const original = errorsOf(await parts(off.stream(marker, { resume: 'off' })));
    expect(original).toHaveLength(1);
    expect(original[0]).toContain('Overloaded');

    const tight = budgeted(first);
    const all = await parts(tight.stream(marker));
    expect(errorsOf(all)).toEqual(original);
    expect(tight.bodies).toHaveLength(1);
    // The failed stream keeps its reservation (its reported usage is below it); nothing for the refusal.
    await expect.poll(tight.spent).toBe(first);
    expect(tight.events).toMatchObject([{ ended: 'failed', cost: { total: first }, exact: false }]);
    expect(tight.events[0]!.resumed).toBeUndefined();
  });

  it('one that fits both resumes, and settles both to the summed cost: one charge for the call', async () => {
    const { first, next } = await bounds(marker);
    // Both reservations fit exactly.
    const { stream, spent, events, bodies } = budgeted(first + next);
    const result = stream(marker);
    const text = await result.text;
    expect(text).toBe(`You said: "${PROMPT}".`);
    expect(bodies).toHaveLength(2);
    const metadata = await result.providerMetadata;
    const cost = metadata?.unigate?.cost as { total: number };
    // Both requests' usage: the first's input and output (as far as it came), then the continuation's.
    expect(cost.total).toBeGreaterThan(0);
    await expect.poll(spent).toBe(cost.total);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ended: 'completed', exact: true, cost, attempt: 1 });
    expect(events[0]!.resumed).toEqual(metadata?.unigate?.resumed);
    expect(events[0]!.resumed).toMatchObject([{ reason: 'error-event' }]);
  });

  it('a second resume reserves its own continuation too', async () => {
    const twice = '[[emulator:drop:2:end]] [[emulator:drop:5:end]]';
    const probe = budgeted(1_000_000, undefined, 2);
    await probe.stream(twice).text;
    expect(probe.bodies).toHaveLength(3);
    const [b1, b2, b3] = probe.bodies.map(boundOf) as [number, number, number];
    const all = budgeted(b1 + b2 + b3, undefined, 2);
    const result = all.stream(twice);
    expect(await result.text).toBe(`You said: "${PROMPT}".`);
    await expect.poll(all.spent).toBe(((await result.providerMetadata)?.unigate?.cost as { total: number }).total);

    const short = budgeted(b1 + b2, undefined, 2);
    await parts(short.stream(twice));
    expect(short.bodies).toHaveLength(2);
    await expect.poll(short.spent).toBe(b1 + b2);
    expect(short.events).toMatchObject([{ ended: 'failed', cost: { total: b1 + b2 } }]);
  });

  it('the store total equals the sum of the charges over a mixed run, resumes included', async () => {
    const { stream, spent, events } = budgeted(1_000_000);
    const markers = MIXED_MARKERS;
    const costs: number[] = [];
    for (const marker of markers) {
      const result = stream(marker);
      await parts(result);
      const cost = (await result.providerMetadata)?.unigate?.cost as { total: number } | undefined;
      if (cost !== undefined) costs.push(cost.total);
    }
    // The last stream drops twice: resumed once, its second drop fails it, charged its two reservations.
    await expect.poll(() => events.length).toBe(markers.length);
    expect(events.map(event => event.ended)).toEqual(['completed', 'completed', 'completed', 'completed', 'failed']);
    expect(events.map(event => event.resumed !== undefined)).toEqual([false, true, true, true, true]);
    expect(events.slice(0, 4).map(event => event.cost?.total)).toEqual(costs);
    const total = events.reduce((sum, event) => addCredits(sum, event.cost?.total ?? 0), 0);
    await expect.poll(spent).toBe(total);
  });

  it('a continuation refused with an HTTP status gives its reservation back', async () => {
    const { first } = await bounds(marker);
    const { stream, spent, events, bodies } = budgeted(1_000_000, (n, response) =>
      n === 2
        ? new Response(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'no' } }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          })
        : response,
    );
    const all = await parts(stream(marker));
    expect(errorsOf(all)[0]).toContain('Overloaded');
    expect(bodies).toHaveLength(2);
    await expect.poll(spent).toBe(first);
    expect(events).toMatchObject([{ ended: 'failed', cost: { total: first } }]);
  });

  it('aborted during the continuation: the stream ends with the abort as parts, both reservations kept', async () => {
    const { first, next } = await bounds(marker);
    const controller = new AbortController();
    const reason = new Error('user gave up');
    const { gw, spent, bodies } = budgeted(1_000_000, (n, response) => {
      if (n === 2) controller.abort(reason);
      return response;
    });
    const { stream } = await gw.messages(MODEL).doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: `${PROMPT} ${marker}` }] }],
      maxOutputTokens: MAX_TOKENS,
      abortSignal: controller.signal,
    });
    const parts: LanguageModelV3StreamPart[] = [];
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
    // The caller saw the first request's text only, then the abort's own error and the finish: an aborted
    // stream is charged its bound.
    expect(parts.map(part => part.type)).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'text-delta',
      'text-delta',
      'text-delta',
      'error',
      'text-end',
      'finish',
    ]);
    expect(parts.find(part => part.type === 'error')).toEqual({ type: 'error', error: reason });
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
    expect(bodies).toHaveLength(2);
    await expect.poll(spent).toBe(first + next);
  });
});

/**
 * A budgeted provider over the emulator for a chat model whose upstream continues a prefill: its store
 * records each reservation, in order (the first request's, then each continuation's).
 */
function budgetedChat(maxCredits: number) {
  const emulator = createUnigateEmulator();
  const memory = memoryBudgetStore();
  const reserved: number[] = [];
  const store = {
    spent: (bucket: string) => memory.spent(bucket),
    add: (bucket: string, credits: number) => memory.add(bucket, credits),
    reserve: (bucket: string, credits: number, limit: number) => {
      reserved.push(credits);
      return memory.reserve!(bucket, credits, limit);
    },
  };
  const events: UnigateChargeEvent[] = [];
  const bodies: Array<Record<string, any>> = [];
  const emulatorFetch = emulator.settings.fetch ?? fetch;
  const gw = createUnigate({
    ...emulator.settings,
    fetch: async (input, init) => {
      if (String(input).endsWith('/chat/completions') && typeof init?.body === 'string')
        bodies.push(JSON.parse(init.body));
      return emulatorFetch(input, init);
    },
    pricing: { 'deepseek-chat': PRICES[MODEL] },
    budget: { maxCredits, period: 'total', store },
    onCharge: event => void events.push(event),
  });
  const stream = (marker: string, resume?: 'off') =>
    streamText({
      model: gw('deepseek-chat'),
      prompt: `${PROMPT} ${marker}`,
      maxOutputTokens: MAX_TOKENS,
      maxRetries: 0,
      ...(resume && { providerOptions: { unigate: { resume } } }),
    });
  return { stream, spent: () => memory.spent('total::'), events, bodies, reserved };
}

describe('a chat resume within the budget', () => {
  const marker = '[[emulator:drop:3:overloaded]]';

  /** The reservations of the first request and of its continuation, from an unbounded run. */
  async function chatBounds() {
    const probe = budgetedChat(1_000_000);
    await probe.stream(marker).text;
    expect(probe.bodies).toHaveLength(2);
    expect(probe.bodies[1]!.messages.at(-1)).toMatchObject({ role: 'assistant', prefix: true });
    expect(probe.reserved).toHaveLength(2);
    const [first, next] = probe.reserved as [number, number];
    // The continuation's body adds the prefill message: it reserves more.
    expect(next).toBeGreaterThan(first);
    return { first, next };
  }

  it('a continuation that does not fit is not sent: the stream fails with the original error', async () => {
    const { first } = await chatBounds();
    const off = budgetedChat(first);
    const original = errorsOf(await parts(off.stream(marker, 'off')));
    expect(original).toHaveLength(1);
    expect(original[0]).toContain('Overloaded');

    const tight = budgetedChat(first);
    const all = await parts(tight.stream(marker));
    expect(errorsOf(all)).toEqual(original);
    expect(tight.bodies).toHaveLength(1);
    expect(tight.reserved).toHaveLength(2);
    await expect.poll(() => tight.events.length).toBe(1);
    expect(tight.events[0]).toMatchObject({ ended: 'failed', cost: { total: first } });
    expect(tight.events[0]!.resumed).toBeUndefined();
    await expect.poll(tight.spent).toBe(first);
  });

  it('one that fits is sent, and the call is charged once: the summed cost', async () => {
    const { first, next } = await chatBounds();
    const { stream, spent, events, bodies } = budgetedChat(first + next);
    const result = stream(marker);
    const all = await parts(result);
    expect(errorsOf(all)).toEqual([]);
    expect(bodies).toHaveLength(2);
    const metadata = await result.providerMetadata;
    const cost = metadata?.unigate?.cost as { total: number };
    expect(cost.total).toBeGreaterThan(0);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ ended: 'completed', cost, attempt: 1 });
    expect(events[0]!.resumed).toEqual(metadata?.unigate?.resumed);
    await expect.poll(spent).toBe(cost.total);
  });

  it('the store total equals the sum of the onCharge costs over a mixed chat run', async () => {
    const { stream, spent, events } = budgetedChat(1_000_000);
    const markers = MIXED_MARKERS;
    for (const marker of markers) await parts(stream(marker));
    await expect.poll(() => events.length).toBe(markers.length);
    expect(events.map(event => event.resumed !== undefined)).toEqual([false, true, true, true, true]);
    const total = events.reduce((sum, event) => addCredits(sum, event.cost?.total ?? 0), 0);
    expect(total).toBeGreaterThan(0);
    await expect.poll(spent).toBe(total);
  });
});
