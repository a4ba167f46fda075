import { z } from 'zod/v4';
import { lazy } from '../checks/values';
import type { MessagesCacheable, MessagesCacheControl } from '../prompt/call-options';

// The cache breakpoint's wire shape lives with its reader, which chat uses too.
export type { MessagesCacheable, MessagesCacheControl };

// Wire shapes of `POST {site_url}/api/v1/messages` (docs/endpoints.md#messages-request,
// docs/endpoints.md#messages-content-blocks, docs/endpoints.md#messages-response).
// Field names mirror the wire; the conversion files are the only place they meet the AI SDK's names.

export type MessagesImageSource =
  | { type: 'base64'; media_type: MessagesImageMediaType; data: string }
  | { type: 'url'; url: string };

/** The image media types the messages format accepts. */
export type MessagesImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export interface MessagesTextBlock extends MessagesCacheable {
  type: 'text';
  text: string;
}

export interface MessagesImageBlock extends MessagesCacheable {
  type: 'image';
  source: MessagesImageSource;
}

export interface MessagesToolUseBlock extends MessagesCacheable {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface MessagesToolResultBlock extends MessagesCacheable {
  type: 'tool_result';
  tool_use_id: string;
  content: string | Array<MessagesTextBlock | MessagesImageBlock>;
  is_error?: boolean;
}

export interface MessagesThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface MessagesRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export type MessagesUserBlock = MessagesTextBlock | MessagesImageBlock | MessagesToolResultBlock;
export type MessagesAssistantBlock =
  | MessagesTextBlock
  | MessagesToolUseBlock
  | MessagesThinkingBlock
  | MessagesRedactedThinkingBlock;

export type MessagesTurn =
  | { role: 'user'; content: MessagesUserBlock[] }
  | { role: 'assistant'; content: MessagesAssistantBlock[] };

export interface MessagesTool extends MessagesCacheable {
  name: string;
  description?: string;
  input_schema: unknown;
}

export type MessagesToolChoice = { type: 'auto' } | { type: 'any' } | { type: 'none' } | { type: 'tool'; name: string };

/** The request body, without `stream`. */
export interface MessagesRequestBody {
  model: string;
  max_tokens: number;
  messages: MessagesTurn[];
  /** One string, or text blocks when a block carries a cache breakpoint. */
  system?: string | MessagesTextBlock[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  tools?: MessagesTool[];
  tool_choice?: MessagesToolChoice;
  metadata?: { user_id: string };
  thinking?: { type: 'enabled'; budget_tokens: number } | { type: 'disabled' };
}

const usageSchema = lazy(() =>
  z.looseObject({
    input_tokens: z.number().nullish(),
    output_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
    cache_creation_input_tokens: z.number().nullish(),
  }),
);

/** Token counts as the wire sends them; every field may be missing. */
export type MessagesUsage = z.infer<ReturnType<typeof usageSchema>>;

const knownBlockSchema = lazy(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text'), text: z.string() }),
    z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
    z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().nullish() }),
    z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() }),
  ]),
);

const KNOWN_BLOCK_TYPES: readonly string[] = ['text', 'tool_use', 'thinking', 'redacted_thinking'];

/** A content block of a response: one of the four kinds the model maps, or `other` for kinds it skips. */
export type MessagesResponseBlock = z.output<ReturnType<typeof knownBlockSchema>> | { type: 'other' };

// Block kinds the spec does not name become `other` (skipped, not fatal); a known kind with missing
// fields is an error that names the field (a plain union would only say "Invalid input").
const responseBlockSchema = lazy(() =>
  z.looseObject({ type: z.string() }).transform((block, context): MessagesResponseBlock => {
    if (!KNOWN_BLOCK_TYPES.includes(block.type)) return { type: 'other' };
    const result = knownBlockSchema().safeParse(block);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: `${block.type} block: ${issue.message}` });
    }
    return z.NEVER;
  }),
);

/** The Message object of a non-streaming response (parsed once per call, so a schema is fine here). */
export const messagesResponseSchema = lazy(() =>
  z.looseObject({
    id: z.string().nullish(),
    model: z.string().nullish(),
    content: z.array(responseBlockSchema()),
    stop_reason: z.string().nullish(),
    stop_sequence: z.string().nullish(),
    usage: usageSchema().nullish(),
  }),
);
