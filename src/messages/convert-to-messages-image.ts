import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { convertUint8ArrayToBase64 } from '@ai-sdk/provider-utils';
import { detectImageMediaType, isImageMediaType, isOpenImageType } from '../internal/image-media-type';
import { isOneOf } from '../internal/narrow';
import { unsupportedFileAdvice } from '../internal/unsupported-file-advice';
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
 * An image as a messages `image` block: bytes and base64 strings become `base64` sources, `http(s)`
 * URLs become `url` sources, `data:` URLs are unpacked. Anything but jpeg/png/gif/webp is rejected here,
 * before a request is sent.
 */
export function convertToMessagesImage(
  data: Uint8Array | string | URL,
  mediaType: string,
  where: string,
): MessagesImageBlock {
  if (!isImageMediaType(mediaType)) unsupported(mediaType, where);
  if (data instanceof URL) {
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
  const base64 = typeof data === 'string' ? data : convertUint8ArrayToBase64(data);
  return {
    type: 'image',
    source: { type: 'base64', media_type: checkedMediaType(mediaType, base64, where), data: base64 },
  };
}
