import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { completion, answering as chatAnswering } from '../chat/chat-fixtures';
import { expectInvalidArgument } from '../helpers/invalid-argument';
import { message, answering as messagesAnswering } from '../messages/messages-test-kit';

// A malformed explicit cache breakpoint fails before any request on both formats, with the same error:
// the chat format sends no breakpoints, but used to let a malformed one through without a word, so the
// mistake surfaced only once the code moved to a messages model.

const SHAPE = "expected { type: 'ephemeral', ttl?: '5m' | '1h' }";
const tool: LanguageModelV3FunctionTool = {
  type: 'function',
  name: 'time',
  inputSchema: { type: 'object', properties: {} },
};
const conversation = (marker: SharedV3ProviderOptions): LanguageModelV3Prompt => [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'What time is it?' }] },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'time', input: '{}' }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'time',
        output: { type: 'text', value: '12:00' },
        providerOptions: marker,
      },
    ],
  },
];

// Each case: the call, the argument the error names, and its exact message.
const CASES: Array<[string, Pick<LanguageModelV3CallOptions, 'prompt' | 'tools'>, string, string]> = [
  [
    'a system message, type',
    {
      prompt: [
        {
          role: 'system',
          content: 'Be brief.',
          providerOptions: { unigate: { cacheControl: { type: 'persistent' } } },
        },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      ],
    },
    'prompt[0].providerOptions.unigate.cacheControl.type',
    'the only cache type is "ephemeral"; received "persistent"',
  ],
  [
    'a message, ttl',
    {
      prompt: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Hi' }],
          providerOptions: { unigate: { cacheControl: { type: 'ephemeral', ttl: '2h' } } },
        },
      ],
    },
    'prompt[0].providerOptions.unigate.cacheControl.ttl',
    'the gateway accepts "5m" or "1h"; received "2h"',
  ],
  [
    "a tool result part, in @ai-sdk/anthropic's spelling",
    { prompt: conversation({ anthropic: { cache_control: 'ephemeral' } }) },
    'prompt[3].content[0].providerOptions.anthropic.cache_control',
    `${SHAPE}; received "ephemeral"`,
  ],
  [
    'a tool',
    {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      tools: [{ ...tool, providerOptions: { unigate: { cacheControl: null } } }],
    },
    'tools[0].providerOptions.unigate.cacheControl',
    `${SHAPE}; received null`,
  ],
];

const FORMATS: Array<[string, () => { model: LanguageModelV3; requests: unknown[] }]> = [
  ['chat completions', () => chatAnswering(completion({ content: 'Noon.' }))],
  ['messages', () => messagesAnswering(message())],
];

describe.each(FORMATS)('a malformed cacheControl on the %s format', (_format, make) => {
  it.each(CASES)('on %s fails before any request, generate and stream alike', async (_where, call, argument, rule) => {
    const { model, requests } = make();
    const expected = `Invalid argument ${argument}: ${rule}.`;
    await expectInvalidArgument(model.doGenerate(call), argument, expected);
    await expectInvalidArgument(model.doStream(call), argument, expected);
    expect(requests).toHaveLength(0);
  });
});

describe('a well-formed cacheControl on the chat completions format', () => {
  it('is accepted and sends nothing: the body is the one without it', async () => {
    const marker = { unigate: { cacheControl: { type: 'ephemeral', ttl: '1h' } } };
    const { model, requests } = chatAnswering(completion({ content: 'Noon.' }));
    await model.doGenerate({ prompt: conversation(marker), tools: [{ ...tool, providerOptions: marker }] });
    await model.doGenerate({ prompt: conversation({}), tools: [tool] });
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual(requests[1]);
    expect(JSON.stringify(requests[0])).not.toContain('cache');
  });
});
