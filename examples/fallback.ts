import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { createUnigate, type UnigateMetadataSource, unigateFallback } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

/**
 * `gw.fallback`: a denied model and a model that is down, then one that answers. Shown on an emulator
 * that denies `gpt-4o` to this key and has `claude-opus-4-1` down, so it runs the same with a real key.
 */
export async function fallback(): Promise<void> {
  console.log('\n# Fallback: a denied model, a model that is down, then one that answers');
  const emulator = createUnigateEmulator({ deniedModels: ['gpt-4o'], downModels: ['claude-opus-4-1'] });
  const gw = createUnigate(emulator.settings);
  const model = gw.fallback(['gpt-4o', gw.messages('claude-opus-4-1'), 'gpt-4o-mini']);

  const result = await generateText({ model, prompt: 'Say hello in five words.', maxRetries: 0 });
  const meta = unigateFallback(result);
  console.log(`generateText answeredBy: ${meta?.answeredBy}`);
  for (const attempt of meta?.attempts ?? [])
    console.log(`  skipped ${attempt.modelId} (${attempt.kind}): ${attempt.message}`);
  console.log(`  text: ${result.text}`);

  const stream = streamText({ model, prompt: 'Stream a short greeting.', maxRetries: 0 });
  const streamed = await stream.text;
  const streamMeta = await unigateFallback(stream);
  console.log(
    `streamText answeredBy: ${streamMeta?.answeredBy} after ${streamMeta?.attempts.length} skipped; text: ${streamed}`,
  );
  const requests = emulator.requests.map(entry => `${entry.model} ${entry.status}`);
  console.log(`  requests the gateway saw: ${requests.join(', ')}`);

  await foreignStreamError();
  await handOver();
  await learning();
}

/**
 * A chain that learns: a member that just failed is skipped while it cools down (no request), and a
 * prompt too long for one member moves on only to a member with a larger catalog window.
 */
async function learning(): Promise<void> {
  console.log('\n# Fallback: a cooled member is skipped, a context overflow moves to a larger window');
  const emulator = createUnigateEmulator();
  const gw = createUnigate(emulator.settings);
  const model = gw.fallback(['gpt-4o', 'gpt-4o-mini', 'claude-haiku-4-5'], { cooldownMs: 60_000 });
  const show = (label: string, result: UnigateMetadataSource) => {
    const meta = unigateFallback(result);
    const attempts = meta?.attempts.map(
      a => `${a.modelId} ${a.skipped ? `skipped (${a.skipped})` : `failed (${a.kind})`}`,
    );
    console.log(`${label} answeredBy: ${meta?.answeredBy}; ${attempts?.join(', ') || 'no attempts'}`);
  };
  // gpt-4o answers 503 (the emulator's marker): the chain moves on and gpt-4o cools for a minute...
  show('1st call', await generateText({ model, prompt: 'Hi [[emulator:status:503:gpt-4o]]', maxRetries: 0 }));
  // ...so the next call sends it nothing.
  show('2nd call', await generateText({ model, prompt: 'Hi', maxRetries: 0 }));
  // 150,000 tokens: over gpt-4o-mini's 128,000 (sample catalog); claude-haiku-4-5 holds 200,000.
  show(
    '150k-token prompt',
    await generateText({ model, prompt: 'Hi [[emulator:prompt-tokens:150000]]', maxRetries: 0 }),
  );
  const requests = emulator.requests.filter(entry => entry.model !== undefined);
  console.log(`  requests the gateway saw: ${requests.map(entry => `${entry.model} ${entry.status}`).join(', ')}`);
}

/**
 * A hand-over: the first model's stream drops twice after content (the emulator's drop markers), its own
 * resume fails too, and the next model continues the same answer from the text received so far.
 */
async function handOver(): Promise<void> {
  console.log('\n# Fallback: a stream that fails after content is continued by the next model');
  const emulator = createUnigateEmulator();
  const gw = createUnigate(emulator.settings);
  const chains = [
    // Messages to messages: the first model's own resume drops too, then the next model continues.
    [
      [gw.messages('claude-sonnet-4-5'), gw.messages('claude-haiku-4-5')],
      '[[emulator:drop:2:end]] [[emulator:drop:5:close]]',
    ],
    // Chat: gpt-4o-mini cannot resume itself; deepseek-chat continues it (its prefix completion).
    [[gw('gpt-4o-mini'), gw('deepseek-chat')], '[[emulator:drop:3:overloaded]]'],
  ] as const;
  for (const [models, marker] of chains) {
    const stream = streamText({
      model: gw.fallback([...models]),
      prompt: `Tell me about the sea. ${marker}`,
      maxRetries: 0,
    });
    const text = await stream.text;
    const meta = await unigateFallback(stream);
    const segments = meta?.segments?.map(segment => `${segment.modelId} wrote ${segment.characters}`);
    console.log(`streamText text: ${text}`);
    console.log(`  answeredBy: ${meta?.answeredBy}; ${segments?.join(', ')} characters`);
  }
}

/**
 * Another provider's model (@ai-sdk/openai-compatible at the same gateway, same key) whose HTTP-200
 * stream sends `{"error":{"type":"server_error"}}` before any content: an error part with no status. Its
 * kind is read from the type, so the chain moves on, and the attempt's message has the key redacted.
 */
async function foreignStreamError(): Promise<void> {
  console.log("\n# Fallback: another provider's in-stream error moves the chain on");
  const emulator = createUnigateEmulator();
  const { baseURL, apiKey } = emulator.settings;
  const failing = async () =>
    new Response(
      `data: ${JSON.stringify({ error: { type: 'server_error', message: `upstream down (${apiKey})` } })}\n\n`,
      {
        headers: { 'content-type': 'text/event-stream' },
      },
    );
  const other = createOpenAICompatible({ name: 'other', baseURL, apiKey, fetch: failing });
  const gw = createUnigate(emulator.settings);
  const stream = streamText({ model: gw.fallback([other('gpt-4o'), 'gpt-4o-mini']), prompt: 'Hi', maxRetries: 0 });
  const text = await stream.text;
  const meta = await unigateFallback(stream);
  const skipped = meta?.attempts.map(attempt => `${attempt.modelId} (${attempt.kind}): ${attempt.message}`);
  console.log(`streamText answeredBy: ${meta?.answeredBy}; skipped ${skipped?.join(', ')}; text: ${text}`);
}
