import { generateText, stepCountIs, streamText, tool, type StepResult, type ToolSet } from 'ai';
import aiPackage from 'ai/package.json';
import { z } from 'zod';
import { unigateCost, type UnigateProvider } from '../src/index';
import { costNote, type CostLedger } from './costs';

// A 32x32 PNG: a red circle on white.
export const RED_CIRCLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAYUlEQVR42u3WuREAIAwDQVVC/0XRC+T8jGUFYIb4NgIbxfkgABaQU2ouB+i7txKM9a0Be31tgFJfGGDVZwaI9aHxGGCv90YAvwHx0E4A989O8V0rBo5iZCqGvmJtidVRAFQeXqO5ArI40wAAAABJRU5ErkJggg==';

/** One line per step of a tool loop (each step is a model call, with its own cost), into the ledger too. */
export function printToolLoop<T extends ToolSet>(
  steps: Array<StepResult<T>>,
  what: string,
  model: string,
  ledger: CostLedger,
): void {
  for (const [i, step] of steps.entries()) {
    const calls = step.toolCalls.map(call => `${call.toolName}(${JSON.stringify(call.input)})`).join(', ');
    const cost = ledger.add(`${what} step ${i + 1} ${model}`, unigateCost(step));
    console.log(
      `  tool loop step ${i + 1}: ${step.finishReason}${calls ? ` -> ${calls}` : ''}${step.text ? ` -> "${step.text}"` : ''}`,
    );
    console.log(`    ${costNote(cost)}`);
  }
}

/**
 * Thinking before the answer: ai@7's `reasoning: 'low'` is a 3072-token budget; ai@6 has no `reasoning`,
 * so there the same budget goes in as the provider option.
 */
async function think(gw: UnigateProvider, ledger: CostLedger, model: string): Promise<void> {
  const ai7 = Number(aiPackage.version.split('.')[0]) >= 7;
  const thought = await generateText({
    model: gw.messages(model),
    prompt: 'Is 1001 a prime number? Answer in one sentence.',
    ...(ai7
      ? { reasoning: 'low' }
      : { providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens: 3072 } } } }),
  });
  const how = ai7 ? "reasoning: 'low'" : 'providerOptions.unigate.thinking';
  console.log(
    `  thinking (${how}): ${thought.reasoningText?.length ?? 0} characters of reasoning, then: ${thought.text}`,
  );
  console.log(`    ${costNote(ledger.add(`messages thinking ${model}`, unigateCost(thought)))}`);
}

/** The messages format: the same tool loop over gw.messages(), thinking, and an image description. */
export async function messages(gw: UnigateProvider, ledger: CostLedger, model = 'claude-sonnet-4-5'): Promise<void> {
  console.log(`\n# Messages format (${model})`);

  const loop = await generateText({
    model: gw.messages(model),
    tools: {
      weather: tool({
        description: 'Current weather for a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => ({ city, sky: 'sunny', celsius: 21 }),
      }),
    },
    stopWhen: stepCountIs(3),
    prompt: 'What is the weather in Paris?',
  });
  printToolLoop(loop.steps, 'messages tool loop', model, ledger);
  await think(gw, ledger, model);

  const described = await generateText({
    model: gw.messages(model),
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe this image in one sentence.' },
          // A file part with an image media type: the shape ai@7 does not mark deprecated.
          { type: 'file', data: RED_CIRCLE_PNG, mediaType: 'image/png' },
        ],
      },
    ],
  });
  console.log(`  image description: ${described.text}`);
  console.log(`    ${costNote(ledger.add(`messages image description ${model}`, unigateCost(described)))}`);
}

/**
 * A stream that drops mid-answer is resumed (docs/resume.md): the emulator closes the connection after
 * the 3rd delta; the provider sends the text so far as a prefill and the caller gets one whole answer.
 * On chat, only models whose upstream documents a continuation (here DeepSeek's `prefix`).
 */
export async function resumedStream(
  gw: UnigateProvider,
  ledger: CostLedger,
  model = 'claude-sonnet-4-5',
  format: 'messages' | 'chat' = 'messages',
) {
  const prompt = 'Describe a quiet harbour at dawn.';
  const languageModel = format === 'chat' ? gw.chat(model) : gw.messages(model);
  const result = streamText({ model: languageModel, prompt: `${prompt} [[emulator:drop:3:close]]` });
  const text = await result.text;
  const whole = await generateText({ model: languageModel, prompt });
  console.log(
    `  resumed stream: ${text.length} characters, ${text === whole.text ? 'the whole answer, once' : 'NOT whole'}`,
  );
  console.log(`    resumed: ${JSON.stringify((await result.providerMetadata)?.unigate?.resumed)}`);
  console.log(
    `    ${costNote(ledger.add(`${format} resumed stream ${model}`, unigateCost({ steps: await result.steps })))}`,
  );
}

/**
 * A resumed stream stays within the caller's cap: the continuation is sent with what is left of
 * `maxOutputTokens` (the cap less what the cut request wrote), and with nothing left the stream ends
 * `length` without one (docs/resume.md#only-what-is-unfinished).
 */
export async function cappedResumedStream(gw: UnigateProvider, ledger: CostLedger, model = 'claude-sonnet-4-5') {
  const prompt = 'Describe a quiet harbour at dawn. [[emulator:drop:3:close]]';
  for (const maxOutputTokens of [40, 12]) {
    const result = streamText({ model: gw.messages(model), prompt, maxOutputTokens });
    const [text, finishReason, usage, metadata] = await Promise.all([
      result.text,
      result.finishReason,
      result.usage,
      result.providerMetadata,
    ]);
    const resumed = metadata?.unigate?.resumed === undefined ? 'not resumed' : 'resumed once';
    console.log(
      `  cap ${maxOutputTokens}: ${resumed}, finish ${finishReason}, ${usage.outputTokens} output tokens (at most the cap): ${JSON.stringify(text)}`,
    );
    console.log(
      `    ${costNote(ledger.add(`capped resumed stream ${maxOutputTokens}`, unigateCost({ steps: await result.steps })))}`,
    );
  }
}
