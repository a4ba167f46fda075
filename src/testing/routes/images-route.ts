import type { EmulatorRoute } from '../emulator-context';
import { cutInHalf, readMarkers, stripMarkers } from '../emulator-faults';
import { IMAGE_SIDES, imageFileName, parseImageFileName, renderImage } from '../emulator-image';
import { errorResponse, jsonTextResponse } from '../emulator-responses';
import { digestHex } from '../emulator-text';

/** docs/endpoints.md#images. */
const MAX_PROMPT_CHARACTERS = 1000;
const MAX_IMAGES = 10;
const SIZES = IMAGE_SIDES.map(side => `${side}x${side}`);
/** A prompt of fewer words than this is "revised" (see imagesRoute). */
const REVISE_BELOW_WORDS = 4;

interface ImageRequest {
  prompt: string;
  n: number;
  side: number;
  responseFormat: 'url' | 'b64_json';
}

/** The request, or the 400 message of its first problem (in the spec's parameter order). */
function readImageRequest(body: unknown): ImageRequest | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'Invalid body: expected a JSON object';
  const {
    model,
    prompt,
    n = 1,
    size = '1024x1024',
    response_format: format = 'url',
    user,
  } = body as Record<string, unknown>;
  if (typeof model !== 'string' || model === '') return 'Missing required field: model';
  if (typeof prompt !== 'string' || prompt.trim() === '') return 'Missing required field: prompt';
  if (prompt.length > MAX_PROMPT_CHARACTERS) {
    return `Invalid prompt: ${prompt.length} characters, the limit is ${MAX_PROMPT_CHARACTERS}`;
  }
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_IMAGES) {
    return `Invalid n: ${JSON.stringify(n)} is not an integer from 1 to ${MAX_IMAGES}`;
  }
  if (typeof size !== 'string' || !SIZES.includes(size)) {
    return `Invalid size: ${JSON.stringify(size)} is not one of ${SIZES.join(', ')}`;
  }
  if (format !== 'url' && format !== 'b64_json') {
    return `Invalid response_format: ${JSON.stringify(format)} is not one of url, b64_json`;
  }
  if (user !== undefined && typeof user !== 'string') return `Invalid user: ${JSON.stringify(user)} is not a string`;
  return { prompt, n, side: Number(size.split('x')[0]), responseFormat: format };
}

/** Bytes as base64, in slices so a megabyte image does not overflow the argument list. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * `POST {alt_base_url}/images/generations`: `n` PNGs of the requested size, drawn from a digest of the
 * prompt (see emulator-image.ts), as `b64_json` or as `url`s on the request's own origin
 * (`/files/images/<name>.png`, served without a key). Errors use the image/video shape with status
 * 400 for a missing or invalid field (prompt, n, size, response_format, user); the shared checks add
 * 401, 404 (unknown model) and the daily-limit 429.
 *
 * Rules a test can rely on:
 * - A prompt of fewer than four words is "revised": `revised_prompt` is
 *   `A detailed illustration of <prompt>.`; longer prompts carry no `revised_prompt`.
 * - Markers in the prompt: `[[emulator:status:<code>]]` answers that status, `[[emulator:truncate]]`
 *   cuts the JSON body in half. Markers are not part of the drawn or revised prompt.
 */
export const imagesRoute: EmulatorRoute = async (_request, context) => {
  const request = readImageRequest(context.body);
  if (typeof request === 'string') return errorResponse('image-video', 400, request);
  const { fault } = readMarkers(request.prompt);
  if (fault?.kind === 'status') {
    return errorResponse(
      'image-video',
      fault.status,
      `Emulated HTTP ${fault.status} ([[emulator:status:${fault.status}]])`,
    );
  }
  const prompt = stripMarkers(request.prompt);
  const digest = digestHex(prompt);
  const revised =
    prompt.split(/\s+/).filter(Boolean).length < REVISE_BELOW_WORDS
      ? `A detailed illustration of ${prompt}.`
      : undefined;
  const data = Array.from({ length: request.n }, (_, index) => ({
    ...(request.responseFormat === 'url'
      ? { url: `${context.origin}/files/images/${imageFileName(digest, index, request.side)}` }
      : { b64_json: toBase64(renderImage(digest, index, request.side)) }),
    ...(revised !== undefined && { revised_prompt: revised }),
  }));
  const body = JSON.stringify({ created: Math.floor(context.now() / 1000), data });
  return jsonTextResponse(fault?.kind === 'truncate' ? cutInHalf(body) : body);
};

/** `GET /files/images/:file`: an image a `url` answer pointed at, redrawn from its name; 404 for any other name. */
export const imageFileRoute: EmulatorRoute = async (_request, context) => {
  const name = context.params.file ?? '';
  const file = parseImageFileName(name);
  if (!file) return errorResponse('image-video', 404, `No image file '${name}'`);
  const png = renderImage(file.digest, file.index, file.side);
  return new Response(png, {
    status: 200,
    headers: { 'content-type': 'image/png', 'content-length': String(png.length) },
  });
};
