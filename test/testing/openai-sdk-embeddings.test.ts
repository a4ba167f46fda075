// The official `openai` client must read the emulator's embeddings in both encodings.

import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiClient } from './openai-client';

const client = () => openaiClient();

describe('openai SDK embeddings against the emulator', () => {
  it('reads float vectors', async () => {
    const { openai } = client();
    const result = await openai.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['first text', 'second text'],
      encoding_format: 'float',
    });
    expect(result.object).toBe('list');
    expect(result.model).toBe('text-embedding-3-small');
    expect(result.data.map(d => d.index)).toEqual([0, 1]);
    expect(result.data[0]!.embedding).toHaveLength(1536);
    expect(result.usage).toEqual({ prompt_tokens: 4, total_tokens: 4 });
  });

  it('decodes base64 (its default when no encoding is given) to the same numbers as float', async () => {
    const { openai } = client();
    const request = { model: 'text-embedding-3-large', input: 'same text', dimensions: 256 };
    const float = await openai.embeddings.create({ ...request, encoding_format: 'float' });
    const byDefault = await openai.embeddings.create(request);
    expect(byDefault.data[0]!.embedding).toHaveLength(256);
    expect(byDefault.data[0]!.embedding).toEqual(float.data[0]!.embedding);
    const base64 = await openai.embeddings.create({ ...request, encoding_format: 'base64' });
    expect(typeof base64.data[0]!.embedding).toBe('string');
  });

  it('surfaces a 400 as BadRequestError with the message', async () => {
    const { openai } = client();
    const error = await openai.embeddings
      .create({ model: 'text-embedding-ada-002', input: 'x', dimensions: 8 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain(
      'dimensions is not supported by text-embedding-ada-002',
    );
  });
});
