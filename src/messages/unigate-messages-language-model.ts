import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { readCallReasoning } from '../prompt/provider-options';
import { createJsonHandler } from '../transport/json-response';
import { checkModelKind } from '../settings/model-kind';
import { parseUnigateOptions } from '../prompt/provider-options';
import { mergeStreamDelta } from '../streams/merge-stream-deltas';
import { readSseStream, streamingBody } from '../streams/sse-reader';
import { finishMetadataOf, type StreamExtras, takesStreamExtras, withExtraWarnings } from '../streams/stream-extras';
import { IMAGE_URLS } from '../prompt/image-media-type';
import { checkInteger, checkRange } from '../checks/validate-argument';
import { languageModelCall, type PricedCall, sendPricedRequest } from '../model-call/send-priced-request';
import { sendPricedStreamRequest } from '../model-call/send-priced-stream-request';
import { withCost } from '../model-call/with-cost';
import { languageModelCost } from '../pricing/language-model-cost';
import type { MessagesModelConfig, UnigateModelContext } from '../model-call/model-context';
import type { UnigateMessagesModelId } from '../settings/unigate-model-ids';
import { convertMessagesUsage, oneHourCacheWrites } from './convert-messages-usage';
import { convertToMessagesPrompt } from './convert-to-messages-prompt';
import { mapMessagesStopReason } from './map-messages-stop-reason';
import { messagesResponseSchema, type MessagesRequestBody } from './messages-api-types';
import { longestCacheTtl, placeCacheBreakpoints } from './place-cache-breakpoints';
import type { CacheBreakpointLabels } from '../prompt/read-cache-control';
import { resolveMessagesThinking } from './resolve-messages-thinking';
import { sendWithCacheFallback } from './retry-without-cache';
import { createMessagesStreamHandler } from './messages-stream-handler';
import { JSON_RESPONSE_TOOL_NAME, prepareMessagesTools } from './prepare-messages-tools';
import {
  DEFAULT_MESSAGES_MAX_TOKENS,
  MESSAGES_LIMITS,
  unigateMessagesProviderOptionsSchema,
} from './unigate-messages-options';

interface PreparedCall {
  body: MessagesRequestBody;
  warnings: SharedV3Warning[];
  jsonResponseTool: boolean;
}

/** A language model over the messages format (`POST {site_url}/api/v1/messages`). */
export class UnigateMessagesLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly [takesStreamExtras] = true as const;
  readonly provider: string;
  readonly modelId: UnigateMessagesModelId;
  // http(s) image URLs go to the gateway as `url` image sources instead of being downloaded first.
  readonly supportedUrls: Record<string, RegExp[]> = IMAGE_URLS;

  private readonly context: UnigateModelContext;
  private readonly config: MessagesModelConfig;

  constructor(modelId: UnigateMessagesModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.context = context;
    this.config = context.messages;
    this.provider = `${context.messages.provider}.messages`;
  }

  private get url(): string {
    return this.config.url('site', '/api/v1/messages');
  }

  private prepareRequest(options: LanguageModelV3CallOptions): PreparedCall {
    checkModelKind(this.modelId, 'language');
    const { options: unigate, warnings } = parseUnigateOptions(
      options.providerOptions,
      unigateMessagesProviderOptionsSchema(),
      'messages-format',
    );
    checkInteger('maxOutputTokens', options.maxOutputTokens, MESSAGES_LIMITS.maxOutputTokens);
    checkRange('temperature', options.temperature, MESSAGES_LIMITS.temperature);
    checkRange('topP', options.topP, MESSAGES_LIMITS.topP);
    checkInteger('topK', options.topK, MESSAGES_LIMITS.topK);
    const thinking = resolveMessagesThinking({
      option: unigate.thinking,
      reasoning: readCallReasoning(options),
      maxOutputTokens: options.maxOutputTokens,
      warnings,
    });
    const budget = thinking?.type === 'enabled' ? thinking.budget_tokens : undefined;

    const cacheLabels: CacheBreakpointLabels = new Map();
    const prompt = convertToMessagesPrompt(options.prompt, cacheLabels);
    warnings.push(...prompt.warnings);
    const tools = prepareMessagesTools({
      tools: options.tools,
      toolChoice: options.toolChoice,
      responseFormat: options.responseFormat,
      thinkingEnabled: budget !== undefined,
      cacheLabels,
    });
    warnings.push(...tools.warnings);

    for (const feature of ['frequencyPenalty', 'presencePenalty', 'seed'] as const) {
      if (options[feature] !== undefined) {
        warnings.push({
          type: 'unsupported',
          feature,
          details: 'The messages endpoint has no such parameter; it was not sent.',
        });
      }
    }

    let { temperature, topK, topP } = options;
    if (budget !== undefined) {
      // Upstream, sampling is fixed while the model thinks; sending these would fail the request.
      for (const feature of ['temperature', 'topK'] as const) {
        if (options[feature] !== undefined) {
          warnings.push({
            type: 'unsupported',
            feature,
            details: 'Not available together with extended thinking; it was not sent.',
          });
        }
      }
      temperature = undefined;
      topK = undefined;
      // topP only narrows to 0.95-1 while thinking: a lower one would fail the request as well.
      const { min, max } = MESSAGES_LIMITS.thinkingTopP;
      if (topP !== undefined && topP < min) {
        warnings.push({
          type: 'unsupported',
          feature: 'topP',
          details: `With extended thinking the gateway accepts topP from ${min} to ${max} only; received ${topP}, which was not sent.`,
        });
        topP = undefined;
      }
    }

    const body: MessagesRequestBody = {
      model: this.modelId,
      max_tokens: options.maxOutputTokens ?? (budget ?? 0) + DEFAULT_MESSAGES_MAX_TOKENS,
      ...(prompt.system !== undefined && { system: prompt.system }),
      messages: prompt.messages,
      ...(temperature !== undefined && { temperature }),
      ...(topP !== undefined && { top_p: topP }),
      ...(topK !== undefined && { top_k: topK }),
      ...(options.stopSequences !== undefined &&
        options.stopSequences.length > 0 && { stop_sequences: options.stopSequences }),
      ...(unigate?.userId !== undefined && { metadata: { user_id: unigate.userId } }),
      ...(thinking && { thinking }),
      ...(tools.tools !== undefined && { tools: tools.tools }),
      ...(tools.toolChoice !== undefined && { tool_choice: tools.toolChoice }),
    };
    const caching = this.config.promptCaching;
    const mode = caching.refused ? 'none' : caching.mode === 'auto' ? 'auto' : 'explicit';
    warnings.push(...placeCacheBreakpoints(body, mode, cacheLabels));
    return { body, warnings, jsonResponseTool: tools.jsonResponseTool };
  }

  /** The call as priced: cache writes the usage does not split by TTL count at the longest TTL the body asks for. */
  private pricedCall(options: LanguageModelV3CallOptions, body: MessagesRequestBody): PricedCall {
    const ttl = longestCacheTtl(body);
    return {
      ...languageModelCall(this.modelId, 'messages', options),
      oneHourCacheWrites: usage => oneHourCacheWrites(usage, ttl),
    };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const prepared = this.prepareRequest(options);
    const { warnings, jsonResponseTool } = prepared;
    const call = this.pricedCall(options, prepared.body);
    const {
      result: { value: response, rawValue, responseHeaders, price, pricingWarnings },
      body,
    } = await sendWithCacheFallback(prepared.body, this.config.promptCaching, warnings, body =>
      sendPricedRequest(this.context, call, {
        auth: 'x-api-key',
        url: this.url,
        body,
        successfulResponseHandler: createJsonHandler(messagesResponseSchema()),
      }),
    );
    warnings.push(...pricingWarnings);

    const content: LanguageModelV3Content[] = [];
    let usedRealTool = false;
    for (const block of response.content) {
      switch (block.type) {
        case 'text':
          content.push({ type: 'text', text: block.text });
          break;
        case 'thinking':
          content.push({
            type: 'reasoning',
            text: block.thinking,
            ...(typeof block.signature === 'string' && {
              providerMetadata: { unigate: { signature: block.signature } },
            }),
          });
          break;
        case 'redacted_thinking':
          content.push({ type: 'reasoning', text: '', providerMetadata: { unigate: { redactedData: block.data } } });
          break;
        case 'tool_use': {
          const input = JSON.stringify(block.input ?? {});
          if (jsonResponseTool && block.name === JSON_RESPONSE_TOOL_NAME) {
            content.push({ type: 'text', text: input });
          } else {
            usedRealTool = true;
            content.push({ type: 'tool-call', toolCallId: block.id, toolName: block.name, input });
          }
          break;
        }
        default:
          // Block kinds the spec does not name carry nothing the V3 content can hold.
          break;
      }
    }

    const usage = convertMessagesUsage(response.usage);
    const metadata = { unigate: { stopSequence: response.stop_sequence ?? null } };
    return {
      content,
      finishReason: mapMessagesStopReason(response.stop_reason, jsonResponseTool && !usedRealTool),
      usage,
      providerMetadata: withCost(metadata, languageModelCost(price, usage, call.oneHourCacheWrites?.(usage))),
      request: { body },
      response: {
        ...(response.id != null && { id: response.id }),
        ...(response.model != null && { modelId: response.model }),
        headers: responseHeaders,
        body: rawValue,
      },
      warnings,
    };
  }

  /** `extras`: what a wrapper (fallback, budget) adds to the stream, applied in its own parts; see stream-extras.ts. */
  async doStream(options: LanguageModelV3CallOptions, extras?: StreamExtras): Promise<LanguageModelV3StreamResult> {
    const prepared = this.prepareRequest(options);
    const { warnings, jsonResponseTool } = prepared;
    const url = this.url;
    const call = this.pricedCall(options, prepared.body);
    // A refused breakpoint is retried here, before the stream is handed over.
    const {
      result: { value: responseBody, responseHeaders, pricingWarnings, finishCost, priceWait },
      body,
    } = await sendWithCacheFallback(prepared.body, this.config.promptCaching, warnings, body =>
      sendPricedStreamRequest(this.context, call, {
        auth: 'x-api-key',
        url,
        body: { ...body, stream: true },
        successfulResponseHandler: streamingBody,
      }),
    );
    const requestBody = { ...body, stream: true };

    const secret = this.config.optionalApiKey();
    const handler = createMessagesStreamHandler({
      warnings: withExtraWarnings([...warnings, ...pricingWarnings], extras),
      includeRawChunks: options.includeRawChunks === true,
      jsonResponseTool,
      finishMetadata: finishMetadataOf(finishCost, extras),
      priceWait,
      request: { url, requestBodyValues: requestBody, secret },
      spec: this.context.spec,
    });

    return {
      stream: readSseStream(responseBody, handler, {
        secret,
        merge: this.config.mergeStreamDeltas ? mergeStreamDelta : undefined,
        opening: extras?.opening,
      }),
      request: { body: requestBody },
      response: { headers: responseHeaders },
    };
  }
}
