import { embed } from 'ai7';
import { describe, expect, it } from 'vitest';
import { createUnigate as createRootUnigate } from '../../src/provider/unigate-provider';
import { DATE_HEADER, v4Gateway } from './v4-kit';

// The /v4 entry's embedding models against the emulator: V4 models, V4's `dimensions`, and the
// deprecated `textEmbeddingModel` accessor.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const deprecated = {
  type: 'deprecated',
  setting: 'textEmbeddingModel',
  message: 'use embeddingModel(id) or embedding(id), which make the same model.',
};

describe('embedding models of the /v4 entry', () => {
  it('are V4 models from every accessor', () => {
    const { gw } = v4Gateway();
    const id = 'text-embedding-3-small';
    for (const model of [gw.embedding(id), gw.embeddingModel(id), gw.textEmbeddingModel(id)]) {
      expect([model.specificationVersion, model.provider, model.modelId, model.maxEmbeddingsPerCall]).toEqual([
        'v4',
        'unigate.embedding',
        id,
        2048,
      ]);
    }
  });

  it('doEmbed honours V4 dimensions: the exact result', async () => {
    const { gw } = v4Gateway();
    const result = await gw.embedding('text-embedding-3-small').doEmbed({ values: ['the cat'], dimensions: 4 });
    expect(result).toEqual({
      embeddings: [[-0.7071067690849304, 0, 0, 0.7071067690849304]],
      usage: { tokens: 2 },
      response: {
        headers: { 'content-type': 'application/json', date: DATE_HEADER },
        body: {
          object: 'list',
          data: [{ object: 'embedding', index: 0 }],
          model: 'text-embedding-3-small',
          usage: { prompt_tokens: 2, total_tokens: 2 },
        },
      },
      warnings: [],
    });
  });

  it('textEmbeddingModel: the same embeddings, with a deprecated warning on every result', async () => {
    const { gw } = v4Gateway();
    const id = 'text-embedding-3-small';
    const current = await gw.embeddingModel(id).doEmbed({ values: ['the cat'] });
    const old = await gw.textEmbeddingModel(id).doEmbed({ values: ['the cat'] });
    expect(old).toEqual({ ...current, warnings: [deprecated] });
    const embedded = await embed({ model: gw.textEmbeddingModel(id), value: 'the cat' });
    expect(embedded.warnings).toEqual([deprecated]);
    expect(embedded.embedding).toEqual(current.embeddings[0]);
  });

  it('the root entry (V3, no deprecated warning type) warns about nothing', async () => {
    const { emulator } = v4Gateway();
    const root = createRootUnigate(emulator.settings);
    const result = await root.textEmbeddingModel('text-embedding-3-small').doEmbed({ values: ['the cat'] });
    expect(result.warnings).toEqual([]);
  });
});
