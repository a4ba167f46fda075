import {
  type APICallError,
  InvalidArgumentError,
  InvalidResponseDataError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Content,
  type LanguageModelV3GenerateResult,
  type LanguageModelV3StreamResult,
  type SharedV3ProviderMetadata,
} from '@ai-sdk/provider';
import { generateId } from '@ai-sdk/provider-utils';
import { readCallReasoning } from '../prompt/provider-options';
import { checkCacheControls } from '../prompt/read-cache-control';
import { deprecatedWarning } from '../settings/spec-version';
import { createInBandError } from '../errors/gateway-error';
import { createJsonHandler } from '../transport/json-response';
import { parseUnigateOptions } from '../prompt/provider-options';
import { mergeStreamDelta } from '../streams/merge-stream-deltas';
import { readSseStream, streamingBody } from '../streams/sse-reader';
import { finishMetadataOf, type StreamExtras, takesStreamExtras, withExtraWarnings } from '../streams/stream-extras';
import { IMAGE_URLS } from '../prompt/image-media-type';
import { checkModelKind } from '../settings/model-kind';
import { checkInteger, checkMaxItems, checkRange } from '../checks/validate-argument';
import { languageModelCall, sendPricedRequest } from '../model-call/send-priced-request';
import { sendPricedStreamRequest } from '../model-call/send-priced-stream-request';
import { withCost } from '../model-call/with-cost';
import { languageModelCost } from '../pricing/language-model-cost';
import type { ChatModelConfig, UnigateModelContext } from '../model-call/model-context';
import type { UnigateChatModelId } from '../settings/unigate-model-ids';
import { chatResponseSchema, isChatCompletion, type ChatRequestBody, type ChatResponseFormat } from './chat-api-types';
import { contentText, readContentParts } from './chat-content-parts';
import { createChatStreamHandler } from './chat-stream-handler';
import { convertChatUsage } from './convert-chat-usage';
import { convertToChatMessages } from './convert-to-chat-messages';
import { mapChatFinishReason } from './map-chat-finish-reason';
import { mapChatReasoning } from './map-chat-reasoning';
import { prepareChatTools } from './prepare-chat-tools';
import { CHAT_LIMITS, RESERVED_CHAT_BODY_FIELDS, unigateChatProviderOptionsSchema } from './unigate-chat-options';

/** The error for a malformed content part of a completion: it names the part. */
function contentFailure(rawValue: unknown) {
  return (problem: string) =>
    new InvalidResponseDataError({ data: rawValue, message: `Unigate chat completion: ${problem}.` });
}

/**
 * A language model over the gateway's chat-completions endpoint (`POST {base_url}/chat/completions`).
 * Created by `gw(id)`, `gw.chat(id)` or `gw.languageModel(id)`.
 */
export class UnigateChatLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly [takesStreamExtras] = true as const;
  readonly modelId: UnigateChatModelId;
  /** `unigate.chat`. */
  readonly provider: string;
  /** Image URLs go to the gateway as they are; other files are never downloaded for this format. */
  readonly supportedUrls: Record<string, RegExp[]> = IMAGE_URLS;
  private readonly context: UnigateModelContext;
  private readonly config: ChatModelConfig;

  constructor(modelId: UnigateChatModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.context = context;
    this.config = context.chat;
    this.provider = `${context.chat.provider}.chat`;
  }

  /** Validates every setting against the gateway's limits and builds the body: nothing here touches the network. */
  private prepareRequest(options: LanguageModelV3CallOptions) {
    const {
      prompt,
      maxOutputTokens,
      temperature,
      topP,
      topK,
      frequencyPenalty,
      presencePenalty,
      stopSequences,
      seed,
      responseFormat,
      tools,
      toolChoice,
      providerOptions,
    } = options;
    checkModelKind(this.modelId, 'language');
    const { options: unigate, warnings } = parseUnigateOptions(
      providerOptions,
      unigateChatProviderOptionsSchema(),
      'chat-completions',
    );

    checkInteger('maxOutputTokens', maxOutputTokens, CHAT_LIMITS.maxOutputTokens);
    checkRange('temperature', temperature, CHAT_LIMITS.temperature);
    checkRange('topP', topP, CHAT_LIMITS.topP);
    checkRange('frequencyPenalty', frequencyPenalty, CHAT_LIMITS.penalty);
    checkRange('presencePenalty', presencePenalty, CHAT_LIMITS.penalty);
    checkMaxItems('stopSequences', stopSequences, CHAT_LIMITS.stopSequences.max);
    checkInteger('seed', seed, CHAT_LIMITS.seed);
    checkInteger('providerOptions.unigate.n', unigate.n, CHAT_LIMITS.n);
    if (unigate.reasoningEffort !== undefined && this.context.spec === 'v4') {
      warnings.push(
        deprecatedWarning(
          'providerOptions.unigate.reasoningEffort',
          "use the call's reasoning option (generateText({ reasoning: 'low' })), which every provider reads; " +
            'reasoningEffort is still sent, and wins when both are set.',
        ),
      );
    }
    const reasoningEffort = mapChatReasoning({
      reasoning: readCallReasoning(options),
      providerEffort: unigate.reasoningEffort,
      warnings,
    });
    for (const field of RESERVED_CHAT_BODY_FIELDS) {
      if (unigate.extraBody !== undefined && field in unigate.extraBody) {
        throw new InvalidArgumentError({
          argument: 'providerOptions.unigate.extraBody',
          message:
            `Invalid argument providerOptions.unigate.extraBody: it may not set ${RESERVED_CHAT_BODY_FIELDS.join(', ')} ` +
            `(the model sets them itself); received "${field}".`,
        });
      }
    }

    if (topK !== undefined) {
      warnings.push({
        type: 'unsupported',
        feature: 'topK',
        details: 'The chat-completions endpoint has no top_k parameter; topK was not sent.',
      });
    }
    if (temperature !== undefined && topP !== undefined) {
      warnings.push({
        type: 'other',
        message: 'temperature and topP are both set; the gateway advises setting one or the other. Both were sent.',
      });
    }

    checkCacheControls({ prompt, tools });
    const prepared = prepareChatTools({ tools, toolChoice });
    warnings.push(...prepared.warnings);

    let responseFormatBody: ChatResponseFormat | undefined;
    if (responseFormat?.type === 'json') {
      responseFormatBody =
        responseFormat.schema === undefined
          ? { type: 'json_object' }
          : {
              type: 'json_schema',
              json_schema: {
                name: responseFormat.name ?? 'response',
                ...(responseFormat.description !== undefined && { description: responseFormat.description }),
                schema: responseFormat.schema,
                strict: unigate.strictJsonSchema ?? true,
              },
            };
    }

    const body: ChatRequestBody = {
      model: this.modelId,
      messages: convertToChatMessages(
        prompt,
        { reasoningRoundTrip: unigate.reasoningRoundTrip, modelId: this.modelId },
        warnings,
      ),
      max_tokens: maxOutputTokens,
      temperature,
      top_p: topP,
      frequency_penalty: frequencyPenalty,
      presence_penalty: presencePenalty,
      stop: stopSequences !== undefined && stopSequences.length > 0 ? stopSequences : undefined,
      seed,
      reasoning_effort: reasoningEffort,
      n: unigate.n,
      user: unigate.user,
      response_format: responseFormatBody,
      tools: prepared.tools,
      tool_choice: prepared.toolChoice,
      ...unigate.extraBody,
    };
    return { body, warnings, collectChoices: unigate.n !== undefined && unigate.n > 1 };
  }

  /** An error object the gateway sent with HTTP 200, in a completion or inside a stream. */
  private inBandError(errorObject: unknown, rawBody: string, url: string, body: unknown): APICallError {
    return createInBandError({
      what: 'Unigate chat completion failed',
      errorObject,
      url,
      requestBodyValues: body,
      responseBody: rawBody,
      secret: this.config.optionalApiKey(),
    });
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { body, warnings, collectChoices } = this.prepareRequest(options);
    const url = this.config.url(this.config.chatBase, '/chat/completions');
    const { value, rawValue, responseHeaders, price, pricingWarnings } = await sendPricedRequest(
      this.context,
      languageModelCall(this.modelId, 'chat', options),
      { auth: 'bearer', url, body, successfulResponseHandler: createJsonHandler(chatResponseSchema()) },
    );
    warnings.push(...pricingWarnings);
    if (!isChatCompletion(value)) throw this.inBandError(value, JSON.stringify(rawValue), url, body);
    const completion = value;
    const choice = completion.choices.find(c => (c.index ?? 0) === 0) ?? completion.choices[0];

    const content: LanguageModelV3Content[] = [];
    if (choice !== undefined) {
      const message = choice.message;
      const reasoning = message.reasoning_content ?? message.reasoning;
      if (reasoning) content.push({ type: 'reasoning', text: reasoning });
      if (Array.isArray(message.content)) {
        // Text and thinking parts (Mistral's reasoning models), one content part each, in the order sent.
        for (const piece of readContentParts(message.content, 'choices[0].message.content', contentFailure(rawValue)))
          content.push({ type: piece.kind, text: piece.text });
      } else if (message.content) content.push({ type: 'text', text: message.content });
      for (const call of message.tool_calls ?? []) {
        content.push({
          type: 'tool-call',
          toolCallId: call.id ?? generateId(),
          toolName: call.function.name,
          // As sent, valid JSON or not: the AI SDK's repair hook decides.
          input: call.function.arguments ?? '',
        });
      }
    }

    let providerMetadata: SharedV3ProviderMetadata | undefined;
    if (collectChoices || completion.choices.length > 1) {
      providerMetadata = {
        unigate: {
          choices: completion.choices.map((c, position) => ({
            index: c.index ?? position,
            text: contentText(c.message.content, `choices[${position}].message.content`, contentFailure(rawValue)),
            finishReason: c.finish_reason ?? null,
          })),
        },
      };
    }

    const usage = convertChatUsage(completion.usage);
    providerMetadata = withCost(providerMetadata, languageModelCost(price, usage));

    return {
      content,
      finishReason: mapChatFinishReason(choice?.finish_reason),
      usage,
      ...(providerMetadata !== undefined && { providerMetadata }),
      request: { body },
      response: {
        id: completion.id ?? undefined,
        modelId: completion.model ?? undefined,
        timestamp: typeof completion.created === 'number' ? new Date(completion.created * 1000) : undefined,
        headers: responseHeaders,
        body: rawValue,
      },
      warnings,
    };
  }

  /** `extras`: what a wrapper (fallback, budget) adds to the stream, applied in its own parts; see stream-extras.ts. */
  async doStream(options: LanguageModelV3CallOptions, extras?: StreamExtras): Promise<LanguageModelV3StreamResult> {
    const prepared = this.prepareRequest(options);
    // Usage always: it is what the gateway bills.
    const body: ChatRequestBody = { ...prepared.body, stream: true, stream_options: { include_usage: true } };
    const url = this.config.url(this.config.chatBase, '/chat/completions');
    const {
      value: responseBody,
      responseHeaders,
      pricingWarnings,
      finishCost,
      priceWait,
    } = await sendPricedStreamRequest(this.context, languageModelCall(this.modelId, 'chat', options), {
      auth: 'bearer',
      url,
      body,
      successfulResponseHandler: streamingBody,
    });
    const stream = readSseStream(
      responseBody,
      createChatStreamHandler({
        warnings: withExtraWarnings([...prepared.warnings, ...pricingWarnings], extras),
        includeRawChunks: options.includeRawChunks === true,
        collectChoices: prepared.collectChoices,
        finishMetadata: finishMetadataOf(finishCost, extras),
        priceWait,
        request: { url, requestBodyValues: body, secret: this.config.optionalApiKey() },
        spec: this.context.spec,
      }),
      {
        secret: this.config.optionalApiKey(),
        merge: this.config.mergeStreamDeltas ? mergeStreamDelta : undefined,
        opening: extras?.opening,
      },
    );
    return { stream, request: { body }, response: { headers: responseHeaders } };
  }
}
