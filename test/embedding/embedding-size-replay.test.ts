import { createOpenAI } from '@ai-sdk/openai';
import { embed } from 'ai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockFetch } from '../helpers/mock-fetch';
import { API_KEY, SITE_URL, setup } from '../helpers/test-kit';
import { sizeWarning } from './embedding-fixtures';

// A response as recorded from an OpenAI-style embeddings endpoint whose upstream made short vectors:
// 5 values for text-embedding-3-small, whose documented size is 1536.
const RECORDED = {
  object: 'list',
  data: [
    {
      object: 'embedding',
      index: 0,
      embedding: [0.0023064255, -0.009327292, 0.015797347, -0.0077780345, -0.0046922187],
    },
  ],
  model: 'text-embedding-3-small',
  usage: { prompt_tokens: 4, total_tokens: 4 },
};
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const replay = http.post(`${SITE_URL}/v1/embeddings`, () => HttpResponse.json(RECORDED));

describe('embedding sizes the documented table does not predict', () => {
  it('a replayed 5-value answer is read as @ai-sdk/openai reads it, with a warning giving both sizes', async () => {
    const openaiFetch = createMockFetch(replay);
    const openai = createOpenAI({ apiKey: API_KEY, baseURL: `${SITE_URL}/v1`, fetch: openaiFetch.fetch });
    const reference = await openai.embedding('text-embedding-3-small').doEmbed({ values: ['sunny day'] });

    const { gw } = setup([replay]);
    // Float on the wire, as recorded: the replay answers float whatever encoding was asked for.
    const result = await gw.embedding('text-embedding-3-small').doEmbed({ values: ['sunny day'] });

    expect(result.embeddings).toEqual(reference.embeddings);
    expect(result.embeddings).toEqual([RECORDED.data[0].embedding]);
    expect(result.usage).toEqual({ tokens: 4 });
    expect(result.warnings).toEqual([sizeWarning(5, 1536, 'the size of text-embedding-3-small')]);
  });

  it('warns when the gateway ignores dimensions, and the AI SDK passes the warning and the vectors on', async () => {
    const { gw } = setup([replay]);
    const result = await embed({
      model: gw.embedding('text-embedding-3-small'),
      value: 'sunny day',
      providerOptions: { unigate: { dimensions: 256 } },
    });
    expect(result.embedding).toEqual(RECORDED.data[0].embedding);
    expect(result.warnings).toEqual([sizeWarning(5, 256, 'the dimensions asked for')]);
  });
});
