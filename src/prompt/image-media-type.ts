/** The image media types that can be recognised from their leading bytes. */
export type KnownImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

// Leading bytes of each format, base64-encoded, so a base64 payload is checked without decoding it.
const SIGNATURES: Array<[prefix: string, mediaType: KnownImageMediaType]> = [
  ['/9j/', 'image/jpeg'],
  ['iVBORw0KGgo', 'image/png'],
  ['R0lGOD', 'image/gif'],
];

function atobSafe(base64: string): string {
  try {
    return atob(base64);
  } catch {
    return '';
  }
}

/** The image type of a base64 payload, from its signature; `undefined` when it is none of the four. */
export function detectImageMediaType(base64: string): KnownImageMediaType | undefined {
  for (const [prefix, mediaType] of SIGNATURES) if (base64.startsWith(prefix)) return mediaType;
  // WebP: "RIFF" <size> "WEBP". Base64 characters 8-15 decode to bytes 6-11, so "WEBP" starts at 2.
  if (base64.startsWith('UklGR') && atobSafe(base64.slice(8, 16)).slice(2, 6) === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * True for a media type that says "an image" without saying which: `image/*`, and a bare `image`, which
 * ai@7 sends for image parts whose type it could not tell.
 */
export function isOpenImageType(mediaType: string): boolean {
  const normalized = mediaType.trim().toLowerCase();
  return normalized === 'image/*' || normalized === 'image';
}

/** True for any image media type, open (`image`, `image/*`) or specific (`image/png`). */
export function isImageMediaType(mediaType: string): boolean {
  return isOpenImageType(mediaType) || mediaType.trim().toLowerCase().startsWith('image/');
}

/**
 * The `supportedUrls` of every model that takes images: http(s) image URLs go to the gateway as
 * they are, instead of being downloaded by the AI SDK first. The scheme is case-insensitive, as URLs'
 * are; other files and schemes are downloaded. `image` is listed beside `image/*` because ai@7 labels
 * an image part whose type it cannot tell as a bare `image`, which the `image/*` key does not match.
 * Frozen: one object is shared by every model instance.
 */
const HTTP_URL = /^https?:\/\/.+$/i;
export const IMAGE_URLS: Record<string, RegExp[]> = Object.freeze({ 'image/*': [HTTP_URL], image: [HTTP_URL] });
