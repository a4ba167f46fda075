// One process of the multi-process Postgres test (postgres-processes.node.test.ts): its own provider, its
// own emulator and its own pg pool over the shared table. It prints `ready`, waits for `go` on stdin, runs
// `CALLS` calls `CONCURRENCY` at a time, and prints one JSON line: what it sent and what each call was charged.
// `LIMITS` (JSON: [{ maxCredits, period, perUser }]) gives several limits at once instead of MAX_CREDITS;
// `SEED` picks each call's kind at random (seeded) instead of by its index.
import { generateText } from 'ai';
import pg from 'pg';
import { APICallError } from '@ai-sdk/provider';
import { createUnigate, postgresBudgetStore, type UnigateBudget } from '../../src';
import { addCredits } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';
import { seeded } from './postgres-three-limits';

const {
  PG_URL = '',
  TABLE = '',
  MAX_CREDITS = '0',
  CALLS = '0',
  CONCURRENCY = '1',
  USERS = '0',
  LIMITS = '',
  SEED = '',
} = process.env;
const MAX_OUTPUT = 5;
// One credit per token: "Hello there" costs 2 + 5 = 7; a call reserves the bytes of its body's JSON (the
// model id left out) + 5.
const PRICES = { 'gpt-4o-mini': { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 } };
const reservation = (prompt: string) =>
  new TextEncoder().encode(JSON.stringify({ messages: [{ role: 'user', content: prompt }], max_tokens: MAX_OUTPUT }))
    .length + MAX_OUTPUT;

/** The mix, by call index: what each call does, its prompt, and what it is charged once admitted. */
const KINDS = [
  { kind: 'aborted before it starts', prompt: 'Hello there', charge: () => 0 },
  { kind: 'aborted once sent', prompt: 'Hello there', charge: reservation },
  { kind: 'refused by the gateway (HTTP 500)', prompt: 'Hello there [[emulator:status:500]]', charge: () => 0 },
  { kind: 'broken body', prompt: 'Hello there [[emulator:truncate]]', charge: reservation },
  { kind: 'network failure', prompt: 'Hello there', charge: reservation },
  { kind: 'completed', prompt: 'Hello there', charge: () => 7 },
  { kind: 'completed', prompt: 'Hello there', charge: () => 7 },
  { kind: 'completed', prompt: 'Hello there', charge: () => 7 },
] as const;

const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
const emulator = createUnigateEmulator();
const controllers = new Map<string, AbortController>();
const emulatorFetch = emulator.settings.fetch ?? fetch;

// The gateway as the call meets it: `x-fault` aborts the call once its request has reached the emulator,
// or fails as a network does, before any answer.
const gatewayFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (headers.get('x-fault') === 'network') throw new TypeError('fetch failed');
  const response = await emulatorFetch(input, init);
  const controller = controllers.get(headers.get('x-call') ?? '');
  if (headers.get('x-fault') === 'abort' && controller) {
    controller.abort(new Error('user gave up'));
    throw controller.signal.reason;
  }
  return response;
};

const store = postgresBudgetStore({ query: (sql, params) => pool.query(sql, params), table: TABLE });
/** Several limits in one store: an app's own (one bucket for every user), or one per user (the default key). */
const limits = (LIMITS === '' ? [] : JSON.parse(LIMITS)) as Array<UnigateBudget & { perUser: boolean }>;
const budget: UnigateBudget | UnigateBudget[] =
  limits.length === 0
    ? { maxCredits: Number(MAX_CREDITS), period: 'total', store }
    : limits.map(({ perUser, ...limit }) => ({
        ...limit,
        store,
        // The test is about atomicity, not a slow store: a reservation waits for the table's row locks.
        storeTimeoutMs: 120_000,
        ...(!perUser && { key: () => 'app' }),
      }));
let eventsSum = 0;
let events = 0;
const gw = createUnigate({
  ...emulator.settings,
  fetch: gatewayFetch,
  pricing: PRICES,
  budget,
  onCharge: event => {
    events++;
    eventsSum = addCredits(eventsSum, event.cost?.total ?? 0);
  },
});

const random = SEED === '' ? undefined : seeded(Number(SEED) + process.pid);

async function call(index: number): Promise<{ charged: number; refused: boolean; completed: boolean }> {
  const pick = random === undefined ? index : Math.floor(random() * KINDS.length);
  const mix = KINDS[pick % KINDS.length] ?? KINDS[5];
  const id = `${process.pid}-${index}`;
  const controller = new AbortController();
  controllers.set(id, controller);
  if (mix.kind === 'aborted before it starts') controller.abort(new Error('user gave up'));
  const fault = mix.kind === 'aborted once sent' ? 'abort' : mix.kind === 'network failure' ? 'network' : '';
  try {
    await generateText({
      model: gw('gpt-4o-mini'),
      prompt: mix.prompt,
      maxOutputTokens: MAX_OUTPUT,
      maxRetries: 0,
      abortSignal: controller.signal,
      headers: { 'x-call': id, 'x-fault': fault },
      // USERS > 0: one budget (one row) per end user, as a multi-tenant app keeps them; else one for all.
      providerOptions: Number(USERS) > 0 ? { unigate: { user: `user-${index % Number(USERS)}` } } : undefined,
    });
    return { charged: mix.charge(mix.prompt), refused: false, completed: true };
  } catch (error) {
    const refused = APICallError.isInstance(error) && (error.data as { kind?: string })?.kind === 'budget';
    return { charged: refused ? 0 : mix.charge(mix.prompt), refused, completed: false };
  } finally {
    controllers.delete(id);
  }
}

async function run() {
  const total = Number(CALLS);
  const concurrency = Number(CONCURRENCY);
  const outcomes: Array<Awaited<ReturnType<typeof call>>> = [];
  for (let start = 0; start < total; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, total - start) }, (_, offset) => call(start + offset));
    outcomes.push(...(await Promise.all(batch)));
  }
  // An admission first waits for this provider's settlements: a call to a model nothing prices is refused
  // right after that wait, without a reservation, so the process exits with every settlement landed.
  await generateText({ model: gw('unpriced-model'), prompt: 'Hi', maxRetries: 0 }).catch(() => undefined);
  // Each event follows its settlement's answer by a few microtasks: one turn of the event loop delivers them.
  await new Promise(resolve => setImmediate(resolve));
  return {
    events,
    eventsSum,
    sent: emulator.requests.filter(entry => entry.path === '/v1/chat/completions').length,
    completed: outcomes.filter(outcome => outcome.completed).length,
    refused: outcomes.filter(outcome => outcome.refused).length,
    charged: outcomes.reduce((sum, outcome) => sum + outcome.charged, 0),
  };
}

process.stdout.write('ready\n');
process.stdin.once('data', async () => {
  const result = await run();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await pool.end();
  process.exit(0);
});
