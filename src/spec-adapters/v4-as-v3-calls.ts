import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3DataContent,
  LanguageModelV3FilePart,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3ToolResultPart,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FilePart,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultPart,
  SharedV4FileData,
  SharedV4Warning,
} from '@ai-sdk/provider-v4';
import { toolResultUrl } from '../prompt/call-options';
import { sharedShape } from '../settings/model-kind';

// A V4 model called with V3 call options (`v4AsV3` in adapt-language-model.ts), loaded on its first call.

type V3ToolItem = Extract<LanguageModelV3ToolResultPart['output'], { type: 'content' }>['value'][number];
type V3Part = Exclude<LanguageModelV3Prompt[number], { role: 'system' }>['content'][number];
type V3Finish = Extract<LanguageModelV3StreamPart, { type: 'finish' }>;
type V4ToolItem = Extract<LanguageModelV4ToolResultPart['output'], { type: 'content' }>['value'][number];

/** V3 file data as V4's tagged form; `originalUrl` moves into the URL form, where V4 keeps it. */
function fileDataV4(data: LanguageModelV3DataContent, originalUrl: string | undefined): SharedV4FileData {
  if (data instanceof URL)
    return originalUrl === undefined ? { type: 'url', url: data } : { type: 'url', url: data, originalUrl };
  if (typeof data === 'string' || data instanceof Uint8Array) return { type: 'data', data };
  // ai@7's adapter hands a V3 model V4's `text` and `reference` forms unconverted: they are V4 already.
  return data;
}

function filePartV4({ data, originalUrl, ...part }: LanguageModelV3FilePart): LanguageModelV4FilePart {
  return { ...part, data: fileDataV4(data, originalUrl) };
}

/** A V3 tool result item as V4's `file` item; text, custom and V4 items (from ai@7's adapter) pass. */
function toolItemV4(item: V3ToolItem, provider: string, at: string, prompt: unknown): V4ToolItem {
  const { providerOptions } = item;
  switch (item.type) {
    case 'file-data':
    case 'image-data': {
      const filename = item.type === 'file-data' && { filename: item.filename };
      return {
        type: 'file',
        data: { type: 'data', data: item.data },
        mediaType: item.mediaType,
        ...filename,
        providerOptions,
      };
    }
    case 'file-url':
    case 'image-url': {
      // V4 needs a media type: a bare `image` for an image URL, the generic binary type for a file URL without one.
      const mediaType = item.type === 'image-url' ? 'image' : (item.mediaType ?? 'application/octet-stream');
      return {
        type: 'file',
        data: { type: 'url', url: toolResultUrl(item.url, at, prompt) },
        mediaType,
        providerOptions,
      };
    }
    case 'file-id':
    case 'image-file-id': {
      // A bare id belongs to the member's provider: V4 keys a reference by provider name.
      const reference = typeof item.fileId === 'string' ? { [provider.split('.')[0]]: item.fileId } : item.fileId;
      const mediaType = item.type === 'image-file-id' ? 'image' : 'application';
      return { type: 'file', data: { type: 'reference', reference }, mediaType, providerOptions };
    }
    default:
      return item;
  }
}

function toolResultV4(
  part: LanguageModelV3ToolResultPart,
  provider: string,
  at: string,
  prompt: unknown,
): LanguageModelV4ToolResultPart {
  const { output } = part;
  if (output.type !== 'content') return { ...part, output };
  const value = output.value.map((item, index) => toolItemV4(item, provider, `${at}.output.value[${index}]`, prompt));
  return { ...part, output: { ...output, value } };
}

/**
 * A V3 prompt as V4: file data in its tagged forms, in file parts and tool results (in whichever role's
 * content holds them); the rest as it is.
 */
function promptV4(prompt: LanguageModelV3Prompt, provider: string): LanguageModelV4Prompt {
  return prompt.map((message, m) => {
    if (message.role === 'system') return message;
    const content = (message.content as readonly V3Part[]).map((part, p) => {
      if (part.type === 'file') return filePartV4(part);
      return part.type === 'tool-result' ? toolResultV4(part, provider, `prompt[${m}].content[${p}]`, prompt) : part;
    });
    return sharedShape<LanguageModelV4Prompt[number]>({ ...message, content });
  });
}

function callOptionsV4(options: LanguageModelV3CallOptions, provider: string): LanguageModelV4CallOptions {
  return { ...options, prompt: promptV4(options.prompt, provider) };
}

/** V4's `interrupted` (the stream ended without its completion signal) is `other` in V3. */
function finishReasonV3({ unified, raw }: LanguageModelV4FinishReason): LanguageModelV3FinishReason {
  return { unified: unified === 'interrupted' ? 'other' : unified, raw };
}

function warningV3(warning: SharedV4Warning): SharedV3Warning {
  if (warning.type !== 'deprecated') return warning;
  return { type: 'other', message: `Deprecated: ${warning.setting}. ${warning.message}` };
}

/** The warning for a part of the model's answer that V3 has no place for; `where` names it. */
function leftOutWarning(
  part: LanguageModelV4Content | LanguageModelV4StreamPart,
  where: string,
  model: LanguageModelV4,
): SharedV3Warning {
  let what = `a ${part.type} part`;
  if (part.type === 'custom') what = `a custom part of kind "${part.kind}"`;
  else if (part.type === 'reasoning-file') what = `a reasoning-file part (${part.mediaType})`;
  else if (part.type === 'file' && part.data.type === 'url')
    what = `a file given by URL (${part.mediaType}, ${part.data.url.href})`;
  return {
    type: 'other',
    message:
      `${where} of the answer of V4 model "${model.modelId}" (${model.provider}) is ${what}: a V3 result has no ` +
      'place for it, so it was left out.',
  };
}

/**
 * A content or stream part as V3: a file's data untagged (V3 files are data only); `undefined` for a part
 * V3 has no place for (a file given by URL, a `reasoning-file` or `custom` part). Any other part is V3's.
 */
function partV3<PART extends LanguageModelV3Content | LanguageModelV3StreamPart>(
  part: LanguageModelV4Content | LanguageModelV4StreamPart,
): PART | undefined {
  if (part.type === 'file')
    return part.data.type === 'data' ? sharedShape<PART>({ ...part, data: part.data.data }) : undefined;
  return part.type === 'reasoning-file' || part.type === 'custom' ? undefined : sharedShape<PART>(part);
}

async function generateAsV3(
  model: LanguageModelV4,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3GenerateResult> {
  const result = await model.doGenerate(callOptionsV4(options, model.provider));
  const warnings = result.warnings.map(warningV3);
  const content = result.content.flatMap((part, index): LanguageModelV3Content[] => {
    const converted = partV3<LanguageModelV3Content>(part);
    if (converted !== undefined) return [converted];
    warnings.push(leftOutWarning(part, `content[${index}]`, model));
    return [];
  });
  return {
    ...sharedShape<LanguageModelV3GenerateResult>(result),
    content,
    finishReason: finishReasonV3(result.finishReason),
    warnings,
  };
}

/**
 * The model's stream as V3: only the parts that differ are rebuilt. A part V3 has no place for is left
 * out with a warning; V3 carries warnings only in `stream-start`, and the AI SDK reads that part's list
 * when the step ends, so the warning joins the list this stream made (or a `stream-start` of its own,
 * should none have come).
 */
function streamV3(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  model: LanguageModelV4,
): ReadableStream<LanguageModelV3StreamPart> {
  let warnings: SharedV3Warning[] | undefined;
  const leaveOut = (
    part: LanguageModelV4StreamPart,
    sink: TransformStreamDefaultController<LanguageModelV3StreamPart>,
  ) => {
    const warning = leftOutWarning(part, `A streamed ${part.type} part`, model);
    if (warnings !== undefined) warnings.push(warning);
    else sink.enqueue({ type: 'stream-start', warnings: (warnings = [warning]) });
  };
  return stream.pipeThrough(
    new TransformStream<LanguageModelV4StreamPart, LanguageModelV3StreamPart>({
      transform(part, sink) {
        switch (part.type) {
          case 'stream-start':
            sink.enqueue({ type: 'stream-start', warnings: (warnings = part.warnings.map(warningV3)) });
            return;
          case 'finish':
            sink.enqueue({ ...sharedShape<V3Finish>(part), finishReason: finishReasonV3(part.finishReason) });
            return;
          case 'ping':
            return; // a keep-alive, with nothing to lose: V3 has no such part, and ai@6 fails on one it does not know
          default: {
            const converted = partV3<LanguageModelV3StreamPart>(part);
            if (converted === undefined) leaveOut(part, sink);
            else sink.enqueue(converted);
          }
        }
      },
    }),
  );
}

async function streamAsV3(
  model: LanguageModelV4,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3StreamResult> {
  const result = await model.doStream(callOptionsV4(options, model.provider));
  return { ...result, stream: streamV3(result.stream, model) };
}

/** The calls of a V4 model seen as V3. */
export const v4CallsAsV3 = { generate: generateAsV3, stream: streamAsV3 };
