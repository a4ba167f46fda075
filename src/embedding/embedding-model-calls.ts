import {
  APICallError,
  InvalidArgumentError,
  TooManyEmbeddingValuesForCallError,
  type EmbeddingModelV3CallOptions,
  type EmbeddingModelV3Result,
} from '@ai-sdk/provider';
import type { ResponseHandler } from '@ai-sdk/provider-utils';
import { createJsonHandler } from '../internal/json-response';
import { isObjectRecord } from '../internal/narrow';
import { parseUnigateOptions } from '../internal/provider-options';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { tokenCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateEmbeddingModelId } from '../unigate-model-ids';
import { embeddingListSchema, type EmbeddingRequestBody } from './embedding-api-types';
import { embeddingSizeWarning, readEmbeddingList, type ExpectedSize } from './read-embedding-list';
import { resolveEmbeddingDimensions } from './resolve-embedding-dimensions';
import {
  EMBEDDING_LIMITS,
  EMBEDDING_MODEL_DIMENSIONS,
  unigateEmbeddingProviderOptionsSchema,
} from './unigate-embedding-options';

// What an embedding model's calls run, loaded by its first call (import() in unigate-embedding-model.ts).

/** The model a call is made for. */
export interface EmbeddingCallTarget {
  readonly modelId: UnigateEmbeddingModelId;
  /** `unigate.embedding`. */
  readonly provider: string;
  readonly context: UnigateModelContext;
}

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

/** Validates every setting and builds the body: nothing here touches the network. */
function prepareRequest(target: EmbeddingCallTarget, options: EmbeddingModelV3CallOptions) {
  const { values, providerOptions } = options;
  const { options: unigate, warnings } = parseUnigateOptions(
    providerOptions,
    unigateEmbeddingProviderOptionsSchema(),
    'embedding',
  );
  if (values.length > EMBEDDING_LIMITS.valuesPerCall.max) {
    throw new TooManyEmbeddingValuesForCallError({
      provider: target.provider,
      modelId: target.modelId,
      maxEmbeddingsPerCall: EMBEDDING_LIMITS.valuesPerCall.max,
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
    modelId: target.modelId,
    callOption,
    providerOption: unigate.dimensions,
    warnings,
  });
  const body: EmbeddingRequestBody = {
    model: target.modelId,
    input: values,
    encoding_format: unigate.encodingFormat ?? 'base64',
    ...(dimensions !== undefined && { dimensions }),
    ...(unigate.user !== undefined && { user: unigate.user }),
  };
  const modelSize = EMBEDDING_MODEL_DIMENSIONS[target.modelId];
  const expected: ExpectedSize | undefined =
    dimensions !== undefined
      ? { size: dimensions, reason: 'the dimensions asked for' }
      : modelSize !== undefined
        ? { size: modelSize, reason: `the size of ${target.modelId}` }
        : undefined;
  return { body, warnings, expected };
}

/** Parses the list once and reads the vectors; a list that does not fit the request is an APICallError. */
function answerHandler(inputs: number): ResponseHandler<EmbeddingAnswer> {
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
export async function embedValues(
  target: EmbeddingCallTarget,
  options: EmbeddingModelV3CallOptions,
): Promise<EmbeddingModelV3Result> {
  const { body, warnings, expected } = prepareRequest(target, options);
  // The price is looked up while the vectors are made; it never delays or fails the call.
  const { value, rawValue, responseHeaders, price, pricingWarnings } = await sendPricedRequest(
    target.context,
    { modelId: target.modelId, kind: 'embedding', abortSignal: options.abortSignal, headers: options.headers },
    {
      auth: 'bearer',
      url: target.context.connection.url('base', '/embeddings'),
      body,
      successfulResponseHandler: answerHandler(body.input.length),
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
