import {
  APICallError,
  TooManyEmbeddingValuesForCallError,
  type EmbeddingModelV3CallOptions,
  type EmbeddingModelV3Result,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import type { ResponseHandler } from '@ai-sdk/provider-utils';
import { createJsonHandler } from '../transport/gateway-request';
import { isObjectRecord } from '../checks/values';
import { decodeBase64, parseUnigateOptions } from '../prompt/call-options';
import { checkInteger, failArgument } from '../checks/validate-argument';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { tokenCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateEmbeddingModelId } from '../settings/unigate-model-ids';
import { embeddingListSchema, type EmbeddingList, type EmbeddingRequestBody } from './embedding-api-types';
import {
  DIMENSIONS_MODEL_PREFIX,
  EMBEDDING_LIMITS,
  EMBEDDING_MODEL_DIMENSIONS,
  unigateEmbeddingProviderOptionsSchema,
} from './unigate-embedding-options';

// What an embedding model's calls run, loaded by its first call (import() in unigate-embedding-model.ts):
// the checks of a call's options, the request, and the reading of the vectors.

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

/**
 * The `dimensions` to send, checked: ai@7's `embed({ dimensions })` call option (absent from the V3
 * call options, so read as unknown) wins over `providerOptions.unigate.dimensions`. Only
 * `text-embedding-3-*` models take it; it must be a positive integer, at most the model's size.
 */
export function resolveEmbeddingDimensions({
  modelId,
  callOption,
  providerOption,
  warnings,
}: {
  modelId: string;
  callOption: unknown;
  providerOption: number | undefined;
  warnings: SharedV3Warning[];
}): number | undefined {
  const fromCall = callOption !== undefined && callOption !== null;
  const value = fromCall ? callOption : providerOption;
  if (value === undefined) return undefined;
  const argument = fromCall ? 'dimensions' : 'providerOptions.unigate.dimensions';

  if (typeof value !== 'number') failArgument(argument, 'the gateway accepts an integer', value);
  if (!modelId.startsWith(DIMENSIONS_MODEL_PREFIX)) {
    failArgument(
      argument,
      `the gateway accepts dimensions only for ${DIMENSIONS_MODEL_PREFIX}* models, not "${modelId}"`,
      value,
    );
  }
  checkInteger(argument, value, { ...EMBEDDING_LIMITS.dimensions, max: EMBEDDING_MODEL_DIMENSIONS[modelId] });
  if (fromCall && providerOption !== undefined && providerOption !== value) {
    warnings.push({
      type: 'other',
      message: `dimensions (${value}) and providerOptions.unigate.dimensions (${providerOption}) differ; dimensions was sent.`,
    });
  }
  return value;
}

/**
 * Decodes a base64 embedding (little-endian float32 values, as `encoding_format: 'base64'` sends them) to
 * numbers, bit for bit what the float encoding would give, on hosts of either byte order. `undefined` when
 * the text is not base64 or its byte count is not a multiple of four.
 */
export function decodeBase64Embedding(base64: string): number[] | undefined {
  const bytes = decodeBase64(base64);
  if (bytes === undefined || bytes.length % 4 !== 0) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.length >> 2;
  // Created as a double array of the final length: `new Array(count)` would start as a small-integer
  // array and be copied on the first float stored, doubling the garbage of a large batch.
  const vector = [0.5];
  vector.length = count;
  for (let i = 0; i < count; i++) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}

/** The vector length a response should have, and why (for the warning). */
interface ExpectedSize {
  size: number;
  /** e.g. `the dimensions asked for`, `the size of text-embedding-3-small`. */
  reason: string;
}

/** One vector of the list as numbers: base64 decoded, a float array checked element by element. */
function vectorOf(embedding: string | unknown[], at: string, fail: (detail: string) => never): number[] {
  if (typeof embedding === 'string') {
    return decodeBase64Embedding(embedding) ?? fail(`${at} is not base64 of float32 values`);
  }
  if (isNumbers(embedding)) return embedding;
  const i = embedding.findIndex(value => typeof value !== 'number');
  return fail(`${at}[${i}]: expected a number, received ${JSON.stringify(embedding[i])}`);
}

function isNumbers(values: unknown[]): values is number[] {
  return values.every(value => typeof value === 'number');
}

/**
 * The vectors of an embedding list in input order (by `index`, whatever order `data` came in). One
 * vector per input, each index once, every vector of one length: anything else calls `fail`, because a
 * missing, doubled or odd-sized vector would silently pair the wrong text with a vector.
 */
export function readEmbeddingList(list: EmbeddingList, inputs: number, fail: (detail: string) => never): number[][] {
  const { data } = list;
  if (data.length !== inputs) fail(`data has ${data.length} embeddings for ${inputs} inputs`);
  const vectors = new Array<number[]>(inputs);
  let size: number | undefined;
  for (let position = 0; position < data.length; position++) {
    const { index, embedding } = data[position]!;
    if (index < 0 || index >= inputs) fail(`data.${position}.index is ${index}; the request had ${inputs} inputs`);
    if (vectors[index] !== undefined) fail(`data.${position}.index ${index} appears twice`);
    const vector = vectorOf(embedding, `data.${position}.embedding`, fail);
    if (vector.length === 0) fail(`data.${position}.embedding is empty`);
    size ??= vector.length;
    if (vector.length !== size)
      fail(`data.${position}.embedding has ${vector.length} values; data.0.embedding has ${size}`);
    vectors[index] = vector;
  }
  return vectors;
}

/**
 * A warning when the vectors' length is not the one expected. Not an error: the gateway may route a
 * model to another upstream, so neither the documented sizes nor the `dimensions` asked for bind it,
 * and the vectors are returned as they came.
 */
export function embeddingSizeWarning(
  vectors: number[][],
  expected: ExpectedSize | undefined,
): SharedV3Warning | undefined {
  const received = vectors[0]?.length;
  if (expected === undefined || received === undefined || received === expected.size) return undefined;
  return {
    type: 'other',
    message:
      `Unigate returned vectors of ${received} values; expected ${expected.size} (${expected.reason}). ` +
      'The gateway may have answered from another upstream model; the vectors are returned as received.',
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
  if (values.length < EMBEDDING_LIMITS.valuesPerCall.min)
    failArgument('values', 'the gateway needs at least 1 input', values);
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
      config: target.context.connection,
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
