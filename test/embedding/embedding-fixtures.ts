import { http, HttpResponse } from 'msw';
import { SITE_URL, wireFormat } from '../helpers/test-kit';

export const EMBEDDINGS_URL = `${SITE_URL}/v1/embeddings`;

const kit = wireFormat(EMBEDDINGS_URL, gw => gw.embedding('text-embedding-3-small'));
export const { setup, answering, answeringWith } = kit;

/** Little-endian float32 bytes of `values` in base64, written with DataView (independent of the decoder). */
export function toBase64(values: readonly number[]): string {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((value, i) => view.setFloat32(i * 4, value, true));
  let binary = '';
  for (const byte of new Uint8Array(view.buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A vector of `size` float32-exact values that differ per `seed`. */
export function vector(seed: number, size: number): number[] {
  return Array.from({ length: size }, (_, i) => Math.fround(Math.sin(seed * 1000 + i)));
}

/** An embedding list answer; `order` lists the input indices in the order `data` carries them. */
export function embeddingList(vectors: Array<number[] | string>, order = vectors.map((_, i) => i)) {
  return {
    object: 'list',
    data: order.map(index => ({ object: 'embedding', index, embedding: vectors[index] })),
    model: 'text-embedding-3-small',
    usage: { prompt_tokens: 7, total_tokens: 7 },
  };
}

/** Answers each request with one vector per input, base64 or float as the request asked. */
export const echoSizedVectors = (size: number) =>
  http.post(EMBEDDINGS_URL, async ({ request }) => {
    const body = (await request.json()) as { input: string[]; encoding_format: string; dimensions?: number };
    const vectors = body.input.map((_, i) => vector(i, body.dimensions ?? size));
    return HttpResponse.json(embeddingList(body.encoding_format === 'base64' ? vectors.map(toBase64) : vectors));
  });

/** The warning for vectors of `received` values where `expected` were expected, for `reason`. */
export function sizeWarning(received: number, expected: number, reason: string) {
  return {
    type: 'other',
    message:
      `Unigate returned vectors of ${received} values; expected ${expected} (${reason}). ` +
      'The gateway may have answered from another upstream model; the vectors are returned as received.',
  };
}
