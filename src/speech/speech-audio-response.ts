import { APICallError } from '@ai-sdk/provider';
import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';
import { createInBandError, readErrorObject } from '../internal/gateway-error';
import { redactSecrets } from '../internal/redact-secrets';
import { SPEECH_MEDIA_TYPE_ALIASES, SPEECH_MEDIA_TYPES, type UnigateSpeechFormat } from './speech-api-types';

/** The bare media type of a Content-Type header: `Audio/MPEG; charset=x` is `audio/mpeg`. */
function bareMediaType(contentType: string | null): string | undefined {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

/** True when `mediaType` names `format` (its media type or a common alias). */
export function isSpeechMediaType(format: UnigateSpeechFormat, mediaType: string | undefined): boolean {
  return mediaType === SPEECH_MEDIA_TYPES[format] || SPEECH_MEDIA_TYPE_ALIASES[format].includes(mediaType ?? '');
}

/**
 * A successful-response handler for the speech endpoint: the body's bytes, but only when the Content-Type
 * is the requested format. A 200 carrying JSON (an error object, or anything else) or another type would
 * otherwise be handed on as "audio"; it becomes an error naming what was expected and what came, with
 * the gateway's message when the JSON is an error object. `secret` is redacted from the whole error.
 */
export function createSpeechAudioHandler(
  format: UnigateSpeechFormat,
  secret: string | undefined,
): ResponseHandler<Uint8Array> {
  return async ({ response, url, requestBodyValues }) => {
    const responseHeaders = extractResponseHeaders(response);
    const received = bareMediaType(response.headers.get('content-type'));
    if (isSpeechMediaType(format, received)) {
      return { value: new Uint8Array(await response.arrayBuffer()), responseHeaders };
    }
    const expected = `${SPEECH_MEDIA_TYPES[format]} (${format})`;
    const what = `Unigate speech returned ${received ?? 'no Content-Type'} instead of ${expected} audio`;
    const body = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    // An error object gets the in-band error's wording, kind and retry rule, with this response's status.
    const inBand =
      readErrorObject(json).message === undefined
        ? undefined
        : createInBandError({ what, errorObject: json, url, requestBodyValues, responseBody: body, secret });
    const error = new APICallError({
      message: inBand?.message ?? `${what}.`,
      url,
      requestBodyValues,
      statusCode: response.status,
      responseHeaders,
      responseBody: body,
      isRetryable: inBand?.isRetryable ?? false,
      data: inBand?.data,
    });
    throw redactSecrets(error, secret);
  };
}
