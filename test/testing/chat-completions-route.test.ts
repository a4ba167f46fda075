import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../../src/testing/index';
import { checkJsonSchema } from './json-schema-check';

const NOW = Date.UTC(2025, 0, 1, 12);
const emulator = createUnigateEmulator({ now: () => NOW });
const HEADERS = { authorization: 'Bearer sk-unigate-emulator', 'content-type': 'application/json' };

type Body = Record<string, unknown>;

function post(body: Body | string) {
  return emulator.fetch('http://unigate.emulator/v1/chat/completions', {
    method: 'POST',
    headers: HEADERS,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function complete(body: Body) {
  const response = await post(body);
  return { status: response.status, json: await response.json() };
}

/** The `data:` payloads of a streamed answer, parsed (except `[DONE]`), and the raw text. */
async function stream(body: Body) {
  const response = await post({ ...body, stream: true });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const raw = await response.text();
  const data = raw
    .split('\n\n')
    .filter(event => event !== '')
    .map(event => {
      expect(event.startsWith('data: ')).toBe(true);
      return event.slice('data: '.length);
    });
  return { raw, data, chunks: data.filter(d => d !== '[DONE]').map(d => JSON.parse(d)) };
}

const user = (content: unknown) => ({ role: 'user', content });
const hello = { model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'Be brief.' }, user('Hello there')] };

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
      additionalProperties: false,
    },
  },
};
const timeTool = {
  type: 'function',
  function: {
    name: 'get_time',
    parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] },
  },
};

describe('chat completions: validation', () => {
  const cases: Array<[string, Body, string]> = [
    ['model missing', { messages: [user('Hi')] }, 'Invalid model: is required and must be a model id, got undefined'],
    [
      'messages missing',
      { model: 'gpt-4o-mini' },
      'Invalid messages: is required and must be a non-empty array, got undefined',
    ],
    [
      'messages empty',
      { model: 'gpt-4o-mini', messages: [] },
      'Invalid messages: is required and must be a non-empty array, got []',
    ],
    [
      'bad role',
      { model: 'gpt-4o-mini', messages: [{ role: 'robot', content: 'x' }] },
      'Invalid messages[0].role: must be one of system, developer, user, assistant, tool, got "robot"',
    ],
    [
      'temperature above 2',
      { ...hello, temperature: 2.5 },
      'Invalid temperature: must be a number from 0 to 2, got 2.5',
    ],
    [
      'temperature below 0',
      { ...hello, temperature: -0.1 },
      'Invalid temperature: must be a number from 0 to 2, got -0.1',
    ],
    [
      'temperature as string',
      { ...hello, temperature: '1' },
      'Invalid temperature: must be a number from 0 to 2, got "1"',
    ],
    ['top_p above 1', { ...hello, top_p: 1.5 }, 'Invalid top_p: must be a number from 0 to 1, got 1.5'],
    [
      'frequency_penalty',
      { ...hello, frequency_penalty: -3 },
      'Invalid frequency_penalty: must be a number from -2 to 2, got -3',
    ],
    [
      'presence_penalty',
      { ...hello, presence_penalty: 2.1 },
      'Invalid presence_penalty: must be a number from -2 to 2, got 2.1',
    ],
    [
      'five stops',
      { ...hello, stop: ['a', 'b', 'c', 'd', 'e'] },
      'Invalid stop: must be a string or an array of up to 4 strings, got ["a","b","c","d","e"]',
    ],
    ['stop number', { ...hello, stop: 3 }, 'Invalid stop: must be a string or an array of up to 4 strings, got 3'],
    ['n zero', { ...hello, n: 0 }, 'Invalid n: must be an integer from 1 to 8, got 0'],
    ['n fraction', { ...hello, n: 1.5 }, 'Invalid n: must be an integer from 1 to 8, got 1.5'],
    ['n nine', { ...hello, n: 9 }, 'Invalid n: must be an integer from 1 to 8, got 9'],
    ['max_tokens zero', { ...hello, max_tokens: 0 }, 'Invalid max_tokens: must be a positive integer, got 0'],
    ['max_tokens fraction', { ...hello, max_tokens: 2.5 }, 'Invalid max_tokens: must be a positive integer, got 2.5'],
    [
      'max_completion_tokens',
      { ...hello, max_completion_tokens: -1 },
      'Invalid max_completion_tokens: must be a positive integer, got -1',
    ],
    ['stream not boolean', { ...hello, stream: 'yes' }, 'Invalid stream: must be a boolean, got "yes"'],
    [
      'image url',
      { model: 'gpt-4o', messages: [user([{ type: 'image_url', image_url: { url: 'ftp://x/y.png' } }])] },
      'Invalid messages[0].content[0].image_url.url: must be an http(s) URL or a data:image/...;base64 URL, got "ftp://x/y.png"',
    ],
    [
      'unknown part',
      { model: 'gpt-4o', messages: [user([{ type: 'video', url: 'x' }])] },
      "Invalid messages[0].content[0].type: must be 'text' or 'image_url', got \"video\"",
    ],
    [
      'tool message without id',
      { model: 'gpt-4o', messages: [user('x'), { role: 'tool', content: '1' }] },
      'Invalid messages[1].tool_call_id: must be a string, got undefined',
    ],
    ['tools not array', { ...hello, tools: {} }, 'Invalid tools: must be an array of function tools, got {}'],
    [
      'tool name',
      { ...hello, tools: [{ type: 'function', function: { name: 'has space' } }] },
      'Invalid tools[0].function.name: must be 1-64 letters, digits, _ or -, got "has space"',
    ],
    [
      'named tool missing',
      { ...hello, tools: [weatherTool], tool_choice: { type: 'function', function: { name: 'nope' } } },
      'Invalid tool_choice.function.name: must name a tool in tools, got "nope"',
    ],
    [
      'required without tools',
      { ...hello, tool_choice: 'required' },
      'Invalid tool_choice: \'required\' needs at least one tool in tools, got "required"',
    ],
    [
      'response_format type',
      { ...hello, response_format: { type: 'xml' } },
      "Invalid response_format.type: must be 'text', 'json_object' or 'json_schema', got \"xml\"",
    ],
    [
      'json_schema without name',
      { ...hello, response_format: { type: 'json_schema', json_schema: { schema: {} } } },
      'Invalid response_format.json_schema: must be {name, schema, strict?}, got {"schema":{}}',
    ],
  ];

  it.each(cases)('answers 400 naming the parameter: %s', async (_name, body, message) => {
    const { status, json } = await complete(body);
    expect(status).toBe(400);
    expect(json).toEqual({ error: { type: 'invalid_request_error', message, code: 400 } });
  });

  it('accepts the documented boundaries and nulls for optional parameters', async () => {
    const limits = {
      temperature: 2,
      top_p: 0,
      frequency_penalty: -2,
      presence_penalty: 2,
      stop: ['a', 'b', 'c', 'd'],
      n: 8,
      max_tokens: 1,
    };
    expect((await complete({ ...hello, ...limits })).status).toBe(200);
    expect(
      (await complete({ ...hello, temperature: 0, top_p: 1, stop: null, n: null, tools: null, user: 'u-1', seed: 7 }))
        .status,
    ).toBe(200);
  });

  it('answers 404 for an unknown model and 400 for a model that is not a chat model', async () => {
    expect(await complete({ ...hello, model: 'gpt-9' })).toEqual({
      status: 404,
      json: { error: { type: 'not_found_error', message: "Unknown model 'gpt-9'", code: 404 } },
    });
    expect(await complete({ ...hello, model: 'tts-1' })).toEqual({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          message: "Invalid model: 'tts-1' is an audio model, not a chat model",
          code: 400,
        },
      },
    });
  });
});

describe('chat completions: unknown message fields', () => {
  const toolTurn = (extra: Body = {}) => ({
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    ...extra,
  });
  const conversation = (model: string, turn: Body, first: Body = user('Weather in Paris?')) => ({
    model,
    messages: [first, turn, { role: 'tool', tool_call_id: 'call_1', content: '21C' }],
  });

  it('a model that neither reasons nor takes reasoning back answers 400 to reasoning_content, as strict upstreams do', async () => {
    expect(await complete(conversation('gpt-4o', toolTurn({ reasoning_content: 'Ask the tool.' })))).toEqual({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          message:
            'Invalid messages[1].reasoning_content: gpt-4o takes no such message field (unknown message fields are refused)',
          code: 400,
        },
      },
    });
    // The same turn without it is answered.
    expect((await complete(conversation('gpt-4o', toolTurn()))).status).toBe(200);
  });

  it('names the first field outside its role’s schema, on any role, and takes the schema’s own fields', async () => {
    const refused = await complete(conversation('gpt-4o-mini', toolTurn(), { ...user('Hi'), cache_control: {} }));
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(
      'Invalid messages[0].cache_control: gpt-4o-mini takes no such message field (unknown message fields are refused)',
    );
    const known = conversation('gpt-4o-mini', toolTurn({ name: 'bot', refusal: null }), { ...user('Hi'), name: 'ann' });
    expect((await complete(known)).status).toBe(200);
  });

  it.each(['deepseek-reasoner', 'kimi-k2-thinking', 'deepseek-chat', 'deepseek-v3.1:free', 'glm-4.6', 'glm-4.5-air'])(
    '%s takes reasoning_content back',
    async model => {
      expect((await complete(conversation(model, toolTurn({ reasoning_content: 'Ask the tool.' })))).status).toBe(200);
    },
  );
});

describe('chat completions: answers', () => {
  it('answers a deterministic chat.completion from the last user message', async () => {
    const first = await complete(hello);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      id: expect.stringMatching(/^chatcmpl-[0-9a-f]{8}$/),
      object: 'chat.completion',
      created: NOW / 1000,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'You said: Hello there' }, finish_reason: 'stop' }],
      // Prompt: Be | brief | . + Hello | there; completion: You | said | : | Hello | there.
      usage: { prompt_tokens: 3 + 2, completion_tokens: 5, total_tokens: 10 },
    });
    expect((await complete(hello)).json).toEqual(first.json);
    const other = await complete({ ...hello, messages: [user('Something else')] });
    expect(other.json.id).not.toBe(first.json.id);
    expect(other.json.choices[0].message.content).toBe('You said: Something else');
  });

  it('answers the latest user turn of a multi-turn history', async () => {
    const { json } = await complete({
      model: 'gpt-4o',
      messages: [
        user('First question'),
        { role: 'assistant', content: 'You said: First question' },
        user('Second one'),
      ],
    });
    expect(json.choices[0].message.content).toBe('You said: Second one');
    expect(json.usage.prompt_tokens).toBe(2 + 5 + 2);
  });

  it('gives n different choices and sums their completion tokens', async () => {
    const { json } = await complete({ model: 'gpt-4o-mini', messages: [user('Hi')], n: 3 });
    expect(
      json.choices.map((c: { index: number; message: { content: string } }) => [c.index, c.message.content]),
    ).toEqual([
      [0, 'You said: Hi'],
      [1, 'Alternative 2: You said: Hi'],
      [2, 'Alternative 3: You said: Hi'],
    ]);
    // You | said | : | Hi, and Alternative | 2 | : | You | said | : | Hi twice.
    expect(json.usage).toEqual({ prompt_tokens: 1, completion_tokens: 4 + 7 + 7, total_tokens: 19 });
  });

  it('cuts at the earliest stop string with finish_reason stop', async () => {
    const { json } = await complete({
      model: 'gpt-4o-mini',
      messages: [user('alpha beta gamma')],
      stop: ['gamma', 'beta'],
    });
    expect(json.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: 'You said: alpha ' },
      finish_reason: 'stop',
    });
    expect(json.usage.completion_tokens).toBe(4);
    const single = await complete({ model: 'gpt-4o-mini', messages: [user('alpha beta')], stop: 'alpha' });
    expect(single.json.choices[0].message.content).toBe('You said: ');
  });

  it('keeps max_tokens tokens with finish_reason length', async () => {
    // "You said: one two three four" is You | said | : | one | two | three | four.
    const { json } = await complete({ model: 'gpt-4o-mini', messages: [user('one two three four')], max_tokens: 4 });
    expect(json.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: 'You said: one' },
      finish_reason: 'length',
    });
    expect(json.usage.completion_tokens).toBe(4);
    // Exactly max_tokens tokens is not cut: "You said: one two" is 5.
    const enough = await complete({ model: 'gpt-4o-mini', messages: [user('one two')], max_tokens: 5 });
    expect(enough.json.choices[0]).toMatchObject({ message: { content: 'You said: one two' }, finish_reason: 'stop' });
    // The colon is a token of its own.
    const viaNewName = await complete({ model: 'gpt-4o-mini', messages: [user('one two')], max_completion_tokens: 2 });
    expect(viaNewName.json.choices[0]).toMatchObject({ message: { content: 'You said' }, finish_reason: 'length' });
    expect(viaNewName.json.usage.completion_tokens).toBe(2);
    // A stop string inside the budget wins; one beyond it does not.
    const stopFirst = await complete({
      model: 'gpt-4o-mini',
      messages: [user('one two three')],
      max_tokens: 4,
      stop: 'one',
    });
    expect(stopFirst.json.choices[0].finish_reason).toBe('stop');
    const lengthFirst = await complete({
      model: 'gpt-4o-mini',
      messages: [user('one two three')],
      max_tokens: 4,
      stop: 'three',
    });
    expect(lengthFirst.json.choices[0]).toMatchObject({
      message: { content: 'You said: one' },
      finish_reason: 'length',
    });
  });

  it('acknowledges image parts given by URL or data URL and counts them in the prompt', async () => {
    const { json } = await complete({
      model: 'gpt-4o',
      messages: [
        user([
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ]),
      ],
    });
    expect(json.choices[0].message.content).toBe('I see 2 images. You said: What is this?');
    expect(json.usage.prompt_tokens).toBe(4 + 2 * 85); // What | is | this | ? and two images
  });

  it('adds reasoning_content and reasoning_tokens for deepseek-reasoner', async () => {
    const { json } = await complete({ model: 'deepseek-reasoner', messages: [user('Why is the sky blue?')] });
    // The prompt is Why | is | the | sky | blue | ?; the reasoning 17 tokens: 14 words, a number, ". , .".
    const reasoning = 'Let me think. The request has 6 tokens, so I will answer it directly.';
    expect(json.choices[0].message).toEqual({
      role: 'assistant',
      content: 'You said: Why is the sky blue?',
      reasoning_content: reasoning,
    });
    expect(json.usage).toEqual({
      prompt_tokens: 6,
      completion_tokens: 9 + 17,
      total_tokens: 32,
      completion_tokens_details: { reasoning_tokens: 17 },
    });
  });

  it('answers JSON valid against a json_schema response format', async () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 12 },
        rating: { type: 'integer', minimum: 1, maximum: 5 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        mood: { enum: ['happy', 'sad'] },
      },
      required: ['title', 'rating', 'tags', 'mood'],
      additionalProperties: false,
    };
    const { json } = await complete({
      model: 'gpt-4o-mini',
      messages: [user('Review the film Arrival')],
      response_format: { type: 'json_schema', json_schema: { name: 'review', schema, strict: true } },
    });
    const content = JSON.parse(json.choices[0].message.content);
    expect(checkJsonSchema(schema, content)).toEqual([]);
    // The film's name for the title, the prompt's content words for the tags (not the whole prompt).
    expect(content).toEqual({ title: 'Arrival', rating: 1, tags: ['Arrival', 'film'], mood: 'happy' });
    expect(json.choices[0].finish_reason).toBe('stop');
  });

  it('answers a JSON object for json_object', async () => {
    const { json } = await complete({
      model: 'gpt-4o-mini',
      messages: [user('Hi')],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(json.choices[0].message.content)).toEqual({ reply: 'You said: Hi' });
  });
});

describe('chat completions: tools', () => {
  const ask = user('Weather in Paris?');
  const toolTurn = {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
  };
  const toolResult = { role: 'tool', tool_call_id: 'call_1', content: '{"temperature":21}' };

  it('calls the first tool on a user turn with schema-valid arguments (tool_choice auto or absent)', async () => {
    for (const extra of [{}, { tool_choice: 'auto' }]) {
      const { json } = await complete({
        model: 'gpt-4o-mini',
        messages: [ask],
        tools: [weatherTool, timeTool],
        ...extra,
      });
      expect(json.choices).toEqual([
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ]);
      const args = JSON.parse(json.choices[0].message.tool_calls[0].function.arguments);
      expect(checkJsonSchema(weatherTool.function.parameters, args)).toEqual([]);
      // get_weather, then { " city " : " Paris " , " unit " : " celsius " }.
      expect(json.usage.completion_tokens).toBe(1 + 17);
    }
  });

  it('answers in text naming the tool result once the last message is a tool result (a 2-step loop)', async () => {
    const { json } = await complete({
      model: 'gpt-4o-mini',
      messages: [ask, toolTurn, toolResult],
      tools: [weatherTool],
    });
    expect(json.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: 'The get_weather tool returned: {"temperature":21}' },
      finish_reason: 'stop',
    });
  });

  it('always calls with required, numbering ids after the calls in the history', async () => {
    const { json } = await complete({
      model: 'gpt-4o-mini',
      messages: [ask, toolTurn, toolResult],
      tools: [weatherTool],
      tool_choice: 'required',
    });
    expect(json.choices[0].finish_reason).toBe('tool_calls');
    expect(json.choices[0].message.tool_calls[0].id).toBe('call_2');
  });

  it('calls the named function, and never calls with none', async () => {
    const named = await complete({
      model: 'gpt-4o-mini',
      messages: [user('Time in Tokyo')],
      tools: [weatherTool, timeTool],
      tool_choice: { type: 'function', function: { name: 'get_time' } },
    });
    expect(named.json.choices[0].message.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_time', arguments: '{"zone":"Tokyo"}' } },
    ]);
    const none = await complete({ model: 'gpt-4o-mini', messages: [ask], tools: [weatherTool], tool_choice: 'none' });
    expect(none.json.choices[0]).toMatchObject({
      message: { content: 'You said: Weather in Paris?' },
      finish_reason: 'stop',
    });
  });

  it('generates arguments valid against a nested schema', async () => {
    const parameters = {
      type: 'object',
      properties: {
        order: {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              minItems: 2,
              items: {
                type: 'object',
                properties: { sku: { type: 'string', minLength: 3 }, qty: { type: 'integer', minimum: 1, maximum: 9 } },
                required: ['sku', 'qty'],
              },
            },
            express: { type: 'boolean' },
            note: { type: ['string', 'null'] },
          },
          required: ['items', 'express'],
        },
        priority: { type: 'string', enum: ['low', 'high'] },
      },
      required: ['order', 'priority'],
    };
    const { json } = await complete({
      model: 'gpt-4o-mini',
      messages: [user('Order two pizzas')],
      tools: [{ type: 'function', function: { name: 'place_order', parameters } }],
      tool_choice: 'required',
    });
    const args = JSON.parse(json.choices[0].message.tool_calls[0].function.arguments);
    expect(checkJsonSchema(parameters, args)).toEqual([]);
    expect(args.order.items).toHaveLength(2);
  });

  it('calls a tool without parameters with an empty object', async () => {
    const { json } = await complete({
      model: 'gpt-4o-mini',
      messages: [user('Now')],
      tools: [{ type: 'function', function: { name: 'now' } }],
    });
    expect(json.choices[0].message.tool_calls[0].function).toEqual({ name: 'now', arguments: '{}' });
  });

  it('calls every tool with the parallel-tools marker unless parallel_tool_calls is false', async () => {
    const body = {
      model: 'gpt-4o-mini',
      messages: [user('Both [[emulator:parallel-tools]]')],
      tools: [weatherTool, timeTool],
    };
    const parallel = await complete(body);
    expect(parallel.json.choices[0].message.tool_calls).toEqual([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Both","unit":"celsius"}' },
      },
      { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{"zone":"Both"}' } },
    ]);
    const single = await complete({ ...body, parallel_tool_calls: false });
    expect(single.json.choices[0].message.tool_calls).toHaveLength(1);
  });

  it('gives each of n choices its own call id', async () => {
    const { json } = await complete({ model: 'gpt-4o-mini', messages: [ask], tools: [weatherTool], n: 2 });
    expect(
      json.choices.map((c: { message: { tool_calls: Array<{ id: string }> } }) => c.message.tool_calls[0].id),
    ).toEqual(['call_1', 'call_2']);
  });
});

describe('chat completions: streaming', () => {
  it('streams the same text word by word, role first, finish_reason last, then [DONE]', async () => {
    const body = { model: 'gpt-4o-mini', messages: [user('one two three four')] };
    const expected = (await complete(body)).json;
    const { data, chunks } = await stream(body);
    expect(data.at(-1)).toBe('[DONE]');
    expect(chunks[0].id).toMatch(/^chatcmpl-[0-9a-f]{8}$/);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({
        id: chunks[0].id,
        object: 'chat.completion.chunk',
        created: NOW / 1000,
        model: 'gpt-4o-mini',
      });
      expect('usage' in chunk).toBe(false);
    }
    expect(chunks[0].choices).toEqual([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    const content = chunks.map(c => c.choices[0].delta.content ?? '');
    expect(content.filter(c => c !== '')).toEqual(['You', ' said:', ' one', ' two', ' three', ' four']);
    expect(content.join('')).toBe(expected.choices[0].message.content);
    expect(chunks.at(-1)!.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }]);
  });

  it('sends usage: null on each chunk and a final usage chunk with include_usage', async () => {
    const body = { model: 'gpt-4o-mini', messages: [user('one two')], stream_options: { include_usage: true } };
    const { chunks, data } = await stream(body);
    const usageChunk = chunks.at(-1)!;
    expect(usageChunk).toEqual({
      id: expect.any(String),
      object: 'chat.completion.chunk',
      created: NOW / 1000,
      model: 'gpt-4o-mini',
      choices: [],
      usage: { prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 },
    });
    for (const chunk of chunks.slice(0, -1)) expect(chunk.usage).toBeNull();
    expect(chunks.at(-2)!.choices[0].finish_reason).toBe('stop');
    expect(data.at(-1)).toBe('[DONE]');
  });

  it('streams reasoning_content before content for deepseek-reasoner', async () => {
    const { chunks } = await stream({
      model: 'deepseek-reasoner',
      messages: [user('Why?')],
      stream_options: { include_usage: true },
    });
    const deltas: Array<{ content?: string; reasoning_content?: string }> = chunks
      .filter(c => c.choices.length > 0)
      .map(c => c.choices[0].delta);
    const firstContent = deltas.findIndex(d => typeof d.content === 'string' && d.content !== '');
    const lastReasoning = deltas.map(d => d.reasoning_content !== undefined).lastIndexOf(true);
    expect(lastReasoning).toBeGreaterThan(0);
    expect(lastReasoning).toBeLessThan(firstContent);
    expect(deltas.map(d => d.reasoning_content ?? '').join('')).toBe(
      'Let me think. The request has 2 tokens, so I will answer it directly.',
    );
    expect(chunks.at(-1)!.usage.completion_tokens_details).toEqual({ reasoning_tokens: 17 });
  });

  it('streams tool-call arguments in several pieces keyed by index, id and name only first', async () => {
    const body = { model: 'gpt-4o-mini', messages: [user('Weather in Paris?')], tools: [weatherTool] };
    const expected = (await complete(body)).json.choices[0].message.tool_calls[0];
    const { chunks } = await stream(body);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: null });
    const pieces = chunks.flatMap(c => c.choices[0].delta.tool_calls ?? []);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces[0]).toEqual({
      index: 0,
      id: 'call_1',
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    for (const piece of pieces.slice(1)) expect(Object.keys(piece).sort()).toEqual(['function', 'index']);
    expect(pieces.every(p => p.index === 0)).toBe(true);
    expect(pieces.map(p => p.function.arguments).join('')).toBe(expected.function.arguments);
    expect(chunks.at(-1)!.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'tool_calls' });
  });

  it('streams several tool calls with their own index', async () => {
    const { chunks } = await stream({
      model: 'gpt-4o-mini',
      messages: [user('x [[emulator:parallel-tools]]')],
      tools: [weatherTool, timeTool],
    });
    const pieces = chunks.flatMap(c => c.choices[0].delta.tool_calls ?? []);
    const byIndex = (i: number) => pieces.filter(p => p.index === i);
    expect(byIndex(0)[0].function.name).toBe('get_weather');
    expect(byIndex(1)[0].function.name).toBe('get_time');
    expect(
      JSON.parse(
        byIndex(1)
          .map(p => p.function.arguments)
          .join(''),
      ),
    ).toEqual({ zone: 'x' });
  });

  it('streams each of n choices with its own index and finish_reason', async () => {
    const { chunks } = await stream({ model: 'gpt-4o-mini', messages: [user('Hi')], n: 2 });
    for (const index of [0, 1]) {
      const own = chunks.filter(c => c.choices[0].index === index);
      expect(own[0].choices[0].delta.role).toBe('assistant');
      expect(own.map(c => c.choices[0].delta.content ?? '').join('')).toBe(
        index === 0 ? 'You said: Hi' : 'Alternative 2: You said: Hi',
      );
      expect(own.at(-1)!.choices[0].finish_reason).toBe('stop');
    }
  });

  it('spreads compact JSON content over several chunks', async () => {
    const { chunks } = await stream({
      model: 'gpt-4o-mini',
      messages: [user('A fairly long prompt for JSON')],
      response_format: { type: 'json_object' },
    });
    const content = chunks.map(c => c.choices[0]?.delta.content ?? '').filter(c => c !== '');
    expect(content.length).toBeGreaterThan(2);
    expect(JSON.parse(content.join(''))).toEqual({ reply: 'You said: A fairly long prompt for JSON' });
  });
});

describe('chat completions: fault markers', () => {
  it('answers the status of [[emulator:status:NNN]] in the chat error shape', async () => {
    expect(await complete({ model: 'gpt-4o-mini', messages: [user('Hi [[emulator:status:500]]')] })).toEqual({
      status: 500,
      json: { error: { type: 'server_error', message: 'Emulated HTTP 500 ([[emulator:status:500]])', code: 500 } },
    });
    const limited = await complete({
      model: 'gpt-4o-mini',
      messages: [user('[[emulator:status:429]] Hi')],
      stream: true,
    });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ type: 'rate_limit_error', code: 429 });
  });

  it('sends an error object mid-stream with [[emulator:stream-error]]', async () => {
    const { data, chunks } = await stream({
      model: 'gpt-4o-mini',
      messages: [user('one two three [[emulator:stream-error]]')],
    });
    expect(data).not.toContain('[DONE]');
    expect(chunks.at(-1)).toEqual({
      error: { type: 'server_error', message: 'Emulated stream error ([[emulator:stream-error]])', code: 500 },
    });
    expect(chunks.filter(c => c.choices?.[0]?.delta.content).length).toBeGreaterThan(0);
  });

  it('ends the stream after whole chunks, with no finish_reason and no [DONE], with [[emulator:cut]]', async () => {
    const { data, chunks } = await stream({
      model: 'gpt-4o-mini',
      messages: [user('one two three four five six [[emulator:cut]]')],
    });
    expect(data).not.toContain('[DONE]');
    expect(chunks.filter(c => c.choices?.[0]?.delta.content).length).toBeGreaterThan(0);
    expect(chunks.map(c => c.choices?.[0]?.finish_reason ?? null)).toEqual(chunks.map(() => null));
    expect(chunks.map(c => c.choices?.[0]?.delta.content ?? '').join('')).not.toContain('[[emulator');
  });

  it('ends the stream inside a data line with [[emulator:truncate]]', async () => {
    const response = await post({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [user('one two three [[emulator:truncate]]')],
    });
    const raw = await response.text();
    expect(raw).not.toContain('[DONE]');
    const last = raw.split('\n\n').at(-1)!;
    expect(last.startsWith('data: {')).toBe(true);
    expect(() => JSON.parse(last.slice(6))).toThrow();
  });

  it('cuts a non-streamed body in half with [[emulator:truncate]], and does not echo markers', async () => {
    const response = await post({ model: 'gpt-4o-mini', messages: [user('Hi [[emulator:truncate]]')] });
    expect(response.status).toBe(200);
    await expect(response.clone().json()).rejects.toThrow();
    expect(await response.text()).toMatch(/^\{"id":"chatcmpl-/);
    const clean = await complete({ model: 'gpt-4o-mini', messages: [user('Hi [[emulator:stream-error]]')] });
    expect(clean.json.choices[0].message.content).toBe('You said: Hi');
  });
});
