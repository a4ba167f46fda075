import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { createUnigate, unigateCost, type UnigateCaching } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

/** About 1,650 tokens of standing instructions: the part of every step that never changes. */
export const TRIP_PLANNER_INSTRUCTIONS =
  'You are a trip planner. For every city the user names, look up the weather with the weather tool ' +
  'before you answer, then say what to pack in one short sentence. ' +
  'Keep each answer under fifty words and name the source of every figure you give. '.repeat(100);

/**
 * About 6,000 tokens of standing instructions, the length of a coding agent's system prompt: with it, a
 * step's new tokens are a smaller share of each request.
 */
export const CODING_AGENT_INSTRUCTIONS =
  'You are a coding agent working in the user repository. Read the files you change before you change ' +
  'them, run the tests after every edit, keep each commit small and say why in its message. '.repeat(299);

/** The input tokens of one step, as the AI SDK reports them. */
export interface StepInput {
  /** Every input token of the step. */
  total: number;
  /** Read at the full input price: neither read from nor written to the cache. */
  fresh: number;
  cacheRead: number;
  cacheWrite: number;
  /** What the input cost, in credits (cache reads and writes at their own rates), by the sample catalog's price. */
  inputCredits: number | undefined;
}

/** A tool loop's shape: its steps, and how many tools each step calls at once (one each, in parallel). */
export interface ToolLoopShape {
  steps: number;
  parallelTools: number;
  /** The system prompt; `TRIP_PLANNER_INSTRUCTIONS` (about 1,650 tokens) when not given. */
  system?: string;
}

/**
 * A tool loop (tools called at every step) on `gw.messages(model)` with this `caching` setting, on its own
 * in-process emulator, priced from its sample catalog: the input of each step. With `parallelTools` > 1
 * every step calls that many tools at once (the emulator's parallel-tools marker).
 */
export async function toolLoopInput(
  caching: UnigateCaching,
  { steps, parallelTools, system = TRIP_PLANNER_INSTRUCTIONS }: ToolLoopShape,
  model = 'claude-sonnet-4-5',
): Promise<StepInput[]> {
  const emulator = createUnigateEmulator();
  const gw = createUnigate({ ...emulator.settings, caching, pricing: 'catalog' });
  // The marker in the first tool's result keeps the next step calling every tool at once.
  const weather = (marker: object) =>
    tool({
      description: 'Current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, sky: 'sunny', celsius: 21, ...marker }),
    });
  const parallel = { note: '[[emulator:parallel-tools]]' };
  const tools = Object.fromEntries(
    Array.from({ length: parallelTools }, (_, i) =>
      i === 0 ? ['weather', weather(parallelTools > 1 ? parallel : {})] : [`weather${i}`, weather({})],
    ),
  );
  const prompt = 'I am touring Paris, Rome, Vienna, Prague and Berlin. What should I pack?';
  const result = await generateText({
    model: gw.messages(model),
    system,
    prompt: parallelTools > 1 ? `${prompt} [[emulator:parallel-tools]]` : prompt,
    tools,
    toolChoice: 'required',
    stopWhen: stepCountIs(steps),
  });
  return result.steps.map(step => {
    const { usage } = step;
    const cacheRead = usage.inputTokenDetails.cacheReadTokens ?? 0;
    const cacheWrite = usage.inputTokenDetails.cacheWriteTokens ?? 0;
    const total = usage.inputTokens ?? 0;
    const inputCredits = unigateCost(step)?.input;
    return { total, fresh: total - cacheRead - cacheWrite, cacheRead, cacheWrite, inputCredits };
  });
}

/** A 5-step tool loop, one tool call a step: `toolLoopInput`. */
export const cachedToolLoop = (caching: UnigateCaching, model = 'claude-sonnet-4-5'): Promise<StepInput[]> =>
  toolLoopInput(caching, { steps: 5, parallelTools: 1 }, model);

const sum = (steps: StepInput[], key: Exclude<keyof StepInput, 'inputCredits'>) =>
  steps.reduce((total, step) => total + step[key], 0);
/** Credits summed in pico-credits, as `unigateCost` sums them, so the total prints without float noise. */
const sumCredits = (steps: StepInput[]) =>
  steps.some(step => step.inputCredits === undefined)
    ? undefined
    : steps.reduce((total, step) => total + Math.round((step.inputCredits ?? 0) * 1e12), 0) / 1e12;

/**
 * The same 5-step tool loop with `caching: 'auto'` (the default) and `caching: 'off'`: per step, the
 * input tokens, how many were read from and written to the cache, and what the input cost (reads and
 * writes at the Claude family's rates: 0.1x and 1.25x the input price). On an in-process emulator, so the
 * figures are the same on every run (the live gateway's depend on the upstream).
 */
export async function promptCaching(): Promise<void> {
  console.log('\n# Prompt caching: a 5-step tool loop on the messages format, caching on and off (emulator)');
  for (const caching of ['auto', 'off'] as const) {
    const steps = await cachedToolLoop(caching);
    console.log(`  caching: '${caching}'`);
    for (const [i, step] of steps.entries()) {
      console.log(
        `    step ${i + 1}: ${step.total} input tokens: ${step.fresh} fresh, ${step.cacheRead} read from the cache, ` +
          `${step.cacheWrite} written to it; input ${step.inputCredits ?? 'not priced'} credits`,
      );
    }
    const total = sum(steps, 'total');
    const read = sum(steps, 'cacheRead');
    console.log(
      `    loop: ${total} input tokens: ${sum(steps, 'fresh')} fresh, ${read} read from the cache ` +
        `(${((100 * read) / total).toFixed(1)}%), ${sum(steps, 'cacheWrite')} written to it; ` +
        `input ${sumCredits(steps) ?? 'not priced'} credits`,
    );
  }
  await oneHourWrite();
}

/** The instructions cached for 5 minutes, then for an hour: the write at 1.25x, then at 2x the input price. */
async function oneHourWrite(): Promise<void> {
  console.log('\n# A cache write by TTL: 1.25x the input price for 5 minutes, 2x for an hour (emulator)');
  for (const ttl of ['5m', '1h'] as const) {
    const emulator = createUnigateEmulator();
    const gw = createUnigate({ ...emulator.settings, pricing: 'catalog' });
    const result = await generateText({
      model: gw.messages('claude-sonnet-4-5'),
      messages: [
        {
          role: 'system',
          content: TRIP_PLANNER_INSTRUCTIONS,
          providerOptions: { unigate: { cacheControl: { type: 'ephemeral', ttl } } },
        },
        { role: 'user', content: 'What should I pack for Paris?' },
      ],
      allowSystemInMessages: true,
    });
    const written = result.usage.inputTokenDetails.cacheWriteTokens;
    console.log(`  ttl '${ttl}': ${written} tokens written, for ${unigateCost(result)?.cacheWrite} credits`);
  }
  // 10-step loops, one tool call a step and 12 at once (24 blocks a step, past the 20-block look-back), the
  // last under a coding agent's 6,000-token system prompt.
  for (const shape of [
    { steps: 10, parallelTools: 1 },
    { steps: 10, parallelTools: 12 },
    { steps: 10, parallelTools: 12, system: CODING_AGENT_INSTRUCTIONS },
  ]) {
    const credits = async (caching: UnigateCaching) => sumCredits(await toolLoopInput(caching, shape)) ?? Number.NaN;
    const ratio = (await credits('auto')) / (await credits('off'));
    const prompt = shape.system === undefined ? '' : ', a 6,000-token system prompt';
    console.log(
      `  10 steps, ${shape.parallelTools} tool call(s) a step${prompt}: input ${ratio.toFixed(3)}x its uncached credits`,
    );
  }
}
