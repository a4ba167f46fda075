import type {
  LanguageModelV3,
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
} from '@ai-sdk/provider';
import { expect } from 'vitest';
import { failure } from './test-kit';

// Prompt parts as ai@7's adapter hands them to a V3 model: V4 forms the V3 types do not have, cast in.

/** A whole 1x1 PNG, so its type can be told from its bytes. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const PNG_BYTES = Uint8Array.from(atob(PNG_BASE64), c => c.charCodeAt(0));
export const IMAGE_URL = 'https://images.example/cat.png';
export const DOCUMENT = 'Quarterly notes\nRevenue: 12\n';
export const REFERENCE = { unigate: 'file-1' };

/** A file part whose `data` may be a V4 tagged object. */
export function v4File(data: unknown, mediaType: string): LanguageModelV3FilePart {
  return { type: 'file', data, mediaType } as LanguageModelV3FilePart;
}

export const textFile = (mediaType = 'text/plain') => v4File({ type: 'text', text: DOCUMENT }, mediaType);
export const referenceFile = (mediaType = 'image/png') =>
  v4File({ type: 'reference', reference: REFERENCE }, mediaType);

/** The refusal of `REFERENCE` at `where`, as both formats give it. */
export const referenceError = (where: string, form = '`reference` file data') =>
  `${where} is a file given by provider reference ${JSON.stringify(REFERENCE)} (${form}): the gateway keeps no ` +
  'files a reference could point to. Pass the file itself instead: bytes (a Uint8Array), a base64 string or a URL.';

/** An assistant turn with text between ai@7's `reasoning-file` and `custom` parts, as the adapter passes them. */
export const assistantWithV4Parts = {
  role: 'assistant',
  content: [
    { type: 'reasoning-file', data: { type: 'data', data: PNG_BYTES }, mediaType: 'image/png' },
    { type: 'text', text: 'Here is the chart.' },
    { type: 'custom', kind: 'acme.citation' },
  ],
} as unknown as LanguageModelV3Message;

/** The warnings for `assistantWithV4Parts` at prompt index `at` on `format`. */
export const v4PartWarnings = (at: number, format: string) => [
  {
    type: 'unsupported',
    feature: 'assistant reasoning-file part',
    details: `prompt[${at}].content[0] is an assistant reasoning-file part (image/png): the ${format} format has no place for it, so it was not sent.`,
  },
  {
    type: 'unsupported',
    feature: 'assistant custom part',
    details: `prompt[${at}].content[2] is an assistant custom part of kind "acme.citation": the ${format} format has no place for it, so it was not sent.`,
  },
];

/** A V4 tool-result `{type: 'file'}` item, which ai@7 passes through unconverted when its data is text. */
export const textFileItem = { type: 'file', data: { type: 'text', text: DOCUMENT }, mediaType: 'text/plain' };

/** A user message of any parts, V4 ones included. */
export const ask = (...content: unknown[]) => ({ role: 'user', content }) as LanguageModelV3Message;

/** A user question, a call of tool `report`, and its result with `value` as content output. */
export function toolTurns(value: unknown[]): LanguageModelV3Prompt {
  return [
    ask({ type: 'text', text: 'Read the report.' }),
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'report', input: {} }] },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'report', output: { type: 'content', value } }],
    },
  ] as LanguageModelV3Prompt;
}

/** Calls a V3 model on a prompt: what it sent, or the error it failed with before sending anything. */
export function promptKit(answering: () => { model: LanguageModelV3; requests: Array<{ body?: unknown }> }) {
  return {
    async sent(prompt: LanguageModelV3Prompt) {
      const { model, requests } = answering();
      const result = await model.doGenerate({ prompt });
      expect(requests).toHaveLength(1);
      return { messages: (requests[0].body as { messages: unknown[] }).messages, warnings: result.warnings };
    },
    async refused(prompt: LanguageModelV3Prompt) {
      const { model, requests } = answering();
      const error = await failure(model.doGenerate({ prompt }));
      expect(requests).toHaveLength(0);
      return error;
    },
  };
}

/** A user message of a question and `DOCUMENT` as inline text under each of `mediaTypes`. */
export const askAboutText = (...mediaTypes: string[]) =>
  ask({ type: 'text', text: 'Summarise:' }, ...mediaTypes.map(mediaType => textFile(mediaType)));

/**
 * The PNG and `IMAGE_URL` in each form ai@7's adapter may hand over: V4 tagged `data` (bytes and base64)
 * and `url`, and V3 bytes and URL, under a bare `image` and `image/png`. Both formats send them as: png,
 * png, url, png, url.
 */
export const imageForms = () => [
  v4File({ type: 'data', data: PNG_BYTES }, 'image'),
  v4File({ type: 'data', data: PNG_BASE64 }, 'image/png'),
  v4File({ type: 'url', url: new URL(IMAGE_URL) }, 'image'),
  v4File(PNG_BYTES, 'image'),
  v4File(new URL(IMAGE_URL), 'image'),
];
