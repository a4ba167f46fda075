import { APICallError, InvalidArgumentError, TooManyEmbeddingValuesForCallError } from '@ai-sdk/provider';
import { EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL } from '@ai-sdk/provider-utils';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src';
import { API_KEY, failure } from '../helpers/test-kit';
import {
  answering,
  answeringWith,
  EMBEDDINGS_URL,
  echoSizedVectors,
  embeddingList,
  setup,
  sizeWarning,
  toBase64,
  vector,
} from './embedding-fixtures';

describe('embedding model', () => {
  it('declares its batch limits: 2048 inputs and 300,000 input bytes per call, parallel calls', () => {
    const { model } = setup([]);
    expect(model.maxEmbeddingsPerCall).toBe(2048);
    expect((model as unknown as Record<symbol, unknown>)[EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL]).toBe(
      300_000,
    );
    expect(model.supportsParallelCalls).toBe(true);
    expect(model.provider).toBe('unigate.embedding');
  });

  it('posts to {base_url}/embeddings asking for base64, with the bearer key and user agent', async () => {
    const { model, requests } = setup([echoSizedVectors(1536)]);
    const result = await model.doEmbed({ values: ['a', 'b'] });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.url).toBe(EMBEDDINGS_URL);
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['user-agent']).toContain(`unigate-ai-provider/${VERSION}`);
    expect(request.body).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b'], encoding_format: 'base64' });
    expect(result.embeddings).toEqual([vector(0, 1536), vector(1, 1536)]);
    expect(result.usage).toEqual({ tokens: 7 });
    expect(result.warnings).toEqual([]);
  });

  it('sends encoding_format float, dimensions and user from providerOptions.unigate', async () => {
    const { model, requests } = setup([echoSizedVectors(1536)]);
    const result = await model.doEmbed({
      values: ['a'],
      providerOptions: { unigate: { encodingFormat: 'float', dimensions: 256, user: 'user-42' } },
    });
    expect(requests[0].body).toEqual({
      model: 'text-embedding-3-small',
      input: ['a'],
      encoding_format: 'float',
      dimensions: 256,
      user: 'user-42',
    });
    expect(result.embeddings).toEqual([vector(0, 256)]);
  });

  it('reads the dimensions call option ai@7 passes through, over providerOptions', async () => {
    const { model, requests } = setup([echoSizedVectors(1536)]);
    const options = { values: ['a'], dimensions: 64, providerOptions: { unigate: { dimensions: 128 } } };
    const result = await model.doEmbed(options);
    expect((requests[0].body as { dimensions: number }).dimensions).toBe(64);
    expect(result.embeddings[0]).toHaveLength(64);
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message: 'dimensions (64) and providerOptions.unigate.dimensions (128) differ; dimensions was sent.',
      },
    ]);
  });

  it('returns vectors in input order when data comes shuffled', async () => {
    const vectors = [vector(0, 1536), vector(1, 1536), vector(2, 1536)];
    const { model } = answering(embeddingList(vectors.map(toBase64), [2, 0, 1]));
    const result = await model.doEmbed({ values: ['a', 'b', 'c'] });
    expect(result.embeddings).toEqual(vectors);
  });

  it('reports headers, and the body without the vectors (they are the embeddings)', async () => {
    const { model } = answeringWith(() =>
      HttpResponse.json(embeddingList([toBase64(vector(0, 1536))]), { headers: { 'x-request-id': 'req-1' } }),
    );
    const result = await model.doEmbed({ values: ['a'] });
    expect(result.response?.headers?.['x-request-id']).toBe('req-1');
    expect(result.response?.body).toEqual({
      object: 'list',
      data: [{ object: 'embedding', index: 0 }],
      model: 'text-embedding-3-small',
      usage: { prompt_tokens: 7, total_tokens: 7 },
    });
  });

  it('an unknown option key is an unsupported warning', async () => {
    const { model } = setup([echoSizedVectors(1536)]);
    const result = await model.doEmbed({ values: ['a'], providerOptions: { unigate: { n: 2 } } });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.n',
        details: 'The embedding model does not read this option.',
      },
    ]);
  });

  it.each([
    [
      'dimensions on ada-002',
      'text-embedding-ada-002',
      { providerOptions: { unigate: { dimensions: 256 } } },
      'providerOptions.unigate.dimensions',
    ],
    ['dimensions 0', 'text-embedding-3-small', { dimensions: 0 }, 'dimensions'],
    ['dimensions over the size', 'text-embedding-3-large', { dimensions: 4000 }, 'dimensions'],
    [
      'a wrong encodingFormat',
      'text-embedding-3-small',
      { providerOptions: { unigate: { encodingFormat: 'binary' } } },
      'providerOptions.unigate.encodingFormat',
    ],
    ['no values', 'text-embedding-3-small', { values: [] }, 'values'],
  ])('%s fails before any request', async (_name, modelId, options, argument) => {
    const { gw, requests } = setup([echoSizedVectors(1536)]);
    const error = await failure(gw.embedding(modelId).doEmbed({ values: ['a'], ...options }));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error.argument).toBe(argument);
    expect(requests).toHaveLength(0);
  });

  it('more than 2048 values fail before any request', async () => {
    const { model, requests } = setup([echoSizedVectors(1536)]);
    const error = await failure(model.doEmbed({ values: Array.from({ length: 2049 }, (_, i) => `v${i}`) }));
    expect(TooManyEmbeddingValuesForCallError.isInstance(error)).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('a vector shorter than the model size is returned, with a warning giving both sizes', async () => {
    const { model } = answering(embeddingList([toBase64(vector(0, 1535))]));
    const result = await model.doEmbed({ values: ['a'] });
    expect(result.embeddings).toEqual([vector(0, 1535)]);
    expect(result.warnings).toEqual([sizeWarning(1535, 1536, 'the size of text-embedding-3-small')]);
  });

  it('vectors of the model size when 256 dimensions were asked for are returned, with a warning giving both sizes', async () => {
    const { model } = answering(embeddingList([vector(0, 1536), vector(1, 1536)]));
    const result = await model.doEmbed({ values: ['a', 'b'], providerOptions: { unigate: { dimensions: 256 } } });
    expect(result.embeddings).toEqual([vector(0, 1536), vector(1, 1536)]);
    expect(result.warnings).toEqual([sizeWarning(1536, 256, 'the dimensions asked for')]);
  });

  it('vectors of different lengths within one response stay an error', async () => {
    const { model } = answering(embeddingList([vector(0, 1536), vector(1, 1535)]));
    const error = await failure(model.doEmbed({ values: ['a', 'b'] }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unigate returned an unexpected response body: data.1.embedding has 1535 values; data.0.embedding has 1536',
    );
    expect(error.isRetryable).toBe(false);
  });

  it('a count mismatch is an error', async () => {
    const { model } = answering(embeddingList([vector(0, 1536)]));
    const error = await failure(model.doEmbed({ values: ['a', 'b'] }));
    expect(error.message).toBe('Unigate returned an unexpected response body: data has 1 embeddings for 2 inputs');
  });

  it('an unknown model id has no known size: any length is taken, without a warning', async () => {
    const { gw } = setup([echoSizedVectors(10)]);
    const result = await gw.embedding('my-embedder').doEmbed({ values: ['a'] });
    expect(result.embeddings[0]).toHaveLength(10);
    expect(result.warnings).toEqual([]);
  });

  it('a body without data names the field', async () => {
    const { model } = answering({ object: 'list' });
    const error = await failure(model.doEmbed({ values: ['a'] }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/^Unigate returned an unexpected response body: data: /);
  });

  it('a gateway error is an APICallError with the gateway message', async () => {
    const { model } = answering(
      { error: { type: 'invalid_request_error', message: 'input[0] is an empty string', code: 400 } },
      { status: 400 },
    );
    const error = await failure(model.doEmbed({ values: [''] }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain('input[0] is an empty string');
  });
});
