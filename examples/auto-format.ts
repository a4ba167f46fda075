import { generateText } from 'ai';
import { createUnigate } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

type Fetch = typeof globalThis.fetch;

/**
 * A provider and the wire paths its requests took. Against the emulator (in process), its own request
 * log; live, a fetch that notes each path before sending the request on unchanged.
 */
function recordedProvider(live: boolean) {
  if (!live) {
    const emulator = createUnigateEmulator();
    return { gw: createUnigate(emulator.settings), paths: () => emulator.requests.map(request => request.path) };
  }
  const paths: string[] = [];
  const fetch: Fetch = (input, init) => {
    paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return globalThis.fetch(input, init);
  };
  return { gw: createUnigate({ fetch }), paths: () => paths };
}

/**
 * The `format` setting's default, 'auto': gw(id) sends a Claude id over the messages format and any other
 * id over chat completions. model.provider says which; the request log shows the path each call took.
 */
export async function autoFormat(live: boolean, claude = 'claude-haiku-4-5', gpt = 'gpt-4o-mini'): Promise<void> {
  console.log(`\n# Auto format: each id in its best wire format (${claude}, ${gpt})`);
  const { gw, paths } = recordedProvider(live);
  for (const id of [claude, gpt]) {
    const model = gw(id);
    const before = paths().length;
    const { text } = await generateText({ model, prompt: 'Say hello in five words.', maxRetries: 0 });
    console.log(`  gw('${id}'): provider ${model.provider}, POST ${paths().slice(before).join(', ')} -> "${text}"`);
  }
  const asBefore = createUnigate({ format: 'chat' });
  console.log(
    `  format: 'chat' keeps every id on chat completions: ${asBefore(claude).provider}; gw.messages(id) forces messages: ${gw.messages(gpt).provider}`,
  );
}
