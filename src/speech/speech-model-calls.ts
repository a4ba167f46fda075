import {
  APICallError,
  InvalidArgumentError,
  type JSONObject,
  type SpeechModelV3,
  type SpeechModelV3CallOptions,
} from '@ai-sdk/provider';
import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';
import { createInBandError, readErrorObject } from '../errors/gateway-error';
import { checkModelKind } from '../settings/model-kind';
import { parseUnigateOptions, unsupportedSettingWarnings, type UnsupportedSetting } from '../prompt/call-options';
import { redactSecrets } from '../errors/redact-secrets';
import { checkOneOf, checkRange, countCharacters } from '../checks/validate-argument';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { characterCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateSpeechModelId } from '../settings/unigate-model-ids';
import {
  SPEECH_FORMATS,
  SPEECH_MEDIA_TYPE_ALIASES,
  SPEECH_MEDIA_TYPES,
  SPEECH_VOICES,
  type SpeechRequestBody,
  type UnigateSpeechFormat,
} from './speech-api-types';
import {
  SPEECH_DEFAULTS,
  SPEECH_LIMITS,
  unigateSpeechProviderOptionsSchema,
  type UnigateSpeechProviderMetadata,
} from './unigate-speech-options';

// What a speech model's calls run: the checks of a call's options, the request, the audio and the result.

/**
 * What the speech model's `doGenerate` returns: V3's result plus V4's `usage`, which a V3 caller ignores
 * and the V4 entry hands on. Assignable to V3's result.
 */
export type UnigateSpeechResult = Awaited<ReturnType<SpeechModelV3['doGenerate']>> & {
  /** `{ characters }`: the text's length as the gateway bills it (Unicode code points). */
  usage?: JSONObject;
};

/** The model a call is made for. */
export interface SpeechCallTarget {
  readonly modelId: UnigateSpeechModelId;
  readonly context: UnigateModelContext;
}

/**
 * The text must be 1 to 4096 characters. A longer text fails before any request, with how to split it:
 * the gateway rejects it whole, and one call per piece is the only way through.
 */
export function checkSpeechText(text: unknown): void {
  const { min, max } = SPEECH_LIMITS.text;
  if (typeof text !== 'string' || text.length === 0) {
    throw new InvalidArgumentError({
      argument: 'text',
      message: `Invalid argument text: the gateway accepts ${min} to ${max} characters; received ${typeof text === 'string' ? 'an empty string' : String(text)}.`,
    });
  }
  const characters = countCharacters(text);
  if (characters > max) {
    throw new InvalidArgumentError({
      argument: 'text',
      message:
        `Invalid argument text: the gateway accepts at most ${max} characters per call; received ${characters}. ` +
        `Split the text (e.g. at sentence ends) into pieces of at most ${max} characters and make one call per piece.`,
    });
  }
}

/** Call options the speech endpoint has no parameter for, with what happened to them. */
const UNSUPPORTED: ReadonlyArray<UnsupportedSetting<SpeechModelV3CallOptions>> = [
  ['instructions', 'The speech endpoint has no instructions parameter; instructions were not sent.'],
  [
    'language',
    'The speech endpoint has no language parameter (the voice reads the text as written); language was not sent.',
  ],
];

/** Validates every setting against the gateway's limits and builds the body: nothing here touches the network. */
function prepareRequest(target: SpeechCallTarget, options: SpeechModelV3CallOptions) {
  const { text, voice = SPEECH_DEFAULTS.voice, outputFormat = SPEECH_DEFAULTS.outputFormat, speed } = options;
  checkModelKind(target.modelId, 'speech');
  const { warnings } = parseUnigateOptions(options.providerOptions, unigateSpeechProviderOptionsSchema(), 'speech');

  checkSpeechText(text);
  checkOneOf('voice', voice, SPEECH_VOICES);
  checkOneOf('outputFormat', outputFormat, SPEECH_FORMATS);
  checkRange('speed', speed, SPEECH_LIMITS.speed);

  const body: SpeechRequestBody = {
    model: target.modelId,
    input: text,
    voice,
    response_format: outputFormat,
    ...(speed !== undefined && { speed }),
  };
  return { body, warnings: [...unsupportedSettingWarnings(options, UNSUPPORTED), ...warnings] };
}

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

/** The response's `Date` header as a time, else now: the gateway sends no creation time for audio. */
function responseTimestamp(headers: Record<string, string> | undefined): Date {
  const date = headers?.date === undefined ? Number.NaN : Date.parse(headers.date);
  return Number.isFinite(date) ? new Date(date) : new Date();
}

/** One request: the audio in the requested format, its usage and, when priced, its cost. */
export async function generateSpeech(
  target: SpeechCallTarget,
  options: SpeechModelV3CallOptions,
): Promise<UnigateSpeechResult> {
  const { body, warnings } = prepareRequest(target, options);
  const format = body.response_format;
  // The price is looked up while the audio is made; it never delays or fails the call.
  const {
    value: audio,
    responseHeaders,
    price,
    pricingWarnings,
  } = await sendPricedRequest(
    target.context,
    { modelId: target.modelId, kind: 'speech', abortSignal: options.abortSignal, headers: options.headers },
    {
      config: target.context.connection,
      auth: 'bearer',
      url: target.context.connection.url('base', '/audio/speech'),
      body,
      successfulResponseHandler: createSpeechAudioHandler(format, target.context.connection.optionalApiKey()),
    },
  );
  // Billed by characters as the gateway counts them (code points): the usage and the cost count alike.
  const characters = countCharacters(body.input);
  const cost = characterCost(price, characters);
  const metadata: UnigateSpeechProviderMetadata = {
    mediaType: SPEECH_MEDIA_TYPES[format],
    format,
    voice: body.voice,
  };
  return {
    audio,
    usage: { characters },
    warnings: [...warnings, ...pricingWarnings],
    request: { body },
    response: { timestamp: responseTimestamp(responseHeaders), modelId: target.modelId, headers: responseHeaders },
    providerMetadata: withCost({ unigate: metadata }, cost),
  };
}
