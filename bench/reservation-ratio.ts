/**
 * Reservation ÷ charge: how far above its real cost a budgeted call reserves. The demo's language-model
 * calls (the prompts and models of examples/*.ts) and an agent loop with tools run through the emulator,
 * priced from its catalog, with `maxOutputTokens` set (16, about the emulator's answers, and 100) and unset. The emulator counts input twice:
 * by words (about what an English tokenizer does: the tightness) and by UTF-8 bytes (the worst any
 * tokenizer could do: the ratio must never fall below 1). Run: `npx tsx bench/reservation-ratio.ts`.
 */
import { generateText, jsonSchema, type ModelMessage, stepCountIs, tool } from 'ai';
import { createUnigate, type UnigateBudgetStore } from '../src/index';
import { memoryBudgetStore } from '../src/budget/budget-stores';
import { createUnigateEmulator } from '../src/testing/index';

type Counting = 'words' | 'bytes';

/** A provider whose store pairs each call's reservation with its settlement (the calls run one at a time). */
export function measuredGateway(tokenCounting: Counting) {
  const emulator = createUnigateEmulator({ tokenCounting });
  const memory = memoryBudgetStore();
  const reserved: number[] = [];
  const charged: number[] = [];
  const store: UnigateBudgetStore = {
    spent: memory.spent,
    add: async (bucket, credits) => {
      // A settlement adds (charge - reservation): the charge is the last reservation plus it.
      charged.push((reserved[charged.length] ?? 0) + credits);
      return memory.add(bucket, credits);
    },
    reserve: async (bucket, credits, limit) => {
      reserved.push(credits);
      return memory.reserve?.(bucket, credits, limit);
    },
  };
  const gw = createUnigate({ ...emulator.settings, budget: { maxCredits: 1e9, period: 'total', store } });
  const ratios = () => reserved.map((credits, index) => credits / (charged[index] ?? Number.NaN));
  /** Each call's reservation and charge, in order. */
  const pairs = () => reserved.map((credits, index) => ({ reserved: credits, charged: charged[index] ?? Number.NaN }));
  return { gw, ratios, pairs };
}

export const DEMO_CALLS: Array<[model: string, prompt: string]> = [
  ['gpt-4o-mini', 'Hi'],
  ['gpt-4o-mini', 'Say hello in five words.'],
  ['gpt-4o-mini', 'Hello there'],
  ['gpt-4o-mini', 'Say hello to the Unigate demo in one sentence.'],
  ['gpt-4o-mini', 'I am touring Paris, Rome, Vienna, Prague and Berlin. What should I pack?'],
  ['o4-mini', 'Is 1001 a prime number? Answer in one sentence.'],
  ['deepseek-reasoner', 'Think briefly.'],
  ['claude-sonnet-4-5', 'Hi'],
  ['claude-haiku-4-5', 'Stream a short greeting.'],
  ['claude-opus-4-1', 'Is 1001 a prime number? Answer in one sentence.'],
];

const SYSTEM =
  'You are a travel assistant. Use the tools to look up the weather and the opening hours before you answer. ' +
  'Answer in short sentences, and name the tool results you used.';

/** An agent loop: five user turns, each a generateText with two tools, up to three steps each. */
export async function agentLoop(gw: ReturnType<typeof createUnigate>, maxOutputTokens: number | undefined) {
  const inputSchema = jsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string', description: 'The city, in English' } },
    required: ['city'],
  });
  const tools = {
    weather: tool({ description: 'The weather in a city today', inputSchema, execute: async () => 'sunny, 21 C' }),
    hours: tool({ description: "A city's museum opening hours", inputSchema, execute: async () => '9:00-18:00' }),
  };
  const messages: ModelMessage[] = [];
  for (const city of ['Paris', 'Rome', 'Vienna', 'Prague', 'Berlin']) {
    messages.push({ role: 'user', content: `What is the weather in ${city}, and when do its museums open?` });
    for (const model of ['gpt-4o-mini', 'claude-sonnet-4-5']) {
      const result = await generateText({
        model: gw(model),
        system: SYSTEM,
        messages,
        tools,
        maxOutputTokens,
        stopWhen: stepCountIs(3),
      });
      if (model === 'claude-sonnet-4-5') messages.push(...result.response.messages);
    }
  }
}

function summary(ratios: number[]): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const fmt = (x: number | undefined) => (x ?? Number.NaN).toFixed(2);
  return `${sorted.length} calls, median ${fmt(median)}x, min ${fmt(sorted[0])}x, max ${fmt(sorted.at(-1))}x`;
}

// Run as a script (bench/budget-limits.ts imports the calls and the agent loop).
if (process.argv[1]?.endsWith('reservation-ratio.ts')) await ratios();

async function ratios() {
  for (const maxOutputTokens of [16, 100, undefined]) {
    for (const counting of ['words', 'bytes'] as const) {
      const demo = measuredGateway(counting);
      for (const [model, prompt] of DEMO_CALLS) await generateText({ model: demo.gw(model), prompt, maxOutputTokens });
      const agent = measuredGateway(counting);
      await agentLoop(agent.gw, maxOutputTokens);
      const setting = maxOutputTokens === undefined ? 'maxOutputTokens unset' : `maxOutputTokens ${maxOutputTokens}`;
      console.log(`${setting}, input counted by ${counting}:`);
      console.log(`  demo calls: ${summary(demo.ratios())}`);
      console.log(`  agent loop: ${summary(agent.ratios())}`);
    }
  }
}
