import { describe, expect, it } from 'vitest';
import { createUnigateEmulator, SAMPLE_MODELS } from '../../src/testing/index';
import { SAMPLE_CATALOG_NOTE } from '../../src/testing/sample-catalog';

const emulator = createUnigateEmulator();

interface Entry {
  id: string;
  provider: string;
  type: string;
  contextWindow?: number | string;
  inputPrice: number | string;
  outputPrice: number | string;
  isNew: boolean;
}

async function catalog(query = '') {
  const response = await emulator.fetch(`http://unigate.emulator/api/public/models${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  return (await response.json()) as {
    success: boolean;
    error?: string;
    data: Entry[];
    pagination: { total: number; page: number; limit: number };
    providers: Array<{ name: string; count: number }>;
  };
}

async function allEntries(query = ''): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let page = 1; ; page++) {
    const body = await catalog(`?limit=100&page=${page}${query}`);
    entries.push(...body.data);
    if (page * 100 >= body.pagination.total) return entries;
  }
}

describe('sample catalog', () => {
  it('is labelled as sample data', () => {
    expect(SAMPLE_CATALOG_NOTE).toMatch(/^Sample data/);
    expect(SAMPLE_CATALOG_NOTE).toContain('not the real gateway catalog');
  });

  it('lists over 200 models from at least 10 providers, all five types', async () => {
    const entries = await allEntries();
    expect(entries.length).toBe(SAMPLE_MODELS.length);
    expect(entries.length).toBeGreaterThan(200);
    expect(new Set(entries.map(e => e.id)).size).toBe(entries.length);
    expect(new Set(entries.map(e => e.provider)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(entries.map(e => e.type))).toEqual(new Set(['chat', 'audio', 'embedding', 'image', 'video']));
  });

  it('holds the ids other parts rely on, with exactly five image and six video models', async () => {
    const byId = new Map((await allEntries()).map(e => [e.id, e]));
    const expected: Array<[string, string, string]> = [
      ['gpt-4o-mini', 'OpenAI', 'chat'],
      ['gpt-4o', 'OpenAI', 'chat'],
      ['deepseek-reasoner', 'DeepSeek', 'chat'],
      ['claude-sonnet-4-5', 'Anthropic', 'chat'],
      ['claude-3-5-haiku', 'Anthropic', 'chat'],
      ['claude-opus-4-1', 'Anthropic', 'chat'],
      ['text-embedding-3-small', 'OpenAI', 'embedding'],
      ['text-embedding-3-large', 'OpenAI', 'embedding'],
      ['text-embedding-ada-002', 'OpenAI', 'embedding'],
      ['tts-1', 'OpenAI', 'audio'],
      ['tts-1-hd', 'OpenAI', 'audio'],
      ['whisper-1', 'OpenAI', 'audio'],
    ];
    for (const [id, provider, type] of expected) expect(byId.get(id)).toMatchObject({ id, provider, type });
    const ofType = (type: string) => [...byId.values()].filter(e => e.type === type).map(e => e.id);
    expect(ofType('image')).toEqual([
      'dall-e-3',
      'dall-e-2',
      'gpt-image-1',
      'stable-diffusion-3.5-large',
      'ideogram-v3',
    ]);
    expect(ofType('video')).toEqual([
      'veo-3',
      'veo-3-fast',
      'kling-v2.1',
      'runway-gen4-turbo',
      'hailuo-02',
      'seedance-1-pro',
    ]);
    expect(ofType('audio')).toEqual(['tts-1', 'tts-1-hd', 'whisper-1']);
    expect(SAMPLE_MODELS.find(m => m.id === 'deepseek-reasoner')?.reasoning).toBe(true);
  });

  it('carries the spec prices and mixes numbers, numeric strings and absent context windows', async () => {
    const entries = await allEntries();
    const price = (id: string) => Number(entries.find(e => e.id === id)!.inputPrice);
    expect([price('tts-1'), price('tts-1-hd'), price('whisper-1')]).toEqual([3.75, 7.5, 0.003]);
    expect([price('text-embedding-3-small'), price('text-embedding-3-large'), price('text-embedding-ada-002')]).toEqual(
      [0.01, 0.065, 0.05],
    );
    expect(entries.some(e => typeof e.inputPrice === 'string')).toBe(true);
    expect(entries.some(e => typeof e.contextWindow === 'string')).toBe(true);
    expect(entries.some(e => e.contextWindow === undefined && e.type === 'chat')).toBe(true);
    expect(entries.some(e => e.isNew)).toBe(true);
    expect(entries.some(e => Number(e.inputPrice) === 0)).toBe(true);
    for (const e of entries) {
      expect(Number.isFinite(Number(e.inputPrice))).toBe(true);
      expect(Number.isFinite(Number(e.outputPrice))).toBe(true);
      if (e.contextWindow !== undefined) expect(Number.isInteger(Number(e.contextWindow))).toBe(true);
      expect(Object.keys(e).sort()).toEqual(
        [
          'id',
          'provider',
          'type',
          'inputPrice',
          'outputPrice',
          'isNew',
          ...(e.contextWindow !== undefined ? ['contextWindow'] : []),
        ].sort(),
      );
    }
  });
});

describe('GET /api/public/models', () => {
  it('pages 50 models at a time by default', async () => {
    const first = await catalog();
    expect(first.success).toBe(true);
    expect(first.data).toHaveLength(50);
    expect(first.pagination).toEqual({ total: SAMPLE_MODELS.length, page: 1, limit: 50 });
    expect(first.data.map(e => e.id)).toEqual(SAMPLE_MODELS.slice(0, 50).map(m => m.id));

    const pages = Math.ceil(SAMPLE_MODELS.length / 50);
    const last = await catalog(`?page=${pages}`);
    expect(last.data.map(e => e.id)).toEqual(SAMPLE_MODELS.slice((pages - 1) * 50).map(m => m.id));
    expect((await catalog(`?page=${pages + 1}`)).data).toEqual([]);
  });

  it('honours limit and page', async () => {
    const body = await catalog('?limit=7&page=3');
    expect(body.pagination).toEqual({ total: SAMPLE_MODELS.length, page: 3, limit: 7 });
    expect(body.data.map(e => e.id)).toEqual(SAMPLE_MODELS.slice(14, 21).map(m => m.id));
  });

  it('filters by lower-case provider name and counts providers over the whole search', async () => {
    const body = await catalog('?provider=deepseek&limit=100');
    const deepseek = SAMPLE_MODELS.filter(m => m.provider === 'DeepSeek');
    expect(body.data.map(e => e.id)).toEqual(deepseek.map(m => m.id));
    expect(body.pagination.total).toBe(deepseek.length);
    // Provider tabs keep listing every provider while one is selected.
    expect(body.providers.length).toBeGreaterThanOrEqual(10);
    expect(body.providers.find(p => p.name === 'DeepSeek')).toEqual({ name: 'DeepSeek', count: deepseek.length });
    expect(body.providers.reduce((sum, p) => sum + p.count, 0)).toBe(SAMPLE_MODELS.length);
    expect((await catalog('?provider=DeepSeek')).pagination.total).toBe(deepseek.length);
    expect((await catalog('?provider=nobody')).pagination.total).toBe(0);
  });

  it('searches id and provider name case-insensitively; provider counts follow the search', async () => {
    const byId = await catalog('?search=EMBEDDING');
    expect(byId.data.map(e => e.id)).toEqual([
      'text-embedding-3-small',
      'text-embedding-3-large',
      'text-embedding-ada-002',
    ]);
    expect(byId.providers).toEqual([{ name: 'OpenAI', count: 3 }]);

    const byProvider = await catalog('?search=anthropic&limit=100');
    expect(byProvider.pagination.total).toBe(SAMPLE_MODELS.filter(m => m.provider === 'Anthropic').length);

    const combined = await catalog('?search=gemma&provider=google&limit=100');
    expect(combined.data.every(e => e.id.includes('gemma') && e.provider === 'Google')).toBe(true);
    expect(combined.providers).toEqual([
      { name: 'Google', count: SAMPLE_MODELS.filter(m => m.id.includes('gemma')).length },
    ]);

    expect((await catalog('?search=')).pagination.total).toBe(SAMPLE_MODELS.length);
    expect((await catalog('?search=%20%20')).pagination.total).toBe(SAMPLE_MODELS.length);
  });

  it('answers an invalid query with HTTP 200 and the failure envelope', async () => {
    expect(await catalog('?page=0')).toEqual({
      success: false,
      error: "Invalid page: expected an integer from 1, got '0'",
    });
    expect(await catalog('?limit=0')).toEqual({
      success: false,
      error: "Invalid limit: expected an integer from 1 to 100, got '0'",
    });
    expect(await catalog('?limit=101')).toEqual({
      success: false,
      error: "Invalid limit: expected an integer from 1 to 100, got '101'",
    });
    expect(await catalog('?limit=ten')).toEqual({
      success: false,
      error: "Invalid limit: expected an integer from 1 to 100, got 'ten'",
    });
    expect(await catalog('?page=1.5')).toEqual({
      success: false,
      error: "Invalid page: expected an integer from 1, got '1.5'",
    });
    expect(await catalog('?page=-2')).toEqual({
      success: false,
      error: "Invalid page: expected an integer from 1, got '-2'",
    });
  });
});
