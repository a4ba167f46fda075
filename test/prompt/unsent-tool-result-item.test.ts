import type { LanguageModelV3Prompt, SharedV3Warning } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { convertToChatMessages } from '../../src/chat/convert-to-chat-messages';
import { convertToMessagesPrompt } from '../../src/messages/convert-to-messages-prompt';

// A tool result whose content holds a provider-specific `custom` item (both specs allow one): neither
// wire format has a place for it, so it is left out with a warning and the other items are sent.
const prompt: LanguageModelV3Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'Look it up.' }] },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: { q: 'tides' } }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'lookup',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'High tide at 06:12.' },
            { type: 'custom', providerOptions: { acme: { ref: 'x1' } } },
          ],
        },
      },
    ],
  },
];

const warning = (format: string): SharedV3Warning => ({
  type: 'unsupported',
  feature: 'tool result custom item',
  details:
    `prompt[2].content[0].output.value[1] is a custom tool result item: the ${format} format has no ` +
    'place for it, so it was not sent.',
});

describe('a custom item in a tool result', () => {
  it('chat completions: the tool message carries the other items, and a warning names the custom one', () => {
    const warnings: SharedV3Warning[] = [];
    const messages = convertToChatMessages(prompt, undefined, warnings);
    expect(messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call-1', content: 'High tide at 06:12.' });
    expect(warnings).toEqual([warning('chat-completions')]);
  });

  it('messages: the tool_result block carries the other items, and a warning names the custom one', () => {
    const converted = convertToMessagesPrompt(prompt);
    expect(converted.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'call-1', content: [{ type: 'text', text: 'High tide at 06:12.' }] },
      ],
    });
    expect(converted.warnings).toEqual([warning('messages')]);
  });
});
