import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, crc32, encodePng } from '../../src/testing/png';
import { createUnigateEmulator } from '../../src/testing/index';
import { pngSize } from '../image/png-header';

const KEY = 'sk-unigate-emulator';

function post(emulator: ReturnType<typeof createUnigateEmulator>, body: unknown, headers: Record<string, string> = {}) {
  return emulator.handler(
    new Request('http://unigate.emulator/alt/v1/images/generations', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

/** Every chunk of a PNG with its CRC checked, and the IDAT data inflated. */
function readPng(bytes: Uint8Array): { chunks: string[]; raw: Buffer } {
  const buffer = Buffer.from(bytes);
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  for (let at = 8; at < buffer.length; ) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.subarray(at + 4, at + 8);
    const data = buffer.subarray(at + 8, at + 8 + length);
    expect(buffer.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(crc32(type, data));
    chunks.push(type.toString('latin1'));
    if (chunks.at(-1) === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  return { chunks, raw: inflateSync(Buffer.concat(idat)) };
}

describe('PNG encoder', () => {
  it('matches the published CRC-32 and Adler-32 check values', () => {
    const text = new TextEncoder().encode('123456789');
    expect(crc32(text)).toBe(0xcbf43926);
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398);
  });

  it('writes a PNG that zlib inflates to one filter byte plus one index per pixel per row', () => {
    const png = encodePng({
      width: 3,
      height: 2,
      palette: [
        [0, 0, 0],
        [255, 255, 255],
      ],
      pixels: new Uint8Array([0, 1, 0, 1, 0, 1]),
    });
    expect(pngSize(png)).toEqual({ width: 3, height: 2 });
    const { chunks, raw } = readPng(png);
    expect(chunks).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([...raw]).toEqual([0, 0, 1, 0, 0, 1, 0, 1]);
  });
});

describe('POST /alt/v1/images/generations', () => {
  it('answers b64_json PNGs of the requested size, n of them, with created from the clock', async () => {
    const emulator = createUnigateEmulator({ now: () => 1_736_000_000_123 });
    const response = await post(emulator, {
      model: 'dall-e-3',
      prompt: 'a calm blue sea at noon',
      n: 3,
      size: '256x256',
      response_format: 'b64_json',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      created: number;
      data: Array<{ b64_json: string; revised_prompt?: string }>;
    };
    expect(body.created).toBe(1_736_000_000);
    expect(body.data).toHaveLength(3);
    for (const item of body.data) {
      expect(Object.keys(item)).toEqual(['b64_json']);
      const png = Buffer.from(item.b64_json, 'base64');
      expect(pngSize(png)).toEqual({ width: 256, height: 256 });
      expect(readPng(png).raw.length).toBe(256 * 257);
    }
    expect(new Set(body.data.map(item => item.b64_json)).size).toBe(3);
  });

  it('defaults to url and 1024x1024: links on the request origin, served without a key', async () => {
    const emulator = createUnigateEmulator();
    const response = await post(emulator, { model: 'dall-e-2', prompt: 'a calm blue sea at noon' });
    const { data } = (await response.json()) as { data: Array<{ url: string }> };
    expect(data).toHaveLength(1);
    expect(data[0]!.url).toMatch(/^http:\/\/unigate\.emulator\/files\/images\/[0-9a-f]{32}-0-1024\.png$/);
    const file = await emulator.handler(new Request(data[0]!.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await file.arrayBuffer());
    expect(file.headers.get('content-length')).toBe(String(png.length));
    expect(pngSize(png)).toEqual({ width: 1024, height: 1024 });
    expect(readPng(png).raw.length).toBe(1024 * 1025);
  });

  it('revises a prompt of fewer than four words, and only those', async () => {
    const emulator = createUnigateEmulator();
    const short = await (await post(emulator, { model: 'dall-e-3', prompt: 'a fox', response_format: 'url' })).json();
    expect(short.data[0].revised_prompt).toBe('A detailed illustration of a fox.');
    const long = await (
      await post(emulator, { model: 'dall-e-3', prompt: 'a fox in deep snow', response_format: 'url' })
    ).json();
    expect('revised_prompt' in long.data[0]).toBe(false);
  });

  it.each([
    [{ prompt: 'a fox' }, 'Missing required field: model'],
    [{ model: 'dall-e-3' }, 'Missing required field: prompt'],
    [{ model: 'dall-e-3', prompt: '' }, 'Missing required field: prompt'],
    [{ model: 'dall-e-3', prompt: 'x'.repeat(1001) }, 'Invalid prompt: 1001 characters, the limit is 1000'],
    [{ model: 'dall-e-3', prompt: 'a fox', n: 11 }, 'Invalid n: 11 is not an integer from 1 to 10'],
    [{ model: 'dall-e-3', prompt: 'a fox', n: 0 }, 'Invalid n: 0 is not an integer from 1 to 10'],
    [
      { model: 'dall-e-3', prompt: 'a fox', size: '1792x1024' },
      'Invalid size: "1792x1024" is not one of 256x256, 512x512, 1024x1024',
    ],
    [
      { model: 'dall-e-3', prompt: 'a fox', response_format: 'png' },
      'Invalid response_format: "png" is not one of url, b64_json',
    ],
    [{ model: 'dall-e-3', prompt: 'a fox', user: 7 }, 'Invalid user: 7 is not a string'],
    [{ model: 'gpt-4o-mini', prompt: 'a fox' }, "Invalid model: 'gpt-4o-mini' is a chat model, not an image model"],
  ])('400 invalid_request_error for %j', async (body, message) => {
    const response = await post(createUnigateEmulator(), body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { type: 'invalid_request_error', message } });
  });

  it('answers the rest of the image error table in its shape', async () => {
    const emulator = createUnigateEmulator({ apiKey: KEY, dailyRequestLimit: 3 });
    const unknown = await post(emulator, { model: 'dall-e-9', prompt: 'a fox' });
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { error: { type: 'not_found_error', message: "Unknown model 'dall-e-9'" } },
    ]);
    const badKey = await post(emulator, { model: 'dall-e-3', prompt: 'a fox' }, { authorization: 'Bearer sk-wrong' });
    expect(badKey.status).toBe(401);
    expect(((await badKey.json()) as { error: { type: string } }).error.type).toBe('authentication_error');
    const failed = await post(emulator, { model: 'dall-e-3', prompt: 'a fox [[emulator:status:500]]' });
    expect([failed.status, await failed.json()]).toEqual([
      500,
      { error: { type: 'server_error', message: 'Emulated HTTP 500 ([[emulator:status:500]])' } },
    ]);
    await post(emulator, { model: 'dall-e-3', prompt: 'a fox' });
    const limited = await post(emulator, { model: 'dall-e-3', prompt: 'a fox' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { type: string } }).error.type).toBe('rate_limit_error');
  });

  it('unknown file names are 404 in the image shape', async () => {
    const emulator = createUnigateEmulator();
    const response = await emulator.handler(new Request('http://unigate.emulator/files/images/nope.png'));
    expect([response.status, await response.json()]).toEqual([
      404,
      { error: { type: 'not_found_error', message: "No image file 'nope.png'" } },
    ]);
  });
});
