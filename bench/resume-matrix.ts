/**
 * Issue 34's figures: over the emulator's fault matrix (a drop after k of n content deltas, k random,
 * each way of failing, text and tool calls, generateText and streamText, chat with prefix completion and
 * messages, and chat without it), with default settings: the share of calls whose caller got the complete
 * answer (the same call without a drop is the reference), duplicated or lost characters, the added input
 * cost of a resume with caching on (as a share of the first request's input cost), and the median latency
 * of a resumed call against a fresh one. Only the public API. `npm run bench:resume` (`RESUME_SAMPLES`
 * samples per cell, default 3) runs the root entry under ai@6; `npm run bench:resume:ai7` runs `/v4` under
 * ai@7 on Node 22 (`--entry=v4`). A drop acts on streamed calls only (the emulator's rule), so the
 * streamed share is printed apart: a generated call is either whole or a failure before content, which
 * `maxRetries` covers.
 */
import type * as Ai from 'ai';
import { unigateCost } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

const ENTRY = process.argv.includes('--entry=v4') ? 'v4' : 'root';
// The same AI SDK calls on either line: ai@7's take the V4 model `/v4` makes, as ai@6's take the root's.
const ai = (ENTRY === 'v4' ? await import('ai7') : await import('ai')) as unknown as typeof Ai;
const { createUnigate } = ENTRY === 'v4' ? await import('../src/v4/index') : await import('../src/index');
const { generateText, jsonSchema, streamText, tool } = ai;

type How = 'close' | 'end' | 'overloaded' | 'broken';
const HOWS: How[] = ['close', 'end', 'overloaded', 'broken'];
const MODELS = [
  { id: 'claude-sonnet-4-5', format: 'messages', prefill: true },
  { id: 'deepseek-chat', format: 'chat', prefill: true },
  { id: 'gpt-4o', format: 'chat', prefill: false },
] as const;
const SAMPLES = Number(process.env.RESUME_SAMPLES ?? 3);
// RESUME_VERBOSE=1 names each cell whose caller did not get the complete answer, and why.
const VERBOSE = process.env.RESUME_VERBOSE === '1';
// Long enough that the system prompt is cached (1,024 tokens and more), so a resume reads it from the cache.
const SYSTEM = Array.from({ length: 1_300 }, (_, i) => `rule${i}`).join(' ');
const PROMPT = 'Describe the harbour town by the quiet river at dawn, with its boats, bells and bakeries';

/** A seeded generator, so the matrix is the same run to run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Outcome {
  text: string;
  calls: string;
  inputCost: number;
  resumes: number;
  ms: number;
  failed: boolean;
  error?: string;
}

async function call(modelId: string, format: string, prompt: string, kind: string, mode: string): Promise<Outcome> {
  // A fresh emulator per call: its prompt cache starts empty, as a first request's would.
  const emulator = createUnigateEmulator();
  const gw = createUnigate({ ...emulator.settings, pricing: 'catalog' });
  const model = (format === 'messages' ? gw.messages(modelId) : gw.chat(modelId)) as Ai.LanguageModel;
  const tools =
    kind === 'tool'
      ? {
          weather: tool({
            description: 'The weather in a city',
            inputSchema: jsonSchema<{ city: string; days: number }>({
              type: 'object',
              properties: { city: { type: 'string' }, days: { type: 'integer' } },
              required: ['city', 'days'],
            }),
          }),
        }
      : undefined;
  const options = { model, system: SYSTEM, prompt, tools, toolChoice: tools ? ('required' as const) : undefined };
  const started = performance.now();
  try {
    const streamed = mode === 'stream' ? streamText({ ...options, onError: () => {} }) : undefined;
    const generated = streamed ? undefined : await generateText(options);
    const result = streamed ?? generated!;
    const text = await result.text;
    const calls = JSON.stringify((await result.toolCalls).map(c => [c.toolName, c.input]));
    const metadata = (await result.providerMetadata)?.unigate;
    const resumed = metadata && 'resumed' in metadata && Array.isArray(metadata.resumed) ? metadata.resumed : [];
    const cost = streamed ? unigateCost({ steps: await streamed.steps }) : unigateCost(generated);
    const ms = performance.now() - started;
    return { text, calls, inputCost: cost?.input ?? Number.NaN, resumes: resumed.length, ms, failed: false };
  } catch (error) {
    const ms = performance.now() - started;
    const message = error instanceof Error ? error.message : String(error);
    return { text: '', calls: '', inputCost: Number.NaN, resumes: 0, ms, failed: true, error: message };
  }
}

/** Characters the caller got twice, and characters it lost, against the reference text. */
function damage(got: string, want: string): { duplicated: number; lost: number } {
  let same = 0;
  while (same < got.length && same < want.length && got[same] === want[same]) same++;
  return { duplicated: got.length - same, lost: want.length - same };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function matrix(): Promise<void> {
  const next = random(34);
  for (const target of MODELS) {
    let calls = 0;
    let complete = 0;
    let streamedCalls = 0;
    let streamedComplete = 0;
    let duplicated = 0;
    let lost = 0;
    const addedCost: number[] = [];
    const resumedMs: number[] = [];
    const freshMs: number[] = [];
    for (const kind of ['text', 'tool'])
      for (const mode of ['generate', 'stream'])
        for (const how of HOWS)
          for (let sample = 0; sample < SAMPLES; sample++) {
            const fresh = await call(target.id, target.format, PROMPT, kind, mode);
            // n: the reference answer's length in the emulator's deltas is at least its words; k in 1..n.
            const n = Math.max(2, (fresh.text.split(' ').length + fresh.calls.length / 12) | 0);
            const k = 1 + Math.floor(next() * n);
            const got = await call(target.id, target.format, `${PROMPT} [[emulator:drop:${k}:${how}]]`, kind, mode);
            calls += 1;
            if (mode === 'stream') streamedCalls += 1;
            if (mode === 'stream') freshMs.push(fresh.ms);
            const cell = `${target.id} ${kind} ${mode} drop:${k}:${how}`;
            if (got.failed) {
              if (VERBOSE) console.log(`  incomplete: ${cell}: failed: ${got.error}`);
              continue;
            }
            const harm = damage(got.text, fresh.text);
            duplicated += harm.duplicated;
            lost += harm.lost;
            if (harm.duplicated === 0 && harm.lost === 0 && got.calls === fresh.calls) {
              complete += 1;
              if (mode === 'stream') streamedComplete += 1;
            } else if (VERBOSE)
              console.log(`  incomplete: ${cell}: ${JSON.stringify(harm)} calls ${got.calls} vs ${fresh.calls}`);
            if (got.resumes > 0) {
              resumedMs.push(got.ms);
              const added = (got.inputCost - fresh.inputCost) / fresh.inputCost;
              if (Number.isFinite(added)) addedCost.push(added);
              else if (VERBOSE) console.log(`  unpriced: ${cell}: input cost ${got.inputCost} vs ${fresh.inputCost}`);
            }
          }
    const share = ((100 * complete) / calls).toFixed(1);
    const cost = addedCost.length > 0 ? `${(100 * median(addedCost)).toFixed(1)}%` : 'n/a';
    const streamedShare = ((100 * streamedComplete) / streamedCalls).toFixed(1);
    const fresh = median(freshMs);
    const resumed = median(resumedMs);
    const latency =
      resumedMs.length > 0
        ? `${resumed.toFixed(1)} ms vs fresh ${fresh.toFixed(1)} ms (+${(resumed - fresh).toFixed(1)} ms)`
        : 'n/a';
    console.log(
      `${target.id.padEnd(18)} ${target.format.padEnd(8)} prefill ${target.prefill ? 'yes' : 'no '}  complete ${complete}/${calls} (${share}%; streamed ${streamedComplete}/${streamedCalls}, ${streamedShare}%)  duplicated ${duplicated}  lost ${lost}  added input cost (median) ${cost}  streamed call with a resume (median) ${latency}`,
    );
  }
}

const line = ENTRY === 'v4' ? '/v4 entry under ai@7' : 'root entry under ai@6';
console.log(`resume matrix, ${line} (${process.version}), ${SAMPLES} sample(s) per cell`);
await matrix();
