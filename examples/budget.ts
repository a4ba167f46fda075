import { generateText, stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import {
  costExceeds,
  createUnigate,
  type UnigateBudgetStore,
  type UnigateChargeEvent,
  unigateCost,
  unigateError,
} from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

// One credit per token keeps the figures readable: the emulator's "Hello there" costs 7 credits.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };

/**
 * A budget that refuses the third call: each call reserves 74 credits (its body's 69 bytes and 5 output
 * tokens) and costs 7, so after two calls 14 + 74 no longer fits in 81 (overshoot 'never', the default).
 * The refusal says what is left and whether a smaller maxOutputTokens would fit. On an in-process
 * emulator, so it spends nothing even when the demo is live.
 */
async function budgetRefusesTheThirdCall(): Promise<void> {
  console.log('\n# A budget that refuses the third call (maxCredits 81, period day)');
  const emulator = createUnigateEmulator();
  const capped = createUnigate({ ...emulator.settings, pricing: PRICES, budget: { maxCredits: 81, period: 'day' } });
  for (const call of [1, 2, 3]) {
    try {
      const result = await generateText({ model: capped('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5 });
      console.log(`  call ${call}: answered, cost ${unigateCost(result)?.total} credits`);
    } catch (error) {
      if (unigateError(error)?.kind !== 'budget') throw error;
      console.log(`  call ${call}: refused (kind ${unigateError(error)?.kind}): ${unigateError(error)?.message}`);
    }
  }
  const sent = emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length;
  console.log(`  requests the gateway received: ${sent}`);

  // A call whose output bound is what does not fit: the refusal gives the maxOutputTokens that would.
  const small = createUnigate({ ...emulator.settings, pricing: PRICES, budget: { maxCredits: 100, period: 'day' } });
  const ask = (maxOutputTokens: number) =>
    generateText({ model: small('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens });
  const refused = await ask(50).catch((error: unknown) => unigateError(error)?.message);
  console.log(`  maxOutputTokens 50 against 100 credits: ${refused}`);
  const retried = await ask(30);
  console.log(`  retried with maxOutputTokens 30: answered, cost ${unigateCost(retried)?.total} credits`);
}

/**
 * Three limits at once: the app's month, a day per user and a minute per user. The third call of one user
 * in a minute is refused by the minute's limit, named in the error; another user goes on. Each event says
 * where every limit stands.
 */
async function threeLimitsAtOnce(): Promise<void> {
  console.log("\n# Three limits at once: the app's month (1,000), a day (500) and a minute (81) per user");
  const emulator = createUnigateEmulator();
  const events: UnigateChargeEvent[] = [];
  const gw = createUnigate({
    ...emulator.settings,
    pricing: PRICES,
    budget: [
      { maxCredits: 1_000, period: 'month', key: () => 'app' },
      { maxCredits: 500, period: 'day' },
      { maxCredits: 81, period: 'minute' },
    ],
    onCharge: event => void events.push(event),
  });
  for (const user of ['ann', 'ann', 'ann', 'bob']) {
    try {
      await generateText({
        model: gw('gpt-4o-mini'),
        prompt: 'Hello there',
        maxOutputTokens: 5,
        providerOptions: { unigate: { user } },
      });
      console.log(`  ${user}: answered`);
    } catch (error) {
      if (unigateError(error)?.kind !== 'budget') throw error;
      console.log(`  ${user}: refused: ${unigateError(error)?.message}`);
    }
  }
  // Each event follows the store's answer to its settlement.
  await new Promise(resolve => setTimeout(resolve, 0));
  const last = [events.at(-1)?.budget ?? []].flat();
  console.log(`  where bob's call left each limit: ${last.map(b => `${b.bucket} ${b.spent}/${b.limit}`).join(', ')}`);
}

/** A warning at 80% of a limit: one line in onCharge, reading `event.budget` (one limit or several). */
async function warnAt80Percent(): Promise<void> {
  console.log('\n# A warning at 80% of the day (maxCredits 400): calls of 7 credits until the limit refuses one');
  const emulator = createUnigateEmulator();
  const warned = new Set<string>();
  const gw = createUnigate({
    ...emulator.settings,
    pricing: PRICES,
    budget: [
      { maxCredits: 400, period: 'day' },
      { maxCredits: 10_000, period: 'month' },
    ],
    onCharge: event => {
      for (const b of [event.budget ?? []].flat()) {
        if (b.spent >= 0.8 * b.limit && !warned.has(b.bucket)) {
          warned.add(b.bucket);
          console.log(`  onCharge: 80% of the ${b.period} reached: ${b.spent} of ${b.limit} credits (${b.bucket})`);
        }
      }
    },
  });
  let answered = 0;
  for (;;) {
    const ok = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5 }).then(
      () => true,
      error => (unigateError(error)?.kind === 'budget' ? false : Promise.reject(error)),
    );
    if (!ok) break;
    answered++;
  }
  console.log(`  ${answered} calls answered; the next did not fit (329 + 74 is over 400)`);
}

/**
 * Every ending is charged: a stream aborted at its 2nd delta reports one `aborted` event, charged its
 * reservation (larger than the usage so far, `exact: false`), and the store holds exactly that.
 */
async function abortedStreamCharged(): Promise<void> {
  console.log('\n# An aborted stream is charged: streamText aborted at its 2nd delta');
  const events: UnigateChargeEvent[] = [];
  let reported: () => void = () => {};
  const charged = new Promise<void>(resolve => {
    reported = resolve;
  });
  const gw = createUnigate({
    ...createUnigateEmulator().settings,
    pricing: PRICES,
    budget: { maxCredits: 1_000, period: 'day' },
    mergeStreamDeltas: false,
    onCharge: event => {
      events.push(event);
      reported();
    },
  });
  const controller = new AbortController();
  const result = streamText({
    model: gw('gpt-4o-mini'),
    prompt: 'Tell me about the sea',
    maxOutputTokens: 50,
    abortSignal: controller.signal,
  });
  const seen: string[] = [];
  let deltas = 0;
  for await (const part of result.fullStream) {
    seen.push(part.type);
    if (part.type === 'text-delta' && ++deltas === 2) controller.abort();
  }
  await charged;
  const [event] = events;
  console.log(`  the caller saw: ${seen.join(', ')}`);
  console.log(`  onCharge: ended ${event?.ended}, ${event?.cost?.total} credits, exact ${event?.exact} (1 event)`);
}

/** The emulator with each catalog page answering after `pageDelayMs`, as a gateway across the network would. */
function slowCatalog(pageDelayMs: number) {
  const emulator = createUnigateEmulator();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/public/models') await new Promise(resolve => setTimeout(resolve, pageDelayMs));
    return emulator.fetch(input, init);
  };
  return { ...emulator.settings, fetch };
}

/** A fresh process (a serverless cold start): its first calls are priced, waiting at most priceWaitMs. */
async function freshProcessPricesItsFirstCalls(): Promise<void> {
  console.log('\n# A fresh process prices its first calls (catalog pages answering in 100 ms each)');
  const gw = createUnigate({ ...slowCatalog(100), pricing: 'catalog' });
  const started = performance.now();
  const first = await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hello there' });
  const firstMs = Math.round(performance.now() - started);
  console.log(`  first call: cost ${unigateCost(first)?.total} credits, returned after ${firstMs} ms`);
  const fresh = createUnigate({ ...slowCatalog(100), pricing: 'catalog' });
  const concurrent = await Promise.all(
    Array.from({ length: 10 }, (_, index) => generateText({ model: fresh('gpt-4o-mini'), prompt: `Call ${index}` })),
  );
  const priced = concurrent.filter(result => unigateCost(result) !== undefined).length;
  console.log(`  10 concurrent first calls of another fresh provider: ${priced} of 10 priced`);
}

/** Reserve, then settle: many calls at once, and streams aborted midway, stay within the limit. */
async function budgetHoldsUnderConcurrency(): Promise<void> {
  console.log('\n# A budget holds: 40 calls at once, and streams aborted midway (maxCredits 222)');
  const emulator = createUnigateEmulator({ streamDelayMs: 10 });
  const capped = createUnigate({
    ...emulator.settings,
    pricing: PRICES,
    budget: { maxCredits: 222, period: 'total' },
  });
  // Each call reserves its body's 69 bytes as input and its 5 output tokens (74 credits), then settles to
  // the 7 it cost: three reservations reach the limit.
  const calls = await Promise.allSettled(
    Array.from({ length: 40 }, () =>
      generateText({ model: capped('gpt-4o-mini'), prompt: 'Hello there', maxOutputTokens: 5, maxRetries: 0 }),
    ),
  );
  const sent = calls.filter(call => call.status === 'fulfilled').length;
  const refused = calls.filter(call => call.status === 'rejected' && unigateError(call.reason)?.kind === 'budget');
  console.log(`  40 concurrent calls: ${sent} sent, ${refused.length} refused before the wire (budget)`);

  const aborted = createUnigate({
    ...emulator.settings,
    pricing: PRICES,
    budget: { maxCredits: 148, period: 'total' },
  });
  let opened = 0;
  for (let stream = 0; stream < 5; stream++) {
    const controller = new AbortController();
    const result = streamText({
      model: aborted('gpt-4o-mini'),
      prompt: 'Hello there',
      maxOutputTokens: 5,
      maxRetries: 0,
      abortSignal: controller.signal,
      onError: () => {},
    });
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          opened++;
          controller.abort(new Error('the user closed the tab'));
        }
      }
    } catch {
      // The abort ends the stream.
    }
  }
  console.log(
    `  5 streams aborted after their first delta against maxCredits 148: ${opened} sent, each charged its 74 reserved`,
  );
}

/** A store in memory that lists what each call reserved. */
function recordingStore() {
  let spent = 0;
  const reserved: number[] = [];
  const store: UnigateBudgetStore = {
    spent: async () => spent,
    add: async (_bucket, credits) => (spent += credits),
    reserve: async (_bucket, credits, limit) => {
      reserved.push(credits);
      return spent < limit ? (spent += credits) : undefined;
    },
  };
  return { store, reserved, total: () => spent };
}

/** A call reserves what it sends: its tools too, every byte, and `max_tokens` for each of its `n` answers. */
async function reservesWhatItSends(): Promise<void> {
  console.log('\n# A call reserves what it sends (a 6,000-character tool, n: 4, maxOutputTokens 10)');
  const emulator = createUnigateEmulator({ tokenCounting: 'bytes' });
  const { store, reserved } = recordingStore();
  const gw = createUnigate({
    ...emulator.settings,
    pricing: PRICES,
    budget: { maxCredits: 1e6, period: 'total', store },
  });
  const lookup = tool({ description: 'Looks up one record. '.repeat(285), inputSchema: z.object({ id: z.string() }) });
  const result = await generateText({
    model: gw('gpt-4o-mini'),
    prompt: 'Hello there',
    tools: { lookup },
    maxOutputTokens: 10,
    providerOptions: { unigate: { n: 4 } },
  });
  console.log(`  reserved ${reserved[0]} credits, charged ${unigateCost(result)?.total} (never more than reserved)`);
}

/** An agent loop stopped by `costExceeds`: the first step already costs more than the limit. */
async function agentLoopStoppedByCost(): Promise<void> {
  console.log('\n# An agent loop stopped by costExceeds(5)');
  const emulator = createUnigateEmulator();
  const priced = createUnigate({ ...emulator.settings, pricing: PRICES });
  const weather = tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21, unit: 'C' }),
  });
  const result = await generateText({
    model: priced('gpt-4o-mini'),
    tools: { weather },
    stopWhen: [stepCountIs(20), costExceeds(5)],
    prompt: 'What is the weather in Paris?',
  });
  const perStep = result.steps.map(step => unigateCost(step)?.total);
  console.log(
    `  steps run: ${result.steps.length} (cost per step: ${perStep.join(', ')}), finish reason: ${result.finishReason}`,
  );
  console.log(
    `  total: ${unigateCost(result)?.total} credits; without the limit the loop would have gone on to answer`,
  );
}

/**
 * A stream that drops after content resumes inside the budget: its continuation reserves like any
 * request, and the stream's one finish settles both, so the store holds exactly the summed cost.
 */
async function resumeWithinBudget(): Promise<void> {
  console.log('\n# A resumed stream inside the budget (the emulator drops it after 3 deltas)');
  const emulator = createUnigateEmulator();
  // The first request's reservation, then its continuation's.
  const { store, reserved, total } = recordingStore();
  const price = { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 };
  const gw = createUnigate({
    ...emulator.settings,
    pricing: { 'claude-sonnet-4-5': price },
    budget: { maxCredits: 1_000, period: 'total', store },
  });
  const prompt = 'Tell me about the sea. [[emulator:drop:3:close]]';
  const result = streamText({ model: gw.messages('claude-sonnet-4-5'), prompt, maxOutputTokens: 50 });
  const text = await result.text;
  const cost = await unigateCost(result);
  // The settlement lands a tick after the finish: the next admission would wait for it too.
  await new Promise(resolve => setTimeout(resolve, 0));
  console.log(`  text: ${text}`);
  console.log(
    `  reserved ${reserved.join(' + ')} credits; charged ${cost?.total} (both requests), the store holds ${total()}`,
  );
}

export async function budget(): Promise<void> {
  await freshProcessPricesItsFirstCalls();
  await budgetRefusesTheThirdCall();
  await threeLimitsAtOnce();
  await warnAt80Percent();
  await abortedStreamCharged();
  await budgetHoldsUnderConcurrency();
  await reservesWhatItSends();
  await agentLoopStoppedByCost();
  await resumeWithinBudget();
}
