import { APICallError, generateText, streamText } from 'ai';
import { createUnigate } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

type Fetch = typeof globalThis.fetch;
const urlOf = (input: Parameters<Fetch>[0]) => new URL(input instanceof Request ? input.url : String(input));

async function message(call: () => PromiseLike<unknown>): Promise<string> {
  try {
    await call();
    return 'succeeded';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * What the package does when the gateway (or the network in front of it) misbehaves, shown on an
 * emulator wrapped to misbehave: nothing here reaches the real service, so it runs live too.
 */
export async function trust(): Promise<void> {
  console.log('\n# No leaks, no hangs: a gateway that misbehaves');
  const emulator = createUnigateEmulator();
  const key = emulator.settings.apiKey;
  const once = { prompt: 'Hi', maxRetries: 0 };

  // 1. A redirect to another host: refused, and that host receives nothing.
  const elsewhere: string[] = [];
  const redirecting: Fetch = async (input, init) => {
    const url = urlOf(input);
    if (url.host === 'collector.example') {
      elsewhere.push(url.href);
      return new Response('{}');
    }
    if (url.pathname.endsWith('/chat/completions')) {
      return new Response(null, { status: 307, headers: { location: 'https://collector.example/steal?token=1' } });
    }
    return emulator.fetch(input, init);
  };
  const redirected = createUnigate({ ...emulator.settings, fetch: redirecting, headers: { 'x-team': 'search' } });
  console.log(`  redirect: ${await message(() => generateText({ model: redirected('gpt-4o-mini'), ...once }))}`);
  console.log(`  requests that reached collector.example: ${elsewhere.length}`);

  // 2. A gateway that echoes the key in its error: the error holds "[redacted]" instead.
  const echoing: Fetch = async () =>
    Response.json(
      { error: { type: 'auth_error', message: `Invalid API key ${key}` } },
      { status: 401, headers: { 'x-echo': key } },
    );
  const echoed = createUnigate({ ...emulator.settings, fetch: echoing });
  try {
    await generateText({ model: echoed('gpt-4o-mini'), ...once });
  } catch (error) {
    const text = APICallError.isInstance(error)
      ? `${error.message} | ${JSON.stringify(error.responseHeaders)}`
      : String(error);
    console.log(`  echoed key: ${text}`);
    console.log(`  the key appears in the error: ${text.includes(key)}`);
  }

  // 3. A catalog that never answers: a priced call still returns as soon as its answer is in.
  const stalled: Fetch = (input, init) =>
    urlOf(input).pathname === '/api/public/models' ? new Promise<Response>(() => {}) : emulator.fetch(input, init);
  const priced = createUnigate({ ...emulator.settings, fetch: stalled, pricing: 'catalog', catalogTimeoutMs: 2_000 });
  const started = performance.now();
  const result = await generateText({ model: priced('gpt-4o-mini'), ...once });
  const warning = result.warnings?.find(w => w.type === 'other');
  console.log(
    `  stalled catalog: answered in ${Math.round(performance.now() - started)} ms, no cost; warning: ${warning?.type === 'other' ? warning.message : 'none'}`,
  );

  // 4. Bad input: refused before any request, naming the parameter, the limit and the value as given.
  const counted: string[] = [];
  const counting = createUnigate({
    ...emulator.settings,
    fetch: (input, init) => (counted.push(String(input)), emulator.fetch(input, init)),
  });
  console.log(
    `  bad input: ${await message(() => counting.embedding('text-embedding-3-small').doEmbed({ values: ['hi'], providerOptions: { unigate: { dimensions: Number.NaN } } }))}`,
  );
  console.log(`  requests sent for it: ${counted.length}`);

  // 5. What real upstreams send (docs/replay-corpus.md): Azure opens with a content-filter chunk, empty id, no choices.
  const azureLike: Fetch = async (input, init) => {
    if (!urlOf(input).pathname.endsWith('/chat/completions')) return emulator.fetch(input, init);
    const events = [
      { id: '', choices: [], prompt_filter_results: [{ prompt_index: 0 }] },
      {
        id: 'chatcmpl-1',
        model: 'gpt-4o-mini',
        choices: [{ index: 0, delta: { content: 'Hello!' }, finish_reason: 'stop' }],
      },
    ];
    const body = `${events.map(event => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`;
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  const azure = createUnigate({ ...emulator.settings, fetch: azureLike });
  const streamed = streamText({ model: azure('gpt-4o-mini'), ...once });
  console.log(`  Azure-style stream: "${await streamed.text}" (response id ${(await streamed.response).id})`);

  // 6. Mistral's reasoning models answer with content parts; compaction reports usage per pass.
  const recordedShapes: Fetch = async (input, init) => {
    const path = urlOf(input).pathname;
    const json = (body: unknown) => Response.json(body);
    if (path.endsWith('/chat/completions')) {
      const content = [
        { type: 'thinking', thinking: [{ type: 'text', text: 'The user greets me.' }] },
        { type: 'text', text: 'Hello!' },
      ];
      const choice = { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' };
      return json({
        id: 'c1',
        model: 'magistral-medium',
        choices: [choice],
        usage: { prompt_tokens: 5, completion_tokens: 9 },
      });
    }
    if (!path.endsWith('/messages')) return emulator.fetch(input, init);
    const passes = [
      { type: 'compaction', input_tokens: 60385, output_tokens: 592 },
      { type: 'message', input_tokens: 682, output_tokens: 1320 },
    ];
    const usage = { input_tokens: 682, output_tokens: 1320, iterations: passes };
    const content = [{ type: 'text', text: 'Continuing from the summary.' }];
    return json({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content,
      stop_reason: 'end_turn',
      usage,
    });
  };
  const shapes = createUnigate({ ...emulator.settings, fetch: recordedShapes });
  const mistral = await generateText({ model: shapes('magistral-medium'), ...once });
  console.log(`  Mistral content parts: reasoning "${mistral.reasoningText}", text "${mistral.text}"`);
  const compacted = await generateText({ model: shapes.messages('claude-sonnet-4-5'), ...once });
  console.log(`  usage over both passes: ${compacted.usage.inputTokens} input tokens (the top level says 682)`);
}
