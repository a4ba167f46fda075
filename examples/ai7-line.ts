import { embed, generateImage, generateText, streamText } from 'ai7';
import { createOpenAICompatible } from 'openai-compatible-v4';
import { createUnigate, unigateCost, unigateFallback } from '../src/v4/index';
import { createUnigateEmulator } from '../src/testing/index';

/**
 * The ai@7 line: `unigate-ai-provider/v4`, the same provider whose models are V4 models, called by ai@7
 * without its V3 adapter. Shown on the emulator (its `[[emulator:cut]]` marker drops a stream before
 * its completion signal), so it runs the same with a real key. ai@7 asks for Node 22; it is run here on
 * whichever Node runs the demo.
 */
export async function ai7Line(): Promise<void> {
  console.log('\n# The ai@7 line: unigate-ai-provider/v4 (V4 models, no adapter)');
  const emulator = createUnigateEmulator();
  const gw = createUnigate({ ...emulator.settings, pricing: 'catalog' });
  const model = gw('gpt-4o-mini');
  console.log(`gw('gpt-4o-mini'): specificationVersion ${model.specificationVersion}, provider ${model.provider}`);

  const result = await generateText({ model, prompt: 'Hello from ai@7' });
  console.log(`generateText: "${result.text}", finish ${result.finishReason}, cost ${unigateCost(result)?.total}`);

  const cut = streamText({
    model: gw('claude-sonnet-4-5'),
    prompt: 'A long story [[emulator:cut]]',
    onError: () => {},
  });
  console.log(`a stream cut before message_stop finishes "${await cut.finishReason}" (V3: "error")`);

  const effort = await generateText({
    model: gw('o4-mini'),
    prompt: 'Think briefly.',
    providerOptions: { unigate: { reasoningEffort: 'low' } },
  });
  for (const warning of effort.warnings ?? [])
    if (warning.type === 'deprecated') console.log(`deprecated warning: ${warning.setting}: ${warning.message}`);

  const { embedding } = await embed({ model: gw.embedding('text-embedding-3-small'), value: 'tides', dimensions: 256 });
  console.log(`embed with dimensions 256: ${embedding.length} numbers`);

  // Another provider's V4 model (@ai-sdk/openai-compatible 3) in a chain with a Unigate id: a model id the
  // upstream does not know fails with 404, and the chain moves on.
  const { baseURL, apiKey } = emulator.settings;
  const compatible = createOpenAICompatible({ name: 'compatible', baseURL, apiKey, fetch: emulator.fetch });
  const chain = gw.fallback([compatible('no-such-model'), 'gpt-4o-mini']);
  const answered = await generateText({ model: chain, prompt: 'Hi', maxRetries: 0 });
  const meta = unigateFallback(answered);
  console.log(
    `fallback [openai-compatible@3 'no-such-model', 'gpt-4o-mini']: ${chain.specificationVersion}, answered by ` +
      `${meta?.answeredBy} after ${meta?.attempts.map(attempt => `${attempt.modelId} (${attempt.kind})`).join(', ')}`,
  );

  const image = gw.image('dall-e-3');
  const { images } = await generateImage({ model: image, prompt: 'A lighthouse', size: '256x256' });
  console.log(
    `image: supportsFileInputs ${image.supportsFileInputs}, ${images.length} image of ${images[0]?.mediaType}`,
  );
}
