import { generateText, streamText } from 'ai';
import { createUnigate, unigateFallback } from '../src/index';
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
}
