/**
 * What automatic prompt caching costs per call: the CPU of placing the cache breakpoints on a 50-message
 * tool-loop prompt (`placeCacheBreakpoints` on the converted body), against the CPU of the whole
 * `doGenerate` call on the same prompt (conversion, request, parse) with caching off.
 */
import type { LanguageModelV3, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { CODING_AGENT_INSTRUCTIONS, type ToolLoopShape, toolLoopInput } from '../examples/prompt-caching';
import { createUnigate } from '../src/index';
import { convertToMessagesPrompt } from '../src/messages/convert-to-messages-prompt';
import type { MessagesRequestBody } from '../src/messages/messages-api-types';
import { placeCacheBreakpoints } from '../src/messages/place-cache-breakpoints';
import { interleave, type Series } from './interleave';
import { settle, timed } from './measure';
import { scenarioModelId } from './wire-fixtures';

/** The prompt's messages: system, the user's question, then 24 steps of tool call and tool result. */
export const CACHE_PROMPT_MESSAGES = 50;
/** Placements per sample, and doGenerate calls per sample. */
const PLACEMENTS = 2_000;
const CALLS = 40;

const INSTRUCTIONS = 'You plan trips. Look up the weather for every city before you answer. '.repeat(120);

/** A tool loop at its 25th step: 50 messages, each step's call and result a few hundred characters. */
export function toolLoopPrompt(): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: [{ type: 'text', text: 'Plan a month in Europe, one city a day.' }] },
  ];
  for (let step = 1; prompt.length < CACHE_PROMPT_MESSAGES; step++) {
    const toolCallId = `toolu_${step}`;
    const input = { city: `City ${step}`, day: step, notes: 'museums, parks and a long lunch '.repeat(4) };
    prompt.push(
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: 'weather', input }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: 'weather',
            output: { type: 'json', value: { city: `City ${step}`, sky: 'sunny', celsius: 18 + (step % 9) } },
          },
        ],
      },
    );
  }
  return prompt;
}

function wireBody(prompt: LanguageModelV3Prompt): MessagesRequestBody {
  const { system, messages } = convertToMessagesPrompt(prompt);
  return { model: 'bench-model', max_tokens: 1024, messages, ...(system !== undefined && { system }) };
}

export interface CacheBreakpointFigures {
  /** CPU µs per call of placing the breakpoints. */
  placement: Series;
  /** CPU µs per doGenerate call with caching off. */
  call: Series;
}

/** Placement and whole-call CPU, interleaved round by round. */
export async function measureCacheBreakpoints(
  upstream: string,
  plan: { reps: number; warmups: number },
): Promise<CacheBreakpointFigures> {
  const prompt = toolLoopPrompt();
  const template = wireBody(prompt);
  const model: LanguageModelV3 = createUnigate({
    apiKey: 'sk-bench',
    siteURL: upstream,
    caching: 'off',
  }).messages(scenarioModelId('text', 64));
  const labels = new Map();
  const series = await interleave(
    [
      {
        name: 'placement',
        run: async () => {
          // Placing mutates the body: each call gets its own copy, made before the clock starts.
          const bodies = Array.from({ length: PLACEMENTS }, () => structuredClone(template));
          settle();
          const { cpuMicros } = await timed(async () => {
            for (const body of bodies) placeCacheBreakpoints(body, 'auto', labels);
          });
          if (!Array.isArray(bodies[0].system)) throw new Error('no breakpoint was placed on the system prompt');
          return cpuMicros / PLACEMENTS;
        },
      },
      {
        name: 'call',
        run: async () => {
          settle();
          const { cpuMicros } = await timed(async () => {
            for (let i = 0; i < CALLS; i++) await model.doGenerate({ prompt });
          });
          return cpuMicros / CALLS;
        },
      },
    ],
    plan,
  );
  return { placement: series.placement!, call: series.call! };
}

/** The tool loops the credit figures are taken on (issue 33 §4): one tool call a step, and 12 at once. */
export const CACHE_RATIO_LOOPS: readonly ToolLoopShape[] = [
  { steps: 10, parallelTools: 1 },
  { steps: 10, parallelTools: 12 },
  // The same loops under a coding agent's ~6,000-token system prompt.
  { steps: 10, parallelTools: 1, system: CODING_AGENT_INSTRUCTIONS },
  { steps: 10, parallelTools: 12, system: CODING_AGENT_INSTRUCTIONS },
];

/**
 * Input credits with the default `caching: 'auto'` ÷ with caching off, over a whole tool loop on the
 * emulator (per-model minimum, 20-block look-back, TTL prices): deterministic, so one run is the figure.
 */
export async function cacheCreditRatio(shape: ToolLoopShape): Promise<number> {
  const credits = async (caching: 'auto' | 'off') =>
    (await toolLoopInput(caching, shape)).reduce((total, step) => total + (step.inputCredits ?? Number.NaN), 0);
  return (await credits('auto')) / (await credits('off'));
}

/** claude-sonnet-4-5's cache prices as multiples of its input price (docs/prompt-caching-prices.md). */
const READ = 0.1;
const WRITE = 1.25;

/**
 * The lowest ratio any breakpoint placement can reach on a loop whose requests carry `totals` input tokens
 * (each request the one before plus what its step added): a token can be read only from a request after the
 * one that wrote it, so at best each token is written once where it first appears and read in every later
 * request. `placement`: every step's new tokens written, as a placement must when it cannot know which step
 * is the last; `clairvoyant`: the last step's left fresh (1x), since nothing reads them.
 */
export function cacheCreditFloor(totals: readonly number[]): { placement: number; clairvoyant: number } {
  let uncached = 0;
  let cached = 0;
  for (const [i, total] of totals.entries()) {
    const before = i === 0 ? 0 : totals[i - 1]!;
    uncached += total;
    cached += READ * before + WRITE * (total - before);
  }
  const lastNew = totals.length < 2 ? (totals[0] ?? 0) : totals.at(-1)! - totals.at(-2)!;
  return { placement: cached / uncached, clairvoyant: (cached - (WRITE - 1) * lastNew) / uncached };
}

// `npx tsx bench/cache-breakpoints.ts` prints the credit ratios, each beside the floors for its loop.
if (process.argv[1]?.endsWith('cache-breakpoints.ts')) {
  for (const shape of CACHE_RATIO_LOOPS) {
    const ratio = await cacheCreditRatio(shape);
    const floor = cacheCreditFloor((await toolLoopInput('off', shape)).map(step => step.total));
    const system = shape.system === undefined ? '~1,650' : '~6,000';
    console.log(
      `${shape.steps} steps, ${shape.parallelTools} tool call(s) a step, ${system}-token system prompt: ` +
        `${ratio.toFixed(3)}x uncached input credits (floor ${floor.placement.toFixed(3)}x; ` +
        `${floor.clairvoyant.toFixed(3)}x if the last step were known)`,
    );
  }
}
