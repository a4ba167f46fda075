import type { EmulatorRoute } from '../emulator-context';
import { readMarkers } from '../emulator-faults';
import { errorResponse, jsonResponse } from '../emulator-responses';
import { countTokens, plural } from '../emulator-text';
import { embeddingVector, float32ToBase64 } from './embedding-vectors';

/** Vector sizes (docs/endpoints.md#embedding-dimensions); an embedding model not listed here gets 1536. */
const MODEL_DIMENSIONS: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};
const DEFAULT_DIMENSIONS = 1536;
/** The upstream's documented batch limit (the gateway states none). */
const MAX_INPUTS = 2048;

interface EmbeddingsRequest {
  model: string;
  inputs: string[];
  encoding: 'float' | 'base64';
  dimensions: number;
}

/** The inputs, or the 400 message: a string or a non-empty array of non-empty strings. */
function readInputs(input: unknown): string[] | string {
  if (input === undefined) return 'input is required';
  const inputs = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(inputs)) return 'input must be a string or an array of strings';
  if (inputs.length === 0) return 'input is an empty array';
  if (inputs.length > MAX_INPUTS)
    return `input has ${plural(inputs.length, 'item')}; at most ${MAX_INPUTS} are accepted`;
  for (const [index, item] of inputs.entries()) {
    if (typeof item !== 'string') return `input[${index}] is not a string`;
    if (item === '') return `input[${index}] is an empty string`;
  }
  return inputs as string[];
}

/** The validated request, or the 400 message. */
function readEmbeddingsRequest(body: Record<string, unknown>): EmbeddingsRequest | string {
  const { model, input, encoding_format: encoding = 'float', dimensions, user } = body;
  if (typeof model !== 'string') return 'model is required';
  const inputs = readInputs(input);
  if (typeof inputs === 'string') return inputs;
  if (encoding !== 'float' && encoding !== 'base64') {
    return `encoding_format must be "float" or "base64"; received ${JSON.stringify(encoding)}`;
  }
  if (user !== undefined && typeof user !== 'string') return 'user must be a string';
  const size = MODEL_DIMENSIONS[model] ?? DEFAULT_DIMENSIONS;
  if (dimensions === undefined) return { model, inputs, encoding, dimensions: size };
  if (!model.startsWith('text-embedding-3-')) return `dimensions is not supported by ${model}`;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1 || dimensions > size) {
    return `dimensions must be an integer from 1 to ${size} for ${model}; received ${JSON.stringify(dimensions)}`;
  }
  return { model, inputs, encoding, dimensions };
}

/**
 * `POST {base_url}/embeddings`: one unit-length vector per input (a hashed bag of words, see
 * embedding-vectors.ts) of the model's size or `dimensions`, as JSON numbers (`float`, the default) or
 * little-endian float32 in base64; usage counts the emulator's tokens (prompt_tokens = total_tokens).
 * A `[[emulator:status:<code>]]` marker in any input answers that status. Errors are chat-style 400s.
 */
export const embeddingsRoute: EmulatorRoute = async (_request, context) => {
  const body = context.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return errorResponse('chat', 400, 'The request body must be a JSON object');
  }
  const request = readEmbeddingsRequest(body as Record<string, unknown>);
  if (typeof request === 'string') return errorResponse('chat', 400, request);
  for (const text of request.inputs) {
    const { fault } = readMarkers(text);
    if (fault?.kind === 'status') {
      return errorResponse('chat', fault.status, `Emulated HTTP ${fault.status} ([[emulator:status:${fault.status}]])`);
    }
  }
  let tokens = 0;
  const data = request.inputs.map((text, index) => {
    tokens += countTokens(text);
    const vector = embeddingVector(text, request.dimensions);
    const embedding = request.encoding === 'base64' ? float32ToBase64(vector) : Array.from(vector);
    return { object: 'embedding', index, embedding };
  });
  return jsonResponse({
    object: 'list',
    data,
    model: request.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
};
