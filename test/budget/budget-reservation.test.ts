import { generateText, jsonSchema, type ModelMessage, tool } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createUnigate,
  type UnigateBudgetStore,
  type UnigateCostSource,
  type UnigateProviderSettings,
  unigateCost,
} from '../../src';
import { imageTokenBound, TOOL_USE_OVERHEAD_TOKENS, wireBound } from '../../src/budget/budget-reservation';
import { memoryBudgetStore } from '../../src/budget/budget-stores';
import { createUnigateEmulator } from '../../src/testing';
import { imageCallOptions } from '../helpers/call-options';

// What a call reserves, from the body it sends: never less than the emulator charges when it counts as
// pessimistically as any real tokenizer (a token per UTF-8 byte), and no more than max_tokens allows.
const PRICE = { inputPerMillionTokens: 1_000_000, outputPerMillionTokens: 1_000_000 };
const PRICES = { 'gpt-4o-mini': PRICE, 'claude-sonnet-4-5': PRICE, 'dall-e-3': { perImage: 0.04 } };
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAjKbGbAAAAABJRU5ErkJggg==';

/** A provider over a byte-counting emulator whose store records what each call reserved, and the bodies sent. */
function reservingGateway(prices: UnigateProviderSettings['pricing'] = PRICES) {
  const emulator = createUnigateEmulator({ tokenCounting: 'bytes' });
  const bodies: Array<Record<string, unknown>> = [];
  const emulatorFetch = emulator.settings.fetch ?? fetch;
  const memory = memoryBudgetStore();
  const reserved: number[] = [];
  const store: UnigateBudgetStore = {
    spent: memory.spent,
    add: memory.add,
    reserve: async (bucket, credits, limit) => {
      reserved.push(credits);
      return (await memory.reserve?.(bucket, credits, limit)) ?? undefined;
    },
  };
  const gw = createUnigate({
    ...emulator.settings,
    fetch: async (input, init) => {
      if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
      return emulatorFetch(input, init);
    },
    pricing: prices,
    budget: { maxCredits: 1e12, period: 'total', store },
  });
  return { gw, reserved, emulator, bodies };
}

/** Runs one call and answers what it reserved and what it was charged. */
async function reservedAndCharged(run: (gw: ReturnType<typeof createUnigate>) => Promise<UnigateCostSource>) {
  const { gw, reserved } = reservingGateway();
  const charged = unigateCost(await run(gw))?.total;
  expect(reserved).toHaveLength(1);
  return { reserved: reserved[0] ?? 0, charged: charged ?? Number.NaN };
}

describe('a call reserves what it sends', () => {
  it('a 64k-character tool definition with the prompt "Hi" (claude-sonnet-4-5): reserved >= charged', async () => {
    const description = 'Looks up one record. '.repeat(3_048);
    const { reserved, charged } = await reservedAndCharged(gw =>
      generateText({
        model: gw('claude-sonnet-4-5'),
        prompt: 'Hi',
        maxOutputTokens: 20,
        tools: { lookup: tool({ description, inputSchema: jsonSchema({ type: 'object', properties: {} }) }) },
      }),
    );
    expect(charged).toBeGreaterThan(64_000);
    expect(reserved).toBeGreaterThanOrEqual(charged);
  });

  it('n: 8 reserves max_tokens eight times', async () => {
    const { reserved, charged } = await reservedAndCharged(gw =>
      generateText({
        model: gw('gpt-4o-mini'),
        prompt: 'Hello there, how are you today?',
        maxOutputTokens: 5,
        providerOptions: { unigate: { n: 8 } },
      }),
    );
    expect(charged).toBeGreaterThan(40);
    expect(reserved).toBeGreaterThanOrEqual(charged);
    // Every byte of the body but the model id (the model never reads it), and 5 tokens for each of 8 choices.
    const body = { messages: [{ role: 'user', content: 'Hello there, how are you today?' }] };
    expect(reserved).toBe(JSON.stringify({ ...body, max_tokens: 5, n: 8 }).length + 8 * 5);
  });

  it('a CJK and emoji prompt, at 3 and 4 bytes a character: reserved >= charged', async () => {
    const prompt = '你好，世界！今日は良い天気ですね。🙂🚀🎉'.repeat(20);
    const { reserved, charged } = await reservedAndCharged(gw =>
      generateText({ model: gw('gpt-4o-mini'), prompt, maxOutputTokens: 5 }),
    );
    expect(charged).toBeGreaterThan(prompt.length);
    expect(reserved).toBeGreaterThanOrEqual(charged);
  });

  it('a messages call reserves the max_tokens it sends (4,096), not its context window', async () => {
    const { reserved } = await reservedAndCharged(gw => generateText({ model: gw('claude-sonnet-4-5'), prompt: 'Hi' }));
    // Its body's bytes at the cache-write price (any input token may be written) and 4,096 output tokens.
    expect(reserved).toBeGreaterThan(4_096);
    expect(reserved).toBeLessThan(4_096 + 1_000);
  });

  it('an image counts at its model maximum, not its bytes, and is never left out', async () => {
    const body = (content: unknown[]) => ({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content }] });
    const text = { type: 'text', text: 'What is this?' };
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(100_000) } };
    const without = wireBound('messages', body([text, null])).inputTokens;
    expect(wireBound('messages', body([text, image])).inputTokens).toBe(without + 1_600);
    const chatImage = { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } };
    const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: [chatImage, chatImage] }] };
    const chatWithout = JSON.stringify({ messages: [{ role: 'user', content: [null, null] }] }).length;
    expect(wireBound('chat', chat).inputTokens).toBe(chatWithout + 2 * imageTokenBound('chat', 'gpt-4o-mini'));
    expect(imageTokenBound('chat', 'openai/gpt-4o-mini')).toBe(48_169);
    expect(imageTokenBound('chat', 'gpt-4.1')).toBe(3_779);
    expect(imageTokenBound('chat', 'qwen-vl-max')).toBe(16_384);
  });

  it('a messages call with an image, through the emulator: reserved >= charged', async () => {
    const { reserved, charged } = await reservedAndCharged(gw =>
      generateText({
        model: gw('claude-sonnet-4-5'),
        maxOutputTokens: 5,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', image: PNG, mediaType: 'image/png' },
            ],
          },
        ],
      }),
    );
    expect(charged).toBeGreaterThan(1_600);
    expect(reserved).toBeGreaterThanOrEqual(charged);
  });

  it('an image model asked for four images reserves four', async () => {
    const { gw, reserved } = reservingGateway();
    await gw.image('dall-e-3').doGenerate(imageCallOptions({ n: 4 }));
    expect(reserved).toEqual([0.16]);
  });
});

// Pieces of prompt as dense as tokenizers see: ASCII, CJK, emoji, code, base64.
const piece = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'你好世界天気日本語한국어'), maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('🙂', '🚀', '👩‍👩‍👧', '🇯🇵'), maxLength: 20 }),
  fc.constantFrom('const x = {a: [1, 2]};\n', 'if (a &&b) { return; }', '<div class="x"></div>'),
  fc.uint8Array({ maxLength: 90 }).map(bytes => btoa(String.fromCharCode(...bytes))),
);
const text = fc.array(piece, { minLength: 1, maxLength: 4 }).map(pieces => pieces.join(' '));

describe('the reservation is a bound', () => {
  it('over random prompts, tools, images and n, no call is charged more than it reserved', async () => {
    const call = fc.record({
      model: fc.constantFrom('gpt-4o-mini', 'claude-sonnet-4-5'),
      system: fc.option(text, { nil: undefined }),
      user: text,
      images: fc.nat({ max: 2 }),
      tools: fc.array(text, { maxLength: 2 }),
      n: fc.option(fc.integer({ min: 2, max: 4 }), { nil: undefined }),
      maxOutputTokens: fc.integer({ min: 1, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(call, async ({ model, system, user, images, tools, n, maxOutputTokens }) => {
        const messages: ModelMessage[] = [
          {
            role: 'user',
            content: [
              { type: 'text', text: `Q: ${user}` },
              ...Array.from({ length: images }, () => ({ type: 'image' as const, image: PNG, mediaType: 'image/png' })),
            ],
          },
        ];
        const schema = jsonSchema({ type: 'object', properties: {} });
        const { reserved, charged } = await reservedAndCharged(gw =>
          generateText({
            model: gw(model),
            system,
            messages,
            maxOutputTokens,
            tools: Object.fromEntries(
              tools.map((description, i) => [`tool${i}`, tool({ description, inputSchema: schema })]),
            ),
            ...(model === 'gpt-4o-mini' && n !== undefined && { providerOptions: { unigate: { n } } }),
          }),
        );
        expect(reserved).toBeGreaterThanOrEqual(charged);
      }),
      { numRuns: 60, seed: 33 },
    );
  });
});

// Each of these fails on a hand-made mutant of the bound that the tests above let through (issue 39).
describe('the bound, exactly', () => {
  /** The bytes of `body` as JSON, its top-level model, user and metadata left out (the gateway reads those). */
  const readBytes = (body: Record<string, unknown>) => {
    const { model: _model, user: _user, metadata: _metadata, ...read } = body;
    return new TextEncoder().encode(JSON.stringify(read)).length;
  };
  const schema = {
    type: 'object',
    properties: {
      metadata: { type: 'string', description: 'Free-form notes kept with the record. '.repeat(20) },
      user: { type: 'string', description: 'Who the record belongs to. '.repeat(20) },
      model: { type: 'object', properties: { model: { type: 'string', description: 'The model name.' } } },
    },
  };

  it("counts keys named metadata, user and model inside a tool's schema; only the body's own are left out", () => {
    const tools = [{ name: 'lookup', description: 'Looks up a record.', input_schema: schema }];
    const body = { model: 'claude-sonnet-4-5', max_tokens: 10, messages: [], tools, metadata: { user_id: 'u-1' } };
    const bound = wireBound('messages', body);
    expect(bound.inputTokens).toBe(readBytes(body) + TOOL_USE_OVERHEAD_TOKENS);
    // The nested keys carry most of the body: a bound that skipped them would fall short.
    expect(readBytes(body)).toBeGreaterThan(1_000);
    const chat = {
      model: 'gpt-4o-mini',
      user: 'u-1',
      messages: [],
      tools: [{ type: 'function', function: { name: 'lookup', parameters: schema } }],
    };
    expect(wireBound('chat', chat).inputTokens).toBe(readBytes(chat) + TOOL_USE_OVERHEAD_TOKENS);
  });

  it('a tool schema with nested metadata, user and model keys, through the emulator: reserved >= charged', async () => {
    const { gw, reserved, bodies } = reservingGateway();
    const result = await generateText({
      model: gw('claude-sonnet-4-5'),
      prompt: 'Hi',
      maxOutputTokens: 5,
      tools: { lookup: tool({ description: 'Looks up a record.', inputSchema: jsonSchema(schema as never) }) },
    });
    const body = bodies.at(-1)!;
    // One credit per token, and each input token may be written to the cache (1.25 x input on Claude).
    expect(reserved).toEqual([(readBytes(body) + TOOL_USE_OVERHEAD_TOKENS) * 1.25 + 5]);
    expect(reserved[0]).toBeGreaterThanOrEqual(unigateCost(result)?.total ?? Number.NaN);
  });

  it("adds the tool-use system prompt's tokens to a request with tools, and nothing without any", () => {
    const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
    expect(wireBound('chat', body).inputTokens).toBe(readBytes(body));
    expect(wireBound('chat', { ...body, tools: [] }).inputTokens).toBe(readBytes({ ...body, tools: [] }));
    const withTool = { ...body, tools: [{ type: 'function', function: { name: 'f', parameters: {} } }] };
    expect(TOOL_USE_OVERHEAD_TOKENS).toBe(600);
    expect(wireBound('chat', withTool).inputTokens).toBe(readBytes(withTool) + 600);
  });

  it("a ttl: '1h' breakpoint is reserved at the 1-hour cache-write price, a 5-minute one at the 5-minute price", async () => {
    const price = {
      inputPerMillionTokens: 1_000_000,
      outputPerMillionTokens: 1_000_000,
      cacheWritePerMillionTokens: 1_250_000,
      cacheWrite1hPerMillionTokens: 2_000_000,
    };
    const reservedFor = async (ttl: '1h' | '5m') => {
      const { gw, reserved, bodies } = reservingGateway({ 'claude-sonnet-4-5': price });
      await generateText({
        model: gw.messages('claude-sonnet-4-5'),
        maxOutputTokens: 5,
        messages: [
          {
            role: 'system',
            content: 'Rules of the house. '.repeat(50),
            providerOptions: { unigate: { cacheControl: { type: 'ephemeral', ttl } } },
          },
          { role: 'user', content: 'Hi' },
        ],
        allowSystemInMessages: true,
      });
      return { reserved, bytes: readBytes(bodies.at(-1)!) };
    };
    const hour = await reservedFor('1h');
    expect(hour.reserved).toEqual([hour.bytes * 2 + 5]);
    const minutes = await reservedFor('5m');
    expect(minutes.reserved).toEqual([minutes.bytes * 1.25 + 5]);
  });
  it('a Claude model through chat without cache_control reserves the write price (the upper bound) and is charged its input price', async () => {
    const price = { ...PRICE, cacheWritePerMillionTokens: 1_250_000 };
    const { gw, reserved, bodies } = reservingGateway({ 'claude-sonnet-4-5': price });
    const result = await generateText({ model: gw.chat('claude-sonnet-4-5'), maxOutputTokens: 5, prompt: 'Hi' });
    expect(reserved).toEqual([readBytes(bodies.at(-1)!) * 1.25 + 5]);
    // Nothing was written (no breakpoint): every input token at the input price, and no estimate.
    const { inputTokens = Number.NaN, outputTokens = Number.NaN } = result.usage;
    expect(unigateCost(result)).toEqual({
      input: inputTokens,
      output: outputTokens,
      total: inputTokens + outputTokens,
      unit: 'credits',
    });
  });
});
