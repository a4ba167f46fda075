import { generateText, stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import { unigateCost, type UnigateProvider } from '../src/index';
import { costNote, type CostLedger } from './costs';
import { printToolLoop, RED_CIRCLE_PNG } from './messages';

const weather = tool({
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: 'sunny', celsius: 21 }),
});

/** Chat completions: generateText, streamText token by token, and a two-step tool loop. */
export async function chat(gw: UnigateProvider, ledger: CostLedger, model = 'gpt-4o-mini'): Promise<void> {
  console.log(`\n# Chat completions (${model})`);

  const generated = await generateText({
    model: gw(model),
    prompt: 'Say hello to the Unigate demo in one sentence.',
  });
  const { text, usage, finishReason } = generated;
  console.log(`  generateText: ${text}`);
  const cost = costNote(ledger.add(`chat generateText ${model}`, unigateCost(generated)));
  console.log(`    finish: ${finishReason}; tokens in/out: ${usage.inputTokens}/${usage.outputTokens}; ${cost}`);

  process.stdout.write('  streamText:   ');
  const stream = streamText({ model: gw.chat(model), prompt: 'Stream a short greeting, word by word.' });
  let deltas = 0;
  for await (const delta of stream.textStream) {
    process.stdout.write(`${delta}|`);
    deltas++;
  }
  const streamed = await stream.usage;
  const streamedCost = ledger.add(`chat streamText ${model}`, await unigateCost(stream));
  console.log(
    `\n    ${deltas} deltas (| marks each: the first goes out alone, the rest of a network read as one); tokens in/out: ${streamed.inputTokens}/${streamed.outputTokens}; ${costNote(streamedCost)}`,
  );

  const loop = await generateText({
    model: gw(model),
    tools: { weather },
    stopWhen: stepCountIs(3),
    prompt: 'What is the weather in Paris?',
  });
  printToolLoop(loop.steps, 'chat tool loop', model, ledger);

  // A deepseek-reasoner tool loop gets each tool-call turn's reasoning back (reasoning_content); the same
  // history continued on another model goes without it, so a strict upstream has no field to refuse.
  const prompt = 'What is the weather in Paris?';
  const thinking = await generateText({
    model: gw('deepseek-reasoner'),
    tools: { weather },
    stopWhen: stepCountIs(3),
    prompt,
  });
  ledger.add('chat reasoning tool loop deepseek-reasoner', unigateCost(thinking));
  const continued = await generateText({
    model: gw(model),
    messages: [{ role: 'user', content: prompt }, ...thinking.response.messages, { role: 'user', content: 'Thanks!' }],
  });
  const reasoned = thinking.steps.filter(step => step.reasoningText !== undefined).length;
  console.log(
    `  reasoning round trip: deepseek-reasoner reasoned in ${reasoned} steps; ${model} continued: ${continued.text}`,
  );
  console.log(`    ${costNote(ledger.add(`chat continued ${model}`, unigateCost(continued)))}`);

  // `mediaType: 'image'` leaves the exact type open: the provider reads it from the bytes.
  const seen = await generateText({
    model: gw(model),
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe this image in one sentence.' },
          { type: 'file', data: RED_CIRCLE_PNG, mediaType: 'image' },
        ],
      },
    ],
  });
  console.log(`  image description: ${seen.text}`);
  console.log(`    ${costNote(ledger.add(`chat image description ${model}`, unigateCost(seen)))}`);
}
