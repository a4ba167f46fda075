import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3StreamPart,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { convertUint8ArrayToBase64 } from '@ai-sdk/provider-utils';
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FilePart,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4ToolResultPart,
} from '@ai-sdk/provider-v4';
import { referenceFileError, warnUnsentAssistantPart } from '../prompt/call-options';
import { sharedShape } from '../settings/model-kind';

// A V3 model called with V4 call options (`v3AsV4` in adapt-language-model.ts), loaded on its first call.

type V4ToolItem = Extract<LanguageModelV4ToolResultPart['output'], { type: 'content' }>['value'][number];

/** V4 lets a file name only its top-level type (`image`); V3 media types are full, `image/*` for any image. */
function fullMediaType(mediaType: string): string {
  return mediaType.includes('/') ? mediaType : `${mediaType}/*`;
}

/** Why a file part's provider reference cannot reach `model`. */
const noReferences = (model: LanguageModelV3) =>
  `model "${model.modelId}" (${model.provider}) speaks AI SDK V3, whose file parts cannot hold a provider reference`;

/**
 * A V4 file part as V3: data as bytes, base64 or a URL; inline text as its UTF-8 bytes. A provider
 * reference has no V3 form in a file part: refused, naming the part and the model.
 */
function filePartV3(part: LanguageModelV4FilePart, at: string, model: LanguageModelV3) {
  const { data } = part;
  const file = { ...part, mediaType: fullMediaType(part.mediaType) };
  switch (data.type) {
    case 'data':
      return { ...file, data: data.data };
    case 'url':
      return data.originalUrl === undefined
        ? { ...file, data: data.url }
        : { ...file, data: data.url, originalUrl: data.originalUrl };
    case 'text':
      return { ...file, data: new TextEncoder().encode(data.text) };
    case 'reference':
      throw referenceFileError(at, data.reference, undefined, noReferences(model));
    default:
      // Not a tagged form (bytes, base64 or a URL from a caller that mixes the specs): V3 data already.
      return { ...file, data };
  }
}

/** A V4 tool result `file` item as V3's `file-data`, `file-url` or `file-id`; text and custom items pass. */
function toolItemV3(item: V4ToolItem) {
  if (item.type !== 'file') return item;
  const { data, providerOptions, filename } = item;
  const mediaType = fullMediaType(item.mediaType);
  switch (data.type) {
    case 'data': {
      const base64 = typeof data.data === 'string' ? data.data : convertUint8ArrayToBase64(data.data);
      return { type: 'file-data' as const, data: base64, mediaType, filename, providerOptions };
    }
    case 'text': {
      const base64 = convertUint8ArrayToBase64(new TextEncoder().encode(data.text));
      return { type: 'file-data' as const, data: base64, mediaType, filename, providerOptions };
    }
    case 'url':
      return { type: 'file-url' as const, url: data.originalUrl ?? data.url.href, mediaType, providerOptions };
    case 'reference':
      return { type: 'file-id' as const, fileId: data.reference, providerOptions };
  }
}

function toolResultV3(part: LanguageModelV4ToolResultPart) {
  const { output } = part;
  if (output.type !== 'content') return { ...part, output };
  const value = output.value.map(toolItemV3);
  return { ...part, output: { ...output, value } };
}

// An assistant part as V3, typed for the compiler: V4's read-only JSON is made V3 once, in callOptionsV3.
type AssistantPartV3 =
  | Extract<LanguageModelV4Prompt[number], { role: 'assistant' }>['content'][number]
  | ReturnType<typeof filePartV3>
  | ReturnType<typeof toolResultV3>;

/**
 * A V4 prompt as V3: file data as V3 data, in parts and tool results. Assistant `reasoning-file` and
 * `custom` parts, which V3 has no place for, are left out with a warning each in `warnings`.
 */
function promptV3(prompt: LanguageModelV4Prompt, model: LanguageModelV3, warnings: SharedV3Warning[]) {
  return prompt.map((message, m) => {
    const at = (p: number) => `prompt[${m}].content[${p}]`;
    switch (message.role) {
      case 'user':
        return {
          ...message,
          content: message.content.map((part, p) => (part.type === 'file' ? filePartV3(part, at(p), model) : part)),
        };
      case 'assistant':
        return {
          ...message,
          content: message.content.flatMap((part, p): AssistantPartV3[] => {
            switch (part.type) {
              case 'file':
                return [filePartV3(part, at(p), model)];
              case 'tool-result':
                return [toolResultV3(part)];
              case 'reasoning-file':
              case 'custom':
                warnUnsentAssistantPart(part, at(p), 'AI SDK V3', prompt, warnings);
                return [];
              default:
                return [part];
            }
          }),
        };
      case 'tool':
        return {
          ...message,
          content: message.content.map(part => (part.type === 'tool-result' ? toolResultV3(part) : part)),
        };
      default: // system
        return message;
    }
  });
}

/** V4 call options as V3, and the warnings for what could not be sent. */
function callOptionsV3(
  options: LanguageModelV4CallOptions,
  model: LanguageModelV3,
): {
  options: LanguageModelV3CallOptions;
  warnings: SharedV3Warning[];
} {
  const warnings: SharedV3Warning[] = [];
  const prompt = promptV3(options.prompt, model, warnings);
  return { options: sharedShape<LanguageModelV3CallOptions>({ ...options, prompt }), warnings };
}

function contentV4(part: LanguageModelV3Content): LanguageModelV4Content {
  return part.type === 'file' ? { ...part, data: { type: 'data', data: part.data } } : part;
}

/** The model's stream as V4: files in the tagged form, the prompt's `warnings` added to `stream-start`. */
function streamV4(
  stream: ReadableStream<LanguageModelV3StreamPart>,
  warnings: SharedV3Warning[],
): ReadableStream<LanguageModelV4StreamPart> {
  let started = warnings.length === 0;
  return stream.pipeThrough(
    new TransformStream<LanguageModelV3StreamPart, LanguageModelV4StreamPart>({
      transform(part, sink) {
        if (!started) {
          started = true;
          // A stream is to open with `stream-start`; one that does not still gets the prompt's warnings.
          if (part.type === 'stream-start') {
            sink.enqueue({ ...part, warnings: [...part.warnings, ...warnings] });
            return;
          }
          sink.enqueue({ type: 'stream-start', warnings });
        }
        sink.enqueue(part.type === 'file' ? { ...part, data: { type: 'data', data: part.data } } : part);
      },
    }),
  );
}

/** The calls of a V3 model seen as V4. */
export const v3CallsAsV4 = {
  async generate(model: LanguageModelV3, options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const call = callOptionsV3(options, model);
    const result = await model.doGenerate(call.options);
    return { ...result, content: result.content.map(contentV4), warnings: [...result.warnings, ...call.warnings] };
  },
  async stream(model: LanguageModelV3, options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const call = callOptionsV3(options, model);
    const result = await model.doStream(call.options);
    return { ...result, stream: streamV4(result.stream, call.warnings) };
  },
};
