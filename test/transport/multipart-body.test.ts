import { isBrowserRuntime } from '@ai-sdk/provider-utils';
import { describe, expect, it } from 'vitest';
import { MultipartBody } from '../../src/transport/multipart-body';

async function bytesOf(body: ReadableStream<Uint8Array> | Blob): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

const file = (bytes: Uint8Array, name = 'audio.wav') => ({ field: 'file', name, mediaType: 'audio/wav', bytes });

describe('MultipartBody', () => {
  it('encodes the fields, then the file, as multipart/form-data that a Request parses back', async () => {
    const audio = new Uint8Array(200_000).map((_, i) => i & 0xff);
    const upload = new MultipartBody({ model: 'whisper-1', prompt: 'Grüße, "hi"' }, file(audio));
    const { body, streamed } = upload.content();
    // The edge-runtime VM has a `window`, so it takes the Blob path there; Node streams.
    expect(streamed).toBe(!isBrowserRuntime());
    const encoded = await bytesOf(body);
    expect(encoded.byteLength).toBe(upload.contentLength);
    const form = await new Request('http://x.test', {
      method: 'POST',
      body: encoded.slice().buffer,
      headers: { 'content-type': upload.contentType },
    }).formData();
    expect([...form.keys()]).toEqual(['model', 'prompt', 'file']);
    expect(form.get('prompt')).toBe('Grüße, "hi"');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('audio.wav');
    expect(sent.type).toBe('audio/wav');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(audio);
    expect(upload.values).toEqual({ model: 'whisper-1', prompt: 'Grüße, "hi"' });
  });

  it("streams views of the caller's bytes outside browsers, never copies, and leaves them usable", async () => {
    const audio = new Uint8Array(150_000).fill(7);
    const { body, streamed } = new MultipartBody({}, file(audio)).content();
    if (!streamed) {
      expect(body).toBeInstanceOf(Blob);
      expect(isBrowserRuntime()).toBe(true);
      return;
    }
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    // Head, three 64 KB pieces of the file (the last one shorter), tail.
    expect(chunks.map(chunk => chunk.byteLength).slice(1, -1)).toEqual([65_536, 65_536, 18_928]);
    expect(chunks.slice(1, -1).every(chunk => chunk.buffer === audio.buffer)).toBe(true);
    expect(audio.byteLength).toBe(150_000);
    expect(audio[149_999]).toBe(7);
  });

  it('percent-encodes quotes and line breaks in names, and uses a fresh boundary per body', async () => {
    const upload = new MultipartBody({}, file(new Uint8Array([1]), 'a"b\r\n.wav'));
    const text = new TextDecoder().decode(await bytesOf(upload.content().body));
    expect(text).toContain('filename="a%22b%0D%0A.wav"');
    expect(new MultipartBody({}, file(new Uint8Array([1]))).contentType).not.toBe(upload.contentType);
  });

  it('is one Blob in a browser, which cannot stream a request body over HTTP/1.1', async () => {
    const globals = globalThis as { window?: unknown };
    const had = 'window' in globals;
    const previous = globals.window;
    globals.window = {};
    try {
      const upload = new MultipartBody({ model: 'whisper-1' }, file(new Uint8Array([1, 2, 3])));
      const { body, streamed } = upload.content();
      expect(streamed).toBe(false);
      expect(body).toBeInstanceOf(Blob);
      expect((body as Blob).type).toBe(upload.contentType);
      expect((body as Blob).size).toBe(upload.contentLength);
    } finally {
      if (had) globals.window = previous;
      else delete globals.window;
    }
  });
});
