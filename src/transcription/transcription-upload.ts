import { InvalidArgumentError } from '@ai-sdk/provider';
import { lazy } from '../internal/lazy';
import { decodeBase64Audio } from './decode-base64-audio';
import { TRANSCRIPTION_LIMITS } from './unigate-transcription-options';

// A file's format is known by its extension (docs/endpoints.md#transcription-request): mp3, mp4, mpeg, mpga, m4a,
// wav, webm. provider-utils' mediaTypeToExtension is not used: it turns audio/wave into "wave" and
// audio/vnd.wave into "vnd.wave", names the gateway would refuse.

/** Each accepted media type (lower case, without parameters) and the extension its upload is named with. */
export const TRANSCRIPTION_MEDIA_TYPES: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mpeg3': 'mp3',
  'audio/x-mpeg': 'mp3',
  'audio/x-mp3': 'mp3',
  'audio/x-mpeg-3': 'mp3',
  'audio/mpga': 'mpga',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/mp4': 'mp4',
  'video/mpeg': 'mpeg',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/x-pn-wav': 'wav',
  'audio/webm': 'webm',
  'video/webm': 'webm',
};

/** `audio/webm; codecs=opus` -> `audio/webm`. */
function essence(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

/** The upload's file name, `audio.<extension>`; an unsupported media type fails naming the accepted ones. */
export function transcriptionFileName(mediaType: string): string {
  const type = essence(mediaType);
  const extension = Object.hasOwn(TRANSCRIPTION_MEDIA_TYPES, type) ? TRANSCRIPTION_MEDIA_TYPES[type] : undefined;
  if (extension === undefined) {
    throw new InvalidArgumentError({
      argument: 'mediaType',
      message:
        'Invalid argument mediaType: the gateway transcribes mp3, mp4, mpeg, mpga, m4a, wav and webm files ' +
        `(${Object.keys(TRANSCRIPTION_MEDIA_TYPES).join(', ')}); received ${JSON.stringify(mediaType)}.`,
    });
  }
  return `audio.${extension}`;
}

// Built on first use: creating an Intl formatter costs about 15 ms, which every import would pay.
const sizeFormat = lazy(() => new Intl.NumberFormat('en-US'));

/** The audio's bytes (base64 decoded once), checked against the gateway's 25 MB limit. */
export function transcriptionAudioBytes(audio: Uint8Array | string): Uint8Array {
  const bytes = typeof audio === 'string' ? decodeBase64Audio(audio) : audio;
  const { min, max } = TRANSCRIPTION_LIMITS.fileBytes;
  if (bytes.byteLength < min || bytes.byteLength > max) {
    throw new InvalidArgumentError({
      argument: 'audio',
      message:
        `Invalid argument audio: the gateway accepts files of ${min} byte to 25 MB (${sizeFormat().format(max)} bytes); ` +
        `received ${sizeFormat().format(bytes.byteLength)} bytes.`,
    });
  }
  return bytes;
}
