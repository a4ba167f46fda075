// The pictures the emulator "generates": a pattern drawn from a digest of the prompt and the image's
// position in the answer, so the same prompt always gives the same bytes and each image of one answer
// differs. Served inline (b64_json) or from a file URL that carries everything needed to redraw it.

import { encodePng } from './png';

/** The square sizes of the images endpoint (docs/endpoints.md#images), as side lengths in pixels. */
export const IMAGE_SIDES = [256, 512, 1024] as const;

/** The file name of one image: `<digest>-<index>-<side>.png`, all the file route needs to redraw it. */
export function imageFileName(digest: string, index: number, side: number): string {
  return `${digest}-${index}-${side}.png`;
}

/** The parts of a file name made by imageFileName, or undefined when it is not one. */
export function parseImageFileName(name: string): { digest: string; index: number; side: number } | undefined {
  const match = /^([0-9a-f]{32})-(\d)-(\d+)\.png$/.exec(name);
  if (!match) return undefined;
  const side = Number(match[3]);
  if (!(IMAGE_SIDES as readonly number[]).includes(side)) return undefined;
  return { digest: match[1]!, index: Number(match[2]), side };
}

/**
 * A PNG of `side` x `side` pixels for a 32-hex-digit digest and an image index: a two-colour
 * checkerboard, a diagonal band and a central disc, four colours taken from the digest.
 */
export function renderImage(digest: string, index: number, side: number): Uint8Array<ArrayBuffer> {
  const bytes = Array.from({ length: 16 }, (_, i) => parseInt(digest.slice(i * 2, i * 2 + 2), 16));
  const palette = [0, 1, 2, 3].map(
    k => [0, 1, 2].map(c => bytes[(3 * k + c + index) % 16]!) as [number, number, number],
  );
  const pixels = new Uint8Array(side * side);
  const cell = side / 8;
  const band = side / 16;
  const offset = ((index * 37) % 8) * cell - side / 4;
  const radius = side * (0.15 + 0.02 * index);
  const centre = side / 2;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = x - centre;
      const dy = y - centre;
      let colour = (Math.floor(x / cell) + Math.floor(y / cell)) & 1;
      if (Math.abs(x - y - offset) < band) colour = 2;
      if (dx * dx + dy * dy < radius * radius) colour = 3;
      pixels[y * side + x] = colour;
    }
  }
  return encodePng({ width: side, height: side, palette, pixels });
}
