/**
 * The `supportedUrls` of every model that takes images: http(s) image URLs go to the gateway as
 * they are, instead of being downloaded by the AI SDK first. The scheme is case-insensitive, as URLs'
 * are; other files and schemes are downloaded. `image` is listed beside `image/*` because ai@7 labels
 * an image part whose type it cannot tell as a bare `image`, which the `image/*` key does not match.
 * Frozen: one object is shared by every model instance.
 */
const HTTP_URL = /^https?:\/\/.+$/i;
export const IMAGE_URLS: Record<string, RegExp[]> = Object.freeze({ 'image/*': [HTTP_URL], image: [HTTP_URL] });
