import {
  APICallError,
  InvalidArgumentError,
  TooManyEmbeddingValuesForCallError,
  type EmbeddingModelV3,
  type EmbeddingModelV3CallOptions,
  type EmbeddingModelV3Result,
} from '@ai-sdk/provider';
import { EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL, type ResponseHandler } from '@ai-sdk/provider-utils';
import { createJsonHandler } from '../internal/json-response';
import { isObjectRecord } from '../internal/narrow';
import { parseUnigateOptions } from '../internal/provider-options';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { tokenCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { GatewayConnection } from '../unigate-config';
import type { UnigateEmbeddingModelId } from '../unigate-model-ids';
import { embeddingListSchema, type EmbeddingRequestBody } from './embedding-api-types';
import { embeddingSizeWarning, readEmbeddingList, type ExpectedSize } from './read-embedding-list';
import { resolveEmbeddingDimensions } from './resolve-embedding-dimensions';
import {
  EMBEDDING_LIMITS,
  EMBEDDING_MODEL_DIMENSIONS,
  unigateEmbeddingProviderOptionsSchema,
} from './unigate-embedding-options';

interface EmbeddingAnswer {
  embeddings: number[][];
  tokens?: number;
}

/**
 * The response body as `response.body` reports it: parsed, with each `data[].embedding` left out. The
 * vectors are the result's `embeddings`; keeping them twice (a 2048-input base64 answer is ~17 MB of
 * text) would hold that memory for as long as the result lives.
 */
function withoutVectors(rawValue: unknown): unknown {
  if (!isObjectRecord(rawValue) || !Array.isArray(rawValue.data)) return rawValue;
  return {
    ...rawValue,
    data: rawValue.data.map(item => {
      if (!isObjectRecord(item)) return item;
      const { embedding: _vector, ...rest } = item;
      return rest;
    }),
  };
}

/**
 * An embedding model over `POST {base_url}/embeddings`. Created by `gw.embedding(id)`,
 * `gw.embeddingModel(id)` or `gw.textEmbeddingModel(id)`. Vectors travel as base64 by default.
 */
export class UnigateEmbeddingModel implements EmbeddingModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateEmbeddingModelId;
  /** `unigate.embedding`. */
  readonly provider: string;
  /** 2048 inputs per request: `embedMany` splits larger batches. */
  readonly maxEmbeddingsPerCall: number = EMBEDDING_LIMITS.valuesPerCall.max;
  /** 300,000 UTF-8 bytes per request (see EMBEDDING_LIMITS): `embedMany` splits by size too. */
  readonly [EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL]: number = EMBEDDING_LIMITS.inputBytesPerCall.max;
  readonly supportsParallelCalls = true;
  private readonly context: UnigateModelContext;
  private readonly config: GatewayConnection;

  constructor(modelId: UnigateEmbeddingModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.context = context;
    this.config = context.connection;
    this.provider = `${context.connection.provider}.embedding`;
  }

  /** Validates every setting and builds the body: nothing here touches the network. */
  private prepareRequest(options: EmbeddingModelV3CallOptions) {
    const { values, providerOptions } = options;
    const { options: unigate, warnings } = parseUnigateOptions(
      providerOptions,
      unigateEmbeddingProviderOptionsSchema(),
      'embedding',
    );
    if (values.length > this.maxEmbeddingsPerCall) {
      throw new TooManyEmbeddingValuesForCallError({
        provider: this.provider,
        modelId: this.modelId,
        maxEmbeddingsPerCall: this.maxEmbeddingsPerCall,
        values,
      });
    }
    if (values.length < EMBEDDING_LIMITS.valuesPerCall.min) {
      throw new InvalidArgumentError({
        argument: 'values',
        message: 'Invalid argument values: the gateway needs at least 1 input; received 0 items.',
      });
    }
    // ai@7 passes `embed({ dimensions })` through to this V3 model as an extra call option.
    const callOption = 'dimensions' in options ? options.dimensions : undefined;
    const dimensions = resolveEmbeddingDimensions({
      modelId: this.modelId,
      callOption,
      providerOption: unigate.dimensions,
      warnings,
    });
    const body: EmbeddingRequestBody = {
      model: this.modelId,
      input: values,
      encoding_format: unigate.encodingFormat ?? 'base64',
      ...(dimensions !== undefined && { dimensions }),
      ...(unigate.user !== undefined && { user: unigate.user }),
    };
    const modelSize = EMBEDDING_MODEL_DIMENSIONS[this.modelId];
    const expected: ExpectedSize | undefined =
      dimensions !== undefined
        ? { size: dimensions, reason: 'the dimensions asked for' }
        : modelSize !== undefined
          ? { size: modelSize, reason: `the size of ${this.modelId}` }
          : undefined;
    return { body, warnings, expected };
  }

  /** Parses the list once and reads the vectors; a list that does not fit the request is an APICallError. */
  private answerHandler(inputs: number): ResponseHandler<EmbeddingAnswer> {
    const json = createJsonHandler(embeddingListSchema());
    return async options => {
      const { value, rawValue, responseHeaders } = await json(options);
      const fail = (detail: string): never => {
        throw new APICallError({
          message: `Unigate returned an unexpected response body: ${detail}`,
          url: options.url,
          requestBodyValues: options.requestBodyValues,
          statusCode: options.response.status,
          responseHeaders,
          responseBody: JSON.stringify(rawValue),
          isRetryable: false,
        });
      };
      const embeddings = readEmbeddingList(value, inputs, fail);
      return { value: { embeddings, tokens: value.usage?.prompt_tokens }, rawValue, responseHeaders };
    };
  }

  /**
   * `providerMetadata.unigate.cost` is this request's cost, marked `costScope: 'request'` next to the
   * price it came from: `embedMany` merges its requests' metadata key by key, so a batch split over several
   * requests shows the last one's cost, and `unigateCost(result)` prices the summed `usage.tokens` instead.
   */
  async doEmbed(options: EmbeddingModelV3CallOptions): Promise<EmbeddingModelV3Result> {
    const { body, warnings, expected } = this.prepareRequest(options);
    // The price is looked up while the vectors are made; it never delays or fails the call.
    const { value, rawValue, responseHeaders, price, pricingWarnings } = await sendPricedRequest(
      this.context,
      { modelId: this.modelId, kind: 'embedding', abortSignal: options.abortSignal, headers: options.headers },
      {
        auth: 'bearer',
        url: this.config.url('base', '/embeddings'),
        body,
        successfulResponseHandler: this.answerHandler(body.input.length),
      },
    );
    const cost = tokenCost(price, { inputTokens: value.tokens });
    const basis = cost && { unigate: { costScope: 'request', inputPerMillionTokens: price!.inputPerMillionTokens! } };
    const providerMetadata = withCost(basis, cost);
    const sizeWarning = embeddingSizeWarning(value.embeddings, expected);
    return {
      embeddings: value.embeddings,
      ...(value.tokens !== undefined && { usage: { tokens: value.tokens } }),
      ...(providerMetadata !== undefined && { providerMetadata }),
      response: { headers: responseHeaders, body: withoutVectors(rawValue) },
      warnings: [...warnings, ...(sizeWarning ? [sizeWarning] : []), ...pricingWarnings],
    };
  }
}
