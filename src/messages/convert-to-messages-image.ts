import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { FilePartData } from '../prompt/file-part-data';
import { detectImageMediaType, isImageMediaType, isOpenImageType } from '../prompt/image-media-type';
import { isOneOf } from '../checks/narrow';
import { unsupportedFileAdvice } from '../prompt/file-part-data';
import type { MessagesImageBlock, MessagesImageMediaType } from './messages-api-types';

/** The image media types the messages format accepts (docs/endpoints.md#messages-content-blocks). */
export const MESSAGES_IMAGE_MEDIA_TYPES: readonly MessagesImageMediaType[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
];

function unsupported(mediaType: string, where: string): never {
  throw new UnsupportedFunctionalityError({
    functionality: `file of media type "${mediaType}" in ${where}`,
    message:
      `The messages format accepts images only (${MESSAGES_IMAGE_MEDIA_TYPES.join(', ')}), as does the chat-completions ` +
      `format; received a file of media type "${mediaType}" in ${where}. ${unsupportedFileAdvice(mediaType)}`,
  });
}

function checkedMediaType(mediaType: string, base64: string, where: string): MessagesImageMediaType {
  const essence = mediaType.split(';')[0].trim().toLowerCase();
  const normalized = essence === 'image/jpg' ? 'image/jpeg' : essence;
  if (isOneOf(MESSAGES_IMAGE_MEDIA_TYPES, normalized)) return normalized;
  if (isOpenImageType(normalized)) {
    const detected = detectImageMediaType(base64);
    if (detected) return detected;
  }
  return unsupported(mediaType, where);
}

/**
 * An image as a messages `image` block: base64 data (read from bytes, base64 strings or ai@7's tagged
 * forms by `readFilePartData`) becomes a `base64` source, `http(s)` URLs become `url` sources, `data:`
 * URLs are unpacked. Anything but jpeg/png/gif/webp is rejected here, before a request is sent; an open
 * type (`image`, `image/*`) is read from the bytes, and a URL's is left to the gateway.
 */
export function convertToMessagesImage(
  file: Exclude<FilePartData, { type: 'text' }>,
  mediaType: string,
  where: string,
): MessagesImageBlock {
  if (!isImageMediaType(mediaType)) unsupported(mediaType, where);
  if (file.type === 'url') {
    const data = file.url;
    if (data.protocol === 'data:') {
      const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(data.href);
      if (!match?.[2]) {
        throw new UnsupportedFunctionalityError({
          functionality: `non-base64 data URL in ${where}`,
          message: `Images given as data URLs must be base64-encoded (data:<type>;base64,...) in ${where}.`,
        });
      }
      const base64 = match[3];
      return {
        type: 'image',
        source: { type: 'base64', media_type: checkedMediaType(match[1] || mediaType, base64, where), data: base64 },
      };
    }
    if (data.protocol !== 'http:' && data.protocol !== 'https:') {
      throw new UnsupportedFunctionalityError({
        functionality: `${data.protocol} image URL in ${where}`,
        message: `Image URLs must use http or https; received a ${data.protocol} URL in ${where}.`,
      });
    }
    if (!isOpenImageType(mediaType)) checkedMediaType(mediaType, '', where);
    return { type: 'image', source: { type: 'url', url: data.href } };
  }
  return {
    type: 'image',
    source: { type: 'base64', media_type: checkedMediaType(mediaType, file.base64, where), data: file.base64 },
  };
}
