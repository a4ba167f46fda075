import { z } from 'zod/v4';
import { lazy } from '../checks/values';

// Wire shapes of `POST {base_url}/chat/completions` (docs/endpoints.md#chat-completions-request,
// docs/endpoints.md#chat-completions-extras, docs/endpoints.md#chat-completions-response and
// docs/streaming.md#chat-completions-stream). Field names mirror the wire; the conversion files are the
// only place where they meet the AI SDK's names.

export interface ChatTextContentPart {
  type: 'text';
  text: string;
}

export interface ChatImageContentPart {
  type: 'image_url';
  /** An http(s) URL, or `data:<mediaType>;base64,...`. */
  image_url: { url: string };
}

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string /** JSON text. */; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | Array<ChatTextContentPart | ChatImageContentPart> }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: ChatToolCall[];
      reasoning_content?: string;
      /** A resume's prefill: the answer goes on from this message (DeepSeek, Mistral: `prefix`; Moonshot, Qwen: `partial`). */
      prefix?: true;
      partial?: true;
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatFunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters: unknown; strict?: boolean };
}

export type ChatToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export type ChatResponseFormat =
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; description?: string; schema: unknown; strict: boolean } };

/** The request body. Optional fields left `undefined` are dropped by JSON serialisation. */
export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  stop?: string[];
  seed?: number;
  reasoning_effort?: string;
  n?: number;
  user?: string;
  response_format?: ChatResponseFormat;
  tools?: ChatFunctionTool[];
  tool_choice?: ChatToolChoice;
  stream?: boolean;
  stream_options?: { include_usage: boolean };
  [extra: string]: unknown;
}

/** Token counts as the gateway reports them; the details are optional. */
export interface ChatUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

// The non-streaming answer is parsed once per call, so a schema is affordable here (never per chunk).
const usageSchema = lazy(() =>
  z.looseObject({
    prompt_tokens: z.number().nullish(),
    completion_tokens: z.number().nullish(),
    total_tokens: z.number().nullish(),
    prompt_tokens_details: z.looseObject({ cached_tokens: z.number().nullish() }).nullish(),
    completion_tokens_details: z.looseObject({ reasoning_tokens: z.number().nullish() }).nullish(),
  }),
);

export const chatCompletionSchema = lazy(() =>
  z.looseObject({
    id: z.string().nullish(),
    created: z.number().nullish(),
    model: z.string().nullish(),
    choices: z.array(
      z.looseObject({
        index: z.number().nullish(),
        // Absent where Azure's content filter emptied the choice (`finish_reason: 'content_filter'`).
        message: z
          .looseObject({
            role: z.string().nullish(),
            // A list of `text` and `thinking` parts (Mistral's reasoning models): see `readContentParts`.
            content: z.union([z.string(), z.array(z.unknown())]).nullish(),
            reasoning_content: z.string().nullish(),
            reasoning: z.string().nullish(),
            tool_calls: z
              .array(
                z.looseObject({
                  id: z.string().nullish(),
                  type: z.string().nullish(),
                  function: z.looseObject({ name: z.string(), arguments: z.string().nullish() }),
                }),
              )
              .nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    ),
    usage: usageSchema().nullish(),
  }),
);

/** Some upstreams answer HTTP 200 with an error object instead of a completion. */
const chatErrorEnvelopeSchema = lazy(() => z.looseObject({ error: z.union([z.string(), z.looseObject({})]) }));

export const chatResponseSchema = lazy(() => z.union([chatErrorEnvelopeSchema(), chatCompletionSchema()]));

export type ChatCompletion = z.infer<ReturnType<typeof chatCompletionSchema>>;

/** A parsed answer is a completion, not an error envelope: it has `choices` and no `error`. */
export function isChatCompletion(value: z.infer<ReturnType<typeof chatResponseSchema>>): value is ChatCompletion {
  return 'choices' in value && value.error == null;
}

// Stream chunks are deliberately not schema-validated (the hot path): these types only document
// the fields the stream mapper reads by shape, with cheap typeof checks.

export interface ChatChunkToolCallDelta {
  index?: number;
  id?: string | null;
  type?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

export interface ChatChunkDelta {
  role?: string | null;
  /** Text, or a list of `text` and `thinking` parts (Mistral's reasoning models): see `readContentParts`. */
  content?: string | unknown[] | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: ChatChunkToolCallDelta[] | null;
}

export interface ChatChunkChoice {
  index?: number;
  delta?: ChatChunkDelta | null;
  finish_reason?: string | null;
}

export interface ChatCompletionChunk {
  id?: string | null;
  object?: string;
  created?: number | null;
  model?: string | null;
  choices?: ChatChunkChoice[] | null;
  usage?: ChatUsage | null;
  /** Groq's extras: its compound models send the usage only here. */
  x_groq?: { usage?: unknown } | null;
  error?: unknown;
}
