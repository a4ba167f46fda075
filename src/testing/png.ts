// A minimal PNG encoder for the emulator's images: 8-bit palette images, zlib "stored" (uncompressed)
// deflate blocks, so no compression library is needed and it runs in every runtime. A 1024x1024 image
// is about 1 MB.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Largest payload of one stored deflate block. */
const STORED_BLOCK = 65_535;

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, as PNG chunks use) of `parts` read one after the other. */
export function crc32(...parts: Uint8Array[]): number {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const bytes of parts) {
    for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Adler-32 (the zlib trailer) of `bytes`. */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 bytes is the most that can be summed before the modulo without overflowing 32 bits.
  for (let start = 0; start < bytes.length; start += 5552) {
    const end = Math.min(start + 5552, bytes.length);
    for (let i = start; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function writeUint32(target: Uint8Array, offset: number, value: number): void {
  target[offset] = value >>> 24;
  target[offset + 1] = (value >>> 16) & 0xff;
  target[offset + 2] = (value >>> 8) & 0xff;
  target[offset + 3] = value & 0xff;
}

/** A zlib stream of `data` in stored blocks: header, blocks of at most 65535 bytes, Adler-32. */
export function zlibStored(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / STORED_BLOCK));
  const out = new Uint8Array(2 + blocks * 5 + data.length + 4);
  out[0] = 0x78; // deflate, 32K window
  out[1] = 0x01; // no preset dictionary, fastest level; (0x78 << 8 | 0x01) % 31 === 0
  let at = 2;
  for (let block = 0; block < blocks; block++) {
    const start = block * STORED_BLOCK;
    const length = Math.min(STORED_BLOCK, data.length - start);
    out[at] = block === blocks - 1 ? 1 : 0; // BFINAL, BTYPE 00 (stored)
    out[at + 1] = length & 0xff;
    out[at + 2] = length >>> 8;
    out[at + 3] = ~length & 0xff;
    out[at + 4] = (~length >>> 8) & 0xff;
    out.set(data.subarray(start, start + length), at + 5);
    at += 5 + length;
  }
  writeUint32(out, at, adler32(data));
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typeBytes = new TextEncoder().encode(type);
  const out = new Uint8Array(12 + data.length);
  writeUint32(out, 0, data.length);
  out.set(typeBytes, 4);
  out.set(data, 8);
  writeUint32(out, 8 + data.length, crc32(typeBytes, data));
  return out;
}

/** A palette image: `pixels` holds one palette index per pixel, row by row. */
export interface PaletteImage {
  width: number;
  height: number;
  /** Up to 256 colours as `[r, g, b]`. */
  palette: ReadonlyArray<readonly [number, number, number]>;
  pixels: Uint8Array;
}

/** The PNG file of a palette image (colour type 3, bit depth 8, no interlace, filter "none" on every row). */
export function encodePng({ width, height, palette, pixels }: PaletteImage): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(13);
  writeUint32(header, 0, width);
  writeUint32(header, 4, height);
  header.set([8, 3, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk('IHDR', header),
    chunk('PLTE', new Uint8Array(palette.flat())),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
