import { InvalidPromptError, UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { generateText, type ModelMessage } from 'ai';
import aiPackage from 'ai/package.json';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers/test-kit';
import { recordingGateway } from './helpers/emulator-gateway';
import { spec } from './helpers/spec';
import { DOCUMENT, IMAGE_URL, PNG_BYTES, REFERENCE, referenceError, v4PartWarnings } from './helpers/v4-prompt-parts';

// End to end through the real `ai` package: ai@6 and the root entry in the Node 20 lane, ai@7 and
// /v4's V4 models (which take V4 file data as it is) in the Node 22 lane. The V4 forms are sent only
// under ai@7; under ai@6 each test shows the SDK refusing them, or sends the V3 form of the same content.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const major = Number(aiPackage.version.split('.')[0]);

// ModelMessage of either major: the V4 forms are not in ai@6's types.
const messagesOf = (messages: unknown) => messages as ModelMessage[];
const formats = [
  ['chat completions', (gw: ReturnType<typeof recordingGateway>['gw']) => gw('gpt-4o-mini')],
  ['the messages format', (gw: ReturnType<typeof recordingGateway>['gw']) => gw.messages('claude-sonnet-4-5')],
] as const;

/** Asks the model about one file part, after a text part. */
const askWith = (model: Parameters<typeof generateText>[0]['model'], file: unknown) =>
  generateText({ model, messages: messagesOf([{ role: 'user', content: [{ type: 'text', text: 'Look:' }, file] }]) });

/** Under ai@6 a V4 form never reaches the model: the SDK's prompt check refuses it before any request. */
async function refusedByAi6(call: Promise<unknown>, bodies: unknown[]) {
  const error = await failure(call);
  expect(InvalidPromptError.isInstance(error)).toBe(true);
  expect(error.message).toContain('The messages do not match the ModelMessage[] schema.');
  expect(bodies).toHaveLength(0);
}

describe.each(formats)(`V4 file data on %s, through ai@${major}`, (format, modelOf) => {
  it("sends an inline text file ({type: 'text'}) as text", async () => {
    const { gw, bodies } = recordingGateway();
    const call = askWith(modelOf(gw), {
      type: 'file',
      data: { type: 'text', text: DOCUMENT },
      mediaType: 'text/plain',
    });
    if (major < 7) return refusedByAi6(call, bodies);
    await call;
    expect(bodies[0].messages[0].content).toEqual([
      { type: 'text', text: 'Look:' },
      { type: 'text', text: DOCUMENT },
    ]);
  });

  it("refuses a provider reference, as {type: 'reference'} or a bare reference object, before any request", async () => {
    for (const data of [{ type: 'reference', reference: REFERENCE }, REFERENCE]) {
      const { gw, bodies } = recordingGateway();
      const call = askWith(modelOf(gw), { type: 'file', data, mediaType: 'image' });
      if (major < 7) {
        await refusedByAi6(call, bodies);
        continue;
      }
      const error = await failure(call);
      expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
      expect(error.message).toBe(referenceError('prompt[0].content[1]'));
      expect(bodies).toHaveLength(0);
    }
  });

  it('sends a text file in a tool result as text, in the same body as the V3 text item of ai@6', async () => {
    const { gw, bodies } = recordingGateway();
    const item =
      major >= 7
        ? { type: 'file', data: { type: 'text', text: DOCUMENT }, mediaType: 'text/plain' }
        : { type: 'text', text: DOCUMENT };
    await generateText({
      model: modelOf(gw),
      messages: messagesOf([
        { role: 'user', content: 'Read the report.' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'report', input: {} }] },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'c1', toolName: 'report', output: { type: 'content', value: [item] } },
          ],
        },
      ]),
    });
    expect(bodies[0].messages.at(-1)).toEqual(
      format === 'chat completions'
        ? { role: 'tool', tool_call_id: 'c1', content: DOCUMENT }
        : {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: DOCUMENT }] }],
          },
    );
  });

  it("leaves out ai@7's assistant reasoning-file and custom parts with a warning each", async () => {
    const { gw, bodies } = recordingGateway();
    const call = generateText({
      model: modelOf(gw),
      messages: messagesOf([
        { role: 'user', content: 'Chart it.' },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning-file', data: PNG_BYTES, mediaType: 'image/png' },
            { type: 'text', text: 'Here is the chart.' },
            { type: 'custom', kind: 'acme.citation' },
          ],
        },
        { role: 'user', content: 'Thanks' },
      ]),
    });
    if (major < 7) return refusedByAi6(call, bodies);
    const { warnings } = await call;
    expect(warnings).toEqual(v4PartWarnings(1, format === 'chat completions' ? 'chat-completions' : 'messages'));
    const assistant = bodies[0].messages[1];
    expect(assistant).toEqual(
      format === 'chat completions'
        ? { role: 'assistant', content: 'Here is the chart.' }
        : { role: 'assistant', content: [{ type: 'text', text: 'Here is the chart.' }] },
    );
  });
});

describe(`tool result files on the messages format, through ai@${major}`, () => {
  it('sends an image URL file as an image URL block; refuses a provider reference naming it', async () => {
    const { gw, bodies } = recordingGateway();
    const urlItem =
      major >= 7
        ? { type: 'file', data: { type: 'url', url: new URL(IMAGE_URL) }, mediaType: 'image/png' }
        : { type: 'file-url', url: IMAGE_URL, mediaType: 'image/png' };
    const referenceItem =
      major >= 7
        ? { type: 'file', data: { type: 'reference', reference: REFERENCE }, mediaType: 'image/png' }
        : { type: 'file-id', fileId: REFERENCE };
    const turns = (value: unknown[]) =>
      messagesOf([
        { role: 'user', content: 'Show the chart.' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'chart', input: {} }] },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'chart', output: { type: 'content', value } }],
        },
      ]);
    await generateText({ model: gw.messages('claude-sonnet-4-5'), messages: turns([urlItem]) });
    expect(bodies[0].messages.at(-1).content[0].content).toEqual([
      { type: 'image', source: { type: 'url', url: IMAGE_URL } },
    ]);
    const error = await failure(
      generateText({ model: gw.messages('claude-sonnet-4-5'), messages: turns([referenceItem]) }),
    );
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      // ai@7's adapter hands a V3 model (the root's) a file-id item for it; a V4 model gets the data itself.
      spec === 'v4'
        ? referenceError('prompt[2].content[0].output.value[0]')
        : referenceError(
            'prompt[2].content[0].output.value[0]',
            'a file-id item, the form ai@7 gives `reference` file data in tool results',
          ),
    );
    expect(bodies).toHaveLength(1);
  });
});
