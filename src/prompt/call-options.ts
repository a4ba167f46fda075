import {
  InvalidPromptError,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FunctionTool,
  type LanguageModelV3ToolResultPart,
  type SharedV3ProviderOptions,
  type SharedV3Warning,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import { convertBase64ToUint8Array, convertUint8ArrayToBase64 } from '@ai-sdk/provider-utils';
import { z } from 'zod/v4';
import { checkInteger, checkOneOf, failArgument } from '../checks/validate-argument';
import { isObjectRecord } from '../checks/values';
import type { ResumeSettings, UnigateResume, UnigateResumeMode } from '../resume/resume-types';
import { accessorCall, NON_CHAT_MODEL_IDS } from '../settings/model-kind';

// What a call's options carry besides its body's shape, read and checked the same way for every format
// (their shapes are the AI SDK's call options):
// - `providerOptions.unigate`, parsed per model kind, with the resume settings' values at provider and
//   call level, and ai@7's `reasoning` option;
// - the call options a kind's endpoint cannot take (an `unsupported` warning each), and the texts it requires;
// - the prompt's parts: file part data in the one shape both wire formats convert from, the advice for a
//   file no prompt can carry, the error or warning for a part the wire cannot carry;
// - base64 data (audio to transcribe, base64 embeddings), decoded once;
// - prompt-caching breakpoints: the explicit markers on parts, messages and tools, and their wire shape.

// The resume settings' values, at provider and call level, and the check of the `resumed` metadata the
// resume writes (their types: src/resume/resume-types.ts, a leaf).

/** The values of `resume`. */
export const RESUME_MODES: readonly UnigateResumeMode[] = ['auto', 'off'];
/**
 * The limits of `maxResumes`: each resume resends the whole prompt, and a stream that fails ten times in a
 * row is failing for a reason a resume will not mend.
 */
export const MAX_RESUMES = { min: 0, max: 10, by: 'provider' } as const;
/** The limits of `streamIdleMs` (ms). */
export const STREAM_IDLE_MS = { min: 1, max: 3_600_000, by: 'provider' } as const;
/** `streamIdleMs` when neither the provider nor the call sets it: two minutes. */
export const DEFAULT_STREAM_IDLE_MS = 120_000;

const RESUME_REASONS: readonly string[] = ['connection-closed', 'ended-early', 'error-event', 'malformed-chunk'];

/** `value` is a `resumed` list as this package writes it into metadata. */
export function isUnigateResumeList(value: unknown): value is UnigateResume[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: Partial<Record<keyof UnigateResume, unknown>> | null) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.afterCharacters === 'number' &&
        typeof entry.reason === 'string' &&
        RESUME_REASONS.includes(entry.reason) &&
        (entry.requestId === undefined || typeof entry.requestId === 'string'),
    )
  );
}

/** The type of a value as zod's messages name it (`null`, `array`, `string`, ...). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * A numeric option: any JavaScript number passes the schema, NaN and the infinities included, so the
 * range check that follows the parse (validate-argument) names the option, its limit and the value as
 * given. `z.number()` would refuse them first with a message that names no limit.
 */
export function numberOption() {
  return z.custom<number>(value => typeof value === 'number', {
    error: issue => `Invalid input: expected number, received ${typeName(issue.input)}`,
  });
}

/** The per-call `resume`, `maxResumes` and `streamIdleMs` options, in the chat and messages schemas. */
export function resumeOptionFields() {
  return {
    resume: z.enum(RESUME_MODES).optional(),
    maxResumes: numberOption().optional(),
    streamIdleMs: numberOption().optional(),
  };
}

/** A call's resume settings: its own options over the provider's, checked before any request. */
export function callResume(
  options: { resume?: UnigateResumeMode; maxResumes?: number; streamIdleMs?: number },
  provider: ResumeSettings,
): ResumeSettings {
  checkInteger('providerOptions.unigate.maxResumes', options.maxResumes, MAX_RESUMES);
  checkInteger('providerOptions.unigate.streamIdleMs', options.streamIdleMs, STREAM_IDLE_MS);
  return {
    resume: options.resume ?? provider.resume,
    maxResumes: options.maxResumes ?? provider.maxResumes,
    streamIdleMs: options.streamIdleMs ?? provider.streamIdleMs,
  };
}

/**
 * Reads `providerOptions.unigate` for one model kind. A wrong type fails before any request, naming the
 * option, what it must be and what it was. A key this model does not read (the namespace is shared by
 * every model kind) is an `unsupported` warning, not an error and not a silent drop.
 */
export function parseUnigateOptions<SHAPE extends z.ZodRawShape>(
  providerOptions: SharedV3ProviderOptions | undefined,
  schema: z.ZodObject<SHAPE>,
  modelKind: string,
): { options: z.output<z.ZodObject<SHAPE>>; warnings: SharedV3Warning[] } {
  const raw = providerOptions?.unigate;
  if (raw === undefined) return { options: {} as z.output<z.ZodObject<SHAPE>>, warnings: [] };
  const result = schema.safeParse(raw);
  if (result.success) {
    const warnings: SharedV3Warning[] = Object.keys(raw)
      .filter(key => !(key in schema.shape))
      .map(key => ({
        type: 'unsupported',
        feature: `providerOptions.unigate.${key}`,
        details: `The ${modelKind} model does not read this option.`,
      }));
    return { options: result.data, warnings };
  }
  const issue = result.error.issues[0];
  const argument = ['providerOptions', 'unigate', ...issue.path.map(String)].join('.');
  let value: unknown = raw;
  for (const key of issue.path)
    value = value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined;
  failArgument(argument, issue.message, value);
}

/** ai@7's reasoning levels, lowest first. */
export const REASONING_LEVELS = ['minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

/** A reasoning level of ai@7's `reasoning` call option (`'none'` and `'provider-default'` aside). */
export type ReasoningLevel = (typeof REASONING_LEVELS)[number];

const REASONING_VALUES = ['provider-default', 'none', ...REASONING_LEVELS] as const;

/**
 * ai@7's `reasoning` call option (`generateText({ reasoning: 'high' })`). Its adapter passes it to V3
 * models although the V3 call options have no such field, so it is read as unknown. Unset and
 * `'provider-default'` give `undefined` (send nothing); anything outside ai@7's values fails before the
 * request, naming the option.
 */
export function readCallReasoning(options: LanguageModelV3CallOptions): ReasoningLevel | 'none' | undefined {
  const reasoning = 'reasoning' in options ? options.reasoning : undefined;
  if (reasoning === null) return undefined;
  checkOneOf('reasoning', reasoning, REASONING_VALUES);
  return reasoning === 'provider-default' ? undefined : reasoning;
}

// What a kind's endpoint cannot take, and the texts it requires.

/** A call option a kind's endpoint has no parameter for, with the warning's details (what happened to it). */
export type UnsupportedSetting<O> = readonly [feature: keyof O & string, details: string];

/**
 * An `unsupported` warning for every setting of `settings` the call set (null and an empty list count as
 * unset): a call option the endpoint cannot take is not sent, and the caller is told so.
 */
export function unsupportedSettingWarnings<O extends object>(
  options: O,
  settings: ReadonlyArray<UnsupportedSetting<O>>,
): SharedV3Warning[] {
  return settings
    .filter(([feature]) => {
      const value: unknown = options[feature];
      return value != null && !(Array.isArray(value) && value.length === 0);
    })
    .map(([feature, details]) => ({ type: 'unsupported', feature, details }));
}

/**
 * A text the gateway requires (a prompt, a model id): a string with something besides whitespace. Anything
 * else fails before the request, saying `rule` and the value as given (`none` when there is none).
 */
export function checkRequiredText(argument: string, value: unknown, rule: string): asserts value is string {
  if (typeof value !== 'string' || value.trim() === '')
    failArgument(argument, rule, value, value === undefined ? 'none' : undefined);
}

// The prompt's parts.

/**
 * A file part's data in the one shape both wire formats convert from: its content as base64, a URL,
 * or inline text. V3 prompts give bytes, base64 strings and URLs; ai@7's adapter also hands a V3
 * model V4's tagged forms (`{type: 'text'}` and `{type: 'reference'}` unconverted, and `data` / `url`
 * should they ever arrive), which are read here so no converter meets an object where it expects bytes.
 */
export type FilePartData =
  | { type: 'base64'; base64: string }
  | { type: 'url'; url: URL }
  | { type: 'text'; text: string };

// Text media types, bare (`text`, as ai@7 allows) or full: text/*, and JSON, XML, YAML and JavaScript.
const TEXT_MEDIA_TYPE = /^text(?:\/|$)|[/+](?:json|xml|(?:x-)?yaml|javascript)$/;

/** True for a media type whose content is text (`text`, `text/plain`, `application/json`, `…+xml`). */
export function isTextMediaType(mediaType: string): boolean {
  return TEXT_MEDIA_TYPE.test(mediaType.split(';')[0].trim().toLowerCase());
}

/**
 * The error for a provider file reference: the gateway has no file store an id could point into. `form`
 * says how the reference came (ai@7 turns one in a tool result into a `file-id` item); `why`, why it
 * cannot be sent (another provider's model adapted to a chain says its own reason).
 */
export function referenceFileError(
  where: string,
  reference: unknown,
  form = '`reference` file data',
  why = 'the gateway keeps no files a reference could point to',
): UnsupportedFunctionalityError {
  let shown: string;
  try {
    shown = JSON.stringify(reference) ?? String(reference);
  } catch {
    shown = describeValue(reference);
  }
  return new UnsupportedFunctionalityError({
    functionality: 'reference file data',
    message:
      `${where} is a file given by provider reference ${shown} (${form}): ${why}. ` +
      'Pass the file itself instead: bytes (a Uint8Array), a base64 string or a URL.',
  });
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (isObjectRecord(value)) {
    return typeof value.type === 'string'
      ? `an object of type "${value.type}"`
      : `an object with keys ${Object.keys(value).join(', ') || '(none)'}`;
  }
  return `a ${typeof value}`;
}

function invalidData(where: string, prompt: unknown, detail: string): InvalidPromptError {
  return new InvalidPromptError({
    prompt,
    message:
      `${where} is a file whose data is ${detail}. File data is bytes (a Uint8Array), a base64 string, a URL, ` +
      "or one of ai@7's forms {type: 'data', data}, {type: 'url', url} and {type: 'text', text}.",
  });
}

// The tagged (V4) forms and anything unexpected: off the hot path of bytes, base64 and URLs.
function readTaggedData(data: unknown, mediaType: string, where: string, prompt: unknown): FilePartData {
  if (!isObjectRecord(data)) {
    if (Object.prototype.toString.call(data) === '[object Uint8Array]') {
      return { type: 'base64', base64: convertUint8ArrayToBase64(data as Uint8Array) };
    }
    throw invalidData(where, prompt, describeValue(data));
  }
  switch (data.type) {
    case 'data':
      if (typeof data.data === 'string' || data.data instanceof Uint8Array) {
        return readFilePartData(data.data, mediaType, where, prompt);
      }
      throw invalidData(where, prompt, `{type: 'data'} holding ${describeValue(data.data)}`);
    case 'url':
      if (data.url instanceof URL) return { type: 'url', url: data.url };
      throw invalidData(where, prompt, `{type: 'url'} holding ${describeValue(data.url)}`);
    case 'text':
      if (typeof data.text !== 'string') {
        throw invalidData(where, prompt, `{type: 'text'} holding ${describeValue(data.text)}`);
      }
      if (!isTextMediaType(mediaType)) {
        throw new InvalidPromptError({
          prompt,
          message:
            `${where} is inline text ({type: 'text'}) labelled with media type "${mediaType}": inline text is sent ` +
            'as text, so its media type must be a text type (text, text/plain, application/json...).',
        });
      }
      return { type: 'text', text: data.text };
    case 'reference':
      throw referenceFileError(where, data.reference);
    default:
      throw invalidData(where, prompt, describeValue(data));
  }
}

/**
 * Reads a file part's data, in any form a V3 model can be handed, as a `FilePartData`. `where` names
 * the part in errors (`prompt[1].content[2]`). Throws `UnsupportedFunctionalityError` for a provider
 * `reference`, and `InvalidPromptError` for a missing media type, inline text with a non-text media type
 * or data of no known form, all before any request.
 */
export function readFilePartData(data: unknown, mediaType: string, where: string, prompt: unknown): FilePartData {
  if (typeof mediaType !== 'string') {
    throw new InvalidPromptError({
      prompt,
      message: `${where} is a file with no media type (${describeValue(mediaType)}).`,
    });
  }
  if (typeof data === 'string') return textFile(mediaType, data) ?? { type: 'base64', base64: data };
  if (data instanceof Uint8Array) {
    return textFile(mediaType, data) ?? { type: 'base64', base64: convertUint8ArrayToBase64(data) };
  }
  if (data instanceof URL) return { type: 'url', url: data };
  return readTaggedData(data, mediaType, where, prompt);
}

/**
 * A text file given as bytes or base64 (`text/plain`, `application/json`...): its content as inline
 * text, which both formats can send, when it is valid UTF-8; `undefined` otherwise (the file stays
 * bytes, and the converters refuse it with advice, as for any file they cannot send).
 */
function textFile(mediaType: string, data: string | Uint8Array): FilePartData | undefined {
  if (!isTextMediaType(mediaType)) return undefined;
  try {
    const bytes = typeof data === 'string' ? convertBase64ToUint8Array(data) : data;
    return { type: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Not base64, or not UTF-8: not text this package can send as text.
    return undefined;
  }
}

/**
 * What to do with a file a prompt cannot carry. Both language formats of the gateway take images only
 * (jpeg, png, gif, webp), so the advice never sends the caller from one format to the other: it says
 * how to turn the file into text or images, which both take.
 */
export function unsupportedFileAdvice(mediaType: string): string {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  // The top-level segment alone (`image`, `audio`) is a media type too under ai@7.
  const topLevel = type.split('/')[0];
  if (type === 'application/pdf') {
    return "Extract the PDF's text and send it as a text part, or render its pages as images (PNG or JPEG) and send those.";
  }
  if (topLevel === 'image') return 'Convert the image to PNG or JPEG and send that.';
  if (topLevel === 'audio') {
    const [transcriber] = NON_CHAT_MODEL_IDS.transcription;
    const accessor = transcriber === undefined ? 'the transcription model' : accessorCall('transcription', transcriber);
    return `Transcribe the audio with ${accessor} on the provider and send the text as a text part.`;
  }
  if (isTextMediaType(type)) return "Send the file's content as a text part.";
  return "Send the file's content as a text part, or as images.";
}

/** The error for a prompt part of a type the converter has no case for; `role`: `a user`, `an assistant`. */
export function unknownPartError(role: string, part: unknown, where: string, prompt: unknown): InvalidPromptError {
  const type = isObjectRecord(part) ? part.type : undefined;
  const shown = typeof type === 'string' ? `"${type}"` : String(type);
  return new InvalidPromptError({
    prompt,
    message: `${where} is ${role} part of unknown type ${shown}: it cannot be sent.`,
  });
}

/**
 * An assistant part of a type the converter has no case for. ai@7 hands a V3 model two that neither
 * wire format has a place for, `reasoning-file` (a file the model made while reasoning) and `custom`:
 * each gets a warning naming it (`where`: `prompt[2].content[1]`) and is not sent. Anything else is an
 * `InvalidPromptError` naming the part.
 */
export function warnUnsentAssistantPart(
  part: unknown,
  where: string,
  format: string,
  prompt: unknown,
  warnings: SharedV3Warning[],
): void {
  if (!isObjectRecord(part) || (part.type !== 'reasoning-file' && part.type !== 'custom')) {
    throw unknownPartError('an assistant', part, where, prompt);
  }
  const type = part.type;
  const what =
    type === 'custom'
      ? `custom part of kind "${String(part.kind)}"`
      : `reasoning-file part (${String(part.mediaType)})`;
  warnings.push({
    type: 'unsupported',
    feature: `assistant ${type} part`,
    details: `${where} is an assistant ${what}: the ${format} format has no place for it, so it was not sent.`,
  });
}

/** One item of a tool result's `content` output. */
export type ToolResultItem = Extract<LanguageModelV3ToolResultPart['output'], { type: 'content' }>['value'][number];

/**
 * A tool result's output as a wire format carries it: text, JSON (as its text) and a denial (its reason,
 * else `denied`) as one text, and a `content` output as its items, each mapped by `item` (`where` names
 * it: `prompt[3].content[0].output.value[1]`). A `custom` item (provider-specific content, the V3 and V4
 * specs both allow it) has a place in neither format, so it is left out with a warning naming it; the
 * result's other items are sent.
 */
export function toolResultOutput<ITEM>(
  part: LanguageModelV3ToolResultPart,
  at: string,
  format: string,
  denied: string,
  item: (item: ToolResultItem, where: string) => ITEM,
  warnings: SharedV3Warning[],
): string | ITEM[] {
  const output = part.output;
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? denied;
    case 'content':
      return output.value.flatMap((value, index) => {
        const where = `${at}.output.value[${index}]`;
        if (value.type !== 'custom') return [item(value, where)];
        warnings.push({
          type: 'unsupported',
          feature: 'tool result custom item',
          details: `${where} is a custom tool result item: the ${format} format has no place for it, so it was not sent.`,
        });
        return [];
      });
  }
}

/** A URL a tool result names (`image-url`, `file-url`), parsed; one that is not a URL fails naming where it is. */
export function toolResultUrl(url: string, at: string, prompt: unknown): URL {
  try {
    return new URL(url);
  } catch (cause) {
    throw new InvalidPromptError({ prompt, message: `${at} holds ${JSON.stringify(url)}, which is not a URL.`, cause });
  }
}

// Base64 data, decoded once. A 25 MB audio file is a 33 MB base64 string: decoding it must not add a
// second full-size copy on the way (atob of the whole string would, as a binary string, before the bytes).
// It is decoded straight into the result, a slice at a time.

const SLICE = 1 << 16; // characters per atob call; a multiple of 4, so slices split at whole quanta

type FromBase64 = (base64: string) => Uint8Array;

/**
 * The bytes of base64 or base64url text (line breaks and other whitespace allowed), decoded once, with the
 * runtime's `Uint8Array.fromBase64` where it has one; `undefined` when the text is not base64. Audio to
 * transcribe and base64 embeddings are read with it.
 */
export function decodeBase64(base64: string): Uint8Array | undefined {
  let text = base64;
  if (/[^A-Za-z0-9+/=]/.test(text)) text = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  const native = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64;
  try {
    if (typeof native === 'function') return native(text);
    let end = text.length; // without the padding; counted, not sliced off (that would copy the string)
    while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
    if (end % 4 === 1 || text.lastIndexOf('=', end - 1) !== -1) return undefined;
    const bytes = new Uint8Array(Math.floor((end * 3) / 4));
    let at = 0;
    for (let start = 0; start < end; start += SLICE) {
      const binary = atob(text.slice(start, Math.min(start + SLICE, end)));
      for (let i = 0; i < binary.length; i++) bytes[at++] = binary.charCodeAt(i);
    }
    return bytes;
  } catch {
    return undefined;
  }
}

// Prompt-caching breakpoints.

/**
 * A prompt-caching breakpoint: the prefix up to and including the block that carries it is cached
 * (`ttl` default 5 minutes). At most 4 per request; never on thinking blocks.
 */
export interface MessagesCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** The blocks, system blocks and tools that may carry a breakpoint. */
export interface MessagesCacheable {
  cache_control?: MessagesCacheControl;
}

/**
 * Where the explicit breakpoints were written, by the block (or tool) that carries one: `prompt[3]`,
 * `prompt[3].content[1]`, `tools[0]`. A warning names the ones cut beyond the upstream's four.
 */
export type CacheBreakpointLabels = Map<MessagesCacheable, string>;

const SHAPE = "expected { type: 'ephemeral', ttl?: '5m' | '1h' }";

function checkCacheControl(value: unknown, argument: string): MessagesCacheControl {
  if (!isObjectRecord(value)) failArgument(argument, SHAPE, value);
  if (value.type !== 'ephemeral') failArgument(`${argument}.type`, 'the only cache type is "ephemeral"', value.type);
  if (value.ttl === undefined) return { type: 'ephemeral' };
  if (value.ttl !== '5m' && value.ttl !== '1h') {
    failArgument(`${argument}.ttl`, 'the gateway accepts "5m" or "1h"', value.ttl);
  }
  return { type: 'ephemeral', ttl: value.ttl };
}

/**
 * The explicit cache breakpoint a system message, message, part or tool asks for:
 * `providerOptions.unigate.cacheControl`, else `providerOptions.anthropic.cacheControl` (or its
 * `cache_control`), so markers written for `@ai-sdk/anthropic` keep working. A wrong shape fails
 * before any request, naming where it is (`where`, e.g. `prompt[2].content[0]`) and the value given.
 */
export function readCacheControl(
  providerOptions: SharedV3ProviderOptions | undefined,
  where: string,
): MessagesCacheControl | undefined {
  if (providerOptions === undefined) return undefined;
  const unigate = providerOptions.unigate?.cacheControl;
  if (unigate !== undefined) return checkCacheControl(unigate, `${where}.providerOptions.unigate.cacheControl`);
  const anthropic = providerOptions.anthropic;
  if (anthropic === undefined) return undefined;
  for (const key of ['cacheControl', 'cache_control']) {
    const value = anthropic[key];
    if (value !== undefined) return checkCacheControl(value, `${where}.providerOptions.anthropic.${key}`);
  }
  return undefined;
}

/**
 * Checks every explicit cache breakpoint of a call whose format sends none (chat completions: its
 * upstreams cache on their own), so a malformed one fails there as it does on the messages format, with
 * the same error, instead of passing unnoticed until the code moves to a messages model.
 */
export function checkCacheControls({ prompt, tools }: Pick<LanguageModelV3CallOptions, 'prompt' | 'tools'>): void {
  for (const [position, message] of prompt.entries()) {
    if (Array.isArray(message.content)) {
      for (const [index, part] of message.content.entries()) {
        readCacheControl(part.providerOptions, `prompt[${position}].content[${index}]`);
      }
    }
    readCacheControl(message.providerOptions, `prompt[${position}]`);
  }
  for (const [index, tool] of (tools ?? []).entries()) {
    if (tool.type === 'function') readCacheControl(tool.providerOptions, `tools[${index}]`);
  }
}

/**
 * A call's function tools, each with its index among `tools`. The gateway runs no provider tool: each is
 * left out with an `unsupported` warning (`providerToolDetails` says it in the format's words); neither
 * format has a field for a tool's input examples, which are left out with one too.
 */
export function functionTools(
  tools: LanguageModelV3CallOptions['tools'],
  format: string,
  providerToolDetails: (name: string) => string,
  warnings: SharedV3Warning[],
): Array<[index: number, tool: LanguageModelV3FunctionTool]> {
  const functions: Array<[number, LanguageModelV3FunctionTool]> = [];
  for (const [index, tool] of (tools ?? []).entries()) {
    if (tool.type === 'provider') {
      warnings.push({
        type: 'unsupported',
        feature: `provider-defined tool ${tool.id}`,
        details: providerToolDetails(tool.name),
      });
      continue;
    }
    if (tool.inputExamples !== undefined && tool.inputExamples.length > 0) {
      warnings.push({
        type: 'unsupported',
        feature: 'tool input examples',
        details: `The ${format} format has no field for the input examples of tool "${tool.name}"; they were not sent.`,
      });
    }
    functions.push([index, tool]);
  }
  return functions;
}
