import { describe, expect, it } from 'vitest';
import { createUnigateEmulator } from '../../src/testing/index';
import { embeddingVector, float32ToBase64 } from '../../src/testing/routes/embedding-vectors';

const emulator = createUnigateEmulator();
const HEADERS = { authorization: 'Bearer sk-unigate-emulator', 'content-type': 'application/json' };

async function post(body: Record<string, unknown>) {
  const response = await emulator.fetch('http://unigate.emulator/v1/embeddings', {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const norm = (v: ArrayLike<number>) => Math.sqrt(Array.from(v).reduce((sum, x) => sum + x * x, 0));

describe('emulator POST /v1/embeddings', () => {
  it('answers float vectors of the model size by default, with usage (prompt = total)', async () => {
    const { status, json } = await post({ model: 'text-embedding-3-small', input: ['Hello there', 'Hi'] });
    expect(status).toBe(200);
    expect(json.object).toBe('list');
    expect(json.model).toBe('text-embedding-3-small');
    expect(json.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    expect(json.data.map((d: { index: number; object: string }) => [d.index, d.object])).toEqual([
      [0, 'embedding'],
      [1, 'embedding'],
    ]);
    expect(json.data[0].embedding).toHaveLength(1536);
    expect(norm(json.data[0].embedding)).toBeCloseTo(1, 5);
  });

  it('takes a single string, and serves each model at its size', async () => {
    for (const [model, size] of [
      ['text-embedding-3-large', 3072],
      ['text-embedding-ada-002', 1536],
    ] as const) {
      const { json } = await post({ model, input: 'one text' });
      expect(json.data).toHaveLength(1);
      expect(json.data[0].embedding).toHaveLength(size);
    }
  });

  it('base64 carries the same float32 values, little-endian', async () => {
    const body = { model: 'text-embedding-3-small', input: 'same text', dimensions: 16 };
    const float = (await post(body)).json.data[0].embedding as number[];
    const base64 = (await post({ ...body, encoding_format: 'base64' })).json.data[0].embedding as string;
    expect(typeof base64).toBe('string');
    const bytes = Uint8Array.from(atob(base64), c => c.charCodeAt(0));
    const view = new DataView(bytes.buffer);
    expect(Array.from({ length: 16 }, (_, i) => view.getFloat32(i * 4, true))).toEqual(float);
    expect(base64).toBe(float32ToBase64(embeddingVector('same text', 16)));
  });

  it('honours dimensions on text-embedding-3-* models; the vectors stay unit length', async () => {
    const { json } = await post({ model: 'text-embedding-3-large', input: 'x y z', dimensions: 3072 });
    expect(json.data[0].embedding).toHaveLength(3072);
    const small = await post({ model: 'text-embedding-3-small', input: 'x y z', dimensions: 5 });
    expect(small.json.data[0].embedding).toHaveLength(5);
    expect(norm(small.json.data[0].embedding)).toBeCloseTo(1, 5);
  });

  it('is deterministic, and shared words mean nearer vectors', async () => {
    const a = embeddingVector('red apple pie', 64);
    expect(embeddingVector('red apple pie', 64)).toEqual(a);
    const dot = (x: Float32Array, y: Float32Array) => x.reduce((sum, v, i) => sum + v * y[i]!, 0);
    expect(dot(a, embeddingVector('Apple pie recipe', 64))).toBeGreaterThan(
      dot(a, embeddingVector('stock market', 64)),
    );
  });

  it.each([
    [{ model: 'text-embedding-3-small' }, 'input is required'],
    [{ model: 'text-embedding-3-small', input: [] }, 'input is an empty array'],
    [{ model: 'text-embedding-3-small', input: ['ok', 3] }, 'input[1] is not a string'],
    [{ model: 'text-embedding-3-small', input: ['ok', ''] }, 'input[1] is an empty string'],
    [{ model: 'text-embedding-3-small', input: 42 }, 'input must be a string or an array of strings'],
    [
      { model: 'text-embedding-3-small', input: Array(2049).fill('a') },
      'input has 2049 items; at most 2048 are accepted',
    ],
    [
      { model: 'text-embedding-3-small', input: 'a', encoding_format: 'binary' },
      'encoding_format must be "float" or "base64"; received "binary"',
    ],
    [
      { model: 'text-embedding-ada-002', input: 'a', dimensions: 256 },
      'dimensions is not supported by text-embedding-ada-002',
    ],
    [
      { model: 'text-embedding-3-small', input: 'a', dimensions: 0 },
      'dimensions must be an integer from 1 to 1536 for text-embedding-3-small; received 0',
    ],
    [
      { model: 'text-embedding-3-large', input: 'a', dimensions: 3073 },
      'dimensions must be an integer from 1 to 3072 for text-embedding-3-large; received 3073',
    ],
    [
      { model: 'text-embedding-3-small', input: 'a', dimensions: 1.5 },
      'dimensions must be an integer from 1 to 1536 for text-embedding-3-small; received 1.5',
    ],
    [{ model: 'text-embedding-3-small', input: 'a', user: 7 }, 'user must be a string'],
  ])('400 in the chat error shape for %j', async (body, message) => {
    const { status, json } = await post(body);
    expect(status).toBe(400);
    expect(json).toEqual({ error: { type: 'invalid_request_error', message, code: 400 } });
  });

  it('a chat model is refused by the shared model checks', async () => {
    const { status, json } = await post({ model: 'gpt-4o-mini', input: 'a' });
    expect(status).toBe(400);
    expect(json.error.type).toBe('invalid_request_error');
  });

  it('a status marker in any input answers that status', async () => {
    const { status, json } = await post({
      model: 'text-embedding-3-small',
      input: ['fine', 'boom [[emulator:status:503]]'],
    });
    expect(status).toBe(503);
    expect(json.error).toEqual({
      type: 'server_error',
      message: 'Emulated HTTP 503 ([[emulator:status:503]])',
      code: 503,
    });
  });
});
