/**
 * Issue 43's figures (docs/fallback.md#cool-downs), through the public API over the in-process emulator:
 *
 * 1. A scripted outage: the chain's first member (gpt-4o) answers 503 for 10 s, then recovers; 200 calls
 *    start 100 ms apart (20 s), each `generateText` on `gw.fallback(['gpt-4o', 'gpt-4o-mini'])`. For each
 *    `cooldownMs` (0 = off, 5 s, the default 30 s): the requests sent to the failing member, the median
 *    added latency per call (its latency less the median of a direct gpt-4o-mini call), and how many calls
 *    after the recovery the first member answered. Twice: an upstream that fails at once, and one that
 *    answers its 503 after `SLOW_FAIL_MS` (1 s, an upstream timing out).
 * 2. Context overflow: 100 prompts of seeded sizes (50 000 to 300 000 tokens, by the emulator's
 *    `[[emulator:prompt-tokens:<n>]]` marker) to `['gpt-4o', 'gpt-4o-mini', 'claude-haiku-4-5', 'gpt-4.1']`
 *    (128 000, 128 000, 200 000 and 1 047 576 tokens in the sample catalog): the calls that overflowed
 *    gpt-4o and then reached a larger window, the requests the window skip saved, and the same with
 *    `context-length` left out of `on` (how a chain treated the overflow before: an invalid request).
 *
 * `npm run bench:cooldown` (real time, about two minutes; not a CI test).
 */
import { generateText } from 'ai';
import { createUnigate, unigateFallback } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

const CALLS = 200;
const SPACING_MS = 100;
const OUTAGE_MS = 10_000;
const SLOW_FAIL_MS = 1_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** A provider over the emulator whose gpt-4o fails with 503 while `failing()` says so, after `failMs`. */
function outageGateway(failing: () => boolean, failMs: number) {
  const emulator = createUnigateEmulator();
  const sent = { failing: 0 };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const model = typeof init?.body === 'string' ? (JSON.parse(init.body) as { model?: string }).model : undefined;
    if (model === 'gpt-4o' && failing()) {
      sent.failing++;
      if (failMs > 0) await sleep(failMs);
      return Response.json(
        { error: { type: 'server_error', message: 'upstream unavailable', code: 503 } },
        { status: 503 },
      );
    }
    return emulator.fetch(input, init);
  };
  return { gw: createUnigate({ ...emulator.settings, fetch }), sent };
}

async function outage(cooldownMs: number, failMs: number) {
  // The outage starts with the first call.
  let t0 = Number.POSITIVE_INFINITY;
  const { gw, sent } = outageGateway(() => performance.now() - t0 < OUTAGE_MS, failMs);
  // The latency of a call straight to the second member, for the added latency (after a warm-up: the
  // first calls load the package's modules).
  const direct: number[] = [];
  for (let i = 0; i < 60; i++) {
    const at = performance.now();
    await generateText({ model: gw('gpt-4o-mini'), prompt: 'Hi', maxRetries: 0 });
    if (i >= 20) direct.push(performance.now() - at);
  }
  const base = median(direct);
  const chain = gw.fallback(['gpt-4o', 'gpt-4o-mini'], { cooldownMs });
  t0 = performance.now();
  const calls = Array.from({ length: CALLS }, async (_, i) => {
    await sleep(Math.max(0, t0 + i * SPACING_MS - performance.now()));
    const at = performance.now();
    const result = await generateText({ model: chain, prompt: 'Hi', maxRetries: 0 });
    return { at: at - t0, latency: performance.now() - at, answeredBy: unigateFallback(result)?.answeredBy };
  });
  const results = await Promise.all(calls);
  const added = results.map(result => result.latency - base);
  const after = results.filter(result => result.at >= OUTAGE_MS);
  return {
    failingRequests: sent.failing,
    addedMedianMs: median(added),
    addedMedianDuringOutageMs: median(added.slice(0, CALLS / 2)),
    primaryAfterRecovery: after.filter(result => result.answeredBy === 'gpt-4o').length,
    afterRecovery: after.length,
  };
}

/** A seeded generator, so the prompt sizes are the same run to run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function overflow(on: 'default' | 'without context-length') {
  const emulator = createUnigateEmulator();
  const models: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string') models.push((JSON.parse(init.body) as { model: string }).model);
    return emulator.fetch(input, init);
  };
  const gw = createUnigate({ ...emulator.settings, fetch });
  const chain = gw.fallback(
    ['gpt-4o', 'gpt-4o-mini', 'claude-haiku-4-5', 'gpt-4.1'],
    on === 'default' ? {} : { on: ['permission', 'not-found', 'rate-limit', 'server'] },
  );
  const next = random(43);
  let overflowed = 0;
  let larger = 0;
  let failed = 0;
  let skips = 0;
  for (let i = 0; i < 100; i++) {
    const tokens = 50_000 + Math.floor(next() * 250_000);
    const prompt = `Summarise [[emulator:prompt-tokens:${tokens}]]`;
    if (tokens > 128_000) overflowed++;
    try {
      const result = await generateText({ model: chain, prompt, maxRetries: 0 });
      const fallback = unigateFallback(result);
      if (fallback?.answeredBy !== 'gpt-4o') larger++;
      skips += fallback?.attempts.filter(attempt => attempt.skipped === 'context-window').length ?? 0;
    } catch {
      failed++;
    }
  }
  return { overflowed, reachedLarger: larger, failed, requests: models.length, windowSkips: skips };
}

for (const failMs of [0, SLOW_FAIL_MS]) {
  console.log(
    `\nOutage of gpt-4o for ${OUTAGE_MS / 1000} s, ${CALLS} calls over ${(CALLS * SPACING_MS) / 1000} s, 503 after ${failMs} ms`,
  );
  console.log(
    '| cooldownMs | requests to the failing member | median added latency (all / during the outage) | calls after recovery the first member answered |',
  );
  console.log('|---|---|---|---|');
  for (const cooldownMs of [0, 5_000, 30_000]) {
    const r = await outage(cooldownMs, failMs);
    console.log(
      `| ${cooldownMs} | ${r.failingRequests} | ${r.addedMedianMs.toFixed(2)} ms / ${r.addedMedianDuringOutageMs.toFixed(2)} ms | ${r.primaryAfterRecovery} of ${r.afterRecovery} |`,
    );
  }
}

console.log('\nContext overflow: 100 prompts of 50 000-300 000 tokens');
console.log(
  '| on | prompts over gpt-4o (128 000) | answered by a larger window | failed | requests sent | window skips |',
);
console.log('|---|---|---|---|---|---|');
for (const on of ['default', 'without context-length'] as const) {
  const r = await overflow(on);
  console.log(`| ${on} | ${r.overflowed} | ${r.reachedLarger} | ${r.failed} | ${r.requests} | ${r.windowSkips} |`);
}
