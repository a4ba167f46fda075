import {
  InvalidArgumentError,
  type JSONObject,
  type SharedV3Warning,
  type TranscriptionModelV3,
  type TranscriptionModelV3CallOptions,
} from '@ai-sdk/provider';
import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';
import { createJsonHandler, MultipartBody } from '../transport/gateway-request';
import { isOneOf, lazy } from '../checks/values';
import { decodeBase64, parseUnigateOptions } from '../prompt/call-options';
import { withSecretsRedacted } from '../errors/redact-secrets';
import { checkRange, failArgument } from '../checks/validate-argument';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { minuteCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { UnigateTranscriptionModelId } from '../settings/unigate-model-ids';
import {
  transcriptionJsonSchema,
  transcriptionVerboseJsonSchema,
  type TranscriptionAnswer,
  type TranscriptionRequestFields,
  type TranscriptionResponseFormat,
  type TranscriptionSegment,
  type TranscriptionVerboseJson,
  type TranscriptionWord,
} from './transcription-api-types';
import { mapTranscriptionLanguage, TRANSCRIPTION_LANGUAGE_CODES } from './transcription-languages';
import { parseSubtitles } from './transcription-subtitles';
import {
  TRANSCRIPTION_LIMITS,
  unigateTranscriptionProviderOptionsSchema,
  type UnigateTranscriptionProviderMetadata,
} from './unigate-transcription-options';

// What a transcription model's calls run: the checks of a call's options and of the file, the multipart
// upload, the request, and the conversion of each response format to the AI SDK's result.

/**
 * What the transcription model's `doGenerate` returns: V3's result plus V4's `words` and `usage`, which a
 * V3 caller ignores and the V4 entry hands on. Assignable to V3's result.
 */
export type UnigateTranscriptionResult = Awaited<ReturnType<TranscriptionModelV3['doGenerate']>> & {
  /** Word timings (verbose_json, when the gateway sent them). */
  words?: TranscriptionWord[];
  /** `{ seconds }`: the audio's duration as the gateway stated it (verbose_json); absent otherwise. */
  usage?: JSONObject;
};

/** The model a call is made for. */
export interface TranscriptionCallTarget {
  readonly modelId: UnigateTranscriptionModelId;
  readonly context: UnigateModelContext;
}

// A file's format is known by its extension (docs/endpoints.md#transcription-request): mp3, mp4, mpeg, mpga, m4a,
// wav, webm. provider-utils' mediaTypeToExtension is not used: it turns audio/wave into "wave" and
// audio/vnd.wave into "vnd.wave", names the gateway would refuse.

/** Each accepted media type (lower case, without parameters) and the extension its upload is named with. */
const TRANSCRIPTION_MEDIA_TYPES: Readonly<Record<string, string>> = {
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

/** The bytes of base64 (or base64url) audio, decoded once; text that is not base64 fails before the request. */
export function decodeBase64Audio(base64: string): Uint8Array {
  const bytes = decodeBase64(base64);
  if (bytes === undefined) {
    throw new InvalidArgumentError({
      argument: 'audio',
      message: 'Invalid argument audio: the string is not valid base64.',
    });
  }
  return bytes;
}

// V4's `timestampGranularities` call option. The gateway documents no field for it (no
// timestamp_granularities in the multipart form), so nothing is sent: timings come from the format,
// and a format that cannot give the timings asked for is warned about, never silently.

/** The timings V4's `timestampGranularities` can ask for. */
const TIMESTAMP_GRANULARITIES = ['word', 'segment'] as const;

/** One timing detail of V4's `timestampGranularities`: `word` or `segment`. */
type TimestampGranularity = (typeof TIMESTAMP_GRANULARITIES)[number];

/** Which timings each response format can carry: words only in verbose_json, segments also as cues. */
const FORMAT_TIMINGS: Record<TranscriptionResponseFormat, readonly TimestampGranularity[]> = {
  verbose_json: ['word', 'segment'],
  srt: ['segment'],
  vtt: ['segment'],
  json: [],
  text: [],
};

const ALLOWED = TIMESTAMP_GRANULARITIES.map(value => JSON.stringify(value)).join(' or ');

/**
 * The call's `timestampGranularities` (V4; absent from the V3 call options, so read as unknown). Unset
 * or null is `undefined`. Anything but an array of `'word'` / `'segment'` fails before the request,
 * naming the option (or the item), the allowed values and the value as given.
 */
function readTimestampGranularities(
  options: TranscriptionModelV3CallOptions,
): readonly TimestampGranularity[] | undefined {
  const value: unknown = 'timestampGranularities' in options ? options.timestampGranularities : undefined;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) failArgument('timestampGranularities', `expected an array of ${ALLOWED}`, value);
  return value.map((item: unknown, index) => {
    if (!isOneOf(TIMESTAMP_GRANULARITIES, item))
      failArgument(`timestampGranularities[${index}]`, `expected ${ALLOWED}`, item);
    return item;
  });
}

/** Before the request: the granularities asked for that the chosen response format cannot return. */
function granularityFormatWarnings(
  granularities: readonly TimestampGranularity[] | undefined,
  format: TranscriptionResponseFormat,
): SharedV3Warning[] {
  const missing = [...new Set(granularities)].filter(granularity => !FORMAT_TIMINGS[format].includes(granularity));
  if (missing.length === 0) return [];
  return [
    {
      type: 'unsupported',
      feature: 'timestampGranularities',
      details:
        `timestampGranularities ${JSON.stringify(missing)} asks for timings that providerOptions.unigate.responseFormat ` +
        `"${format}" does not return; the default, "verbose_json", returns words (when the gateway sends them) and segments.`,
    },
  ];
}

/** After a verbose_json answer: word timings were asked for and the gateway sent none. */
function missingWordsWarnings(
  granularities: readonly TimestampGranularity[] | undefined,
  format: TranscriptionResponseFormat,
  hasWords: boolean,
): SharedV3Warning[] {
  if (format !== 'verbose_json' || hasWords || !granularities?.includes('word')) return [];
  return [
    {
      type: 'unsupported',
      feature: 'timestampGranularities',
      details: 'timestampGranularities asks for "word" timings, but the gateway\'s verbose_json answer has no words.',
    },
  ];
}

let sortedCodes: string | undefined;

function checkLanguage(language: string | undefined): void {
  if (language === undefined || TRANSCRIPTION_LANGUAGE_CODES.includes(language)) return;
  sortedCodes ??= [...TRANSCRIPTION_LANGUAGE_CODES].sort().join(', ');
  const code = mapTranscriptionLanguage(language);
  throw new InvalidArgumentError({
    argument: 'providerOptions.unigate.language',
    message:
      'Invalid argument providerOptions.unigate.language: the gateway accepts the ISO-639-1 code of one of its languages ' +
      `(${sortedCodes}); received ${JSON.stringify(language)}` +
      `${code !== undefined && code !== language ? ` (that language's code is "${code}")` : ''}.`,
  });
}

/** A successful-response handler for the plain-text formats (`text`, `srt`, `vtt`): the body as sent. */
const textResponse: ResponseHandler<string> = async ({ response }) => {
  const body = await response.text();
  return { value: body, rawValue: body, responseHeaders: extractResponseHeaders(response) };
};

/** The response handler of the format asked for, its value tagged with that format. */
function responseHandler(format: TranscriptionResponseFormat): ResponseHandler<TranscriptionAnswer> {
  const handler: ResponseHandler<unknown> =
    format === 'verbose_json'
      ? createJsonHandler(transcriptionVerboseJsonSchema())
      : format === 'json'
        ? createJsonHandler(transcriptionJsonSchema())
        : textResponse;
  return async options => {
    const result = await handler(options);
    // The body has the shape of `format`'s answer: its handler parsed it so.
    return { ...result, value: { format, body: result.value } as TranscriptionAnswer };
  };
}

/** What a response body gives the AI SDK's result, whatever the format (`words` and `usage` only when known). */
interface ConvertedTranscription {
  text: string;
  segments: TranscriptionSegment[];
  language: string | undefined;
  durationInSeconds: number | undefined;
  /** verbose_json's word timings, when the gateway sent them. */
  words?: TranscriptionWord[];
  /** What the gateway bills, as it reported it: `{ seconds }` when the answer states its duration. */
  usage?: JSONObject;
  warnings: SharedV3Warning[];
  providerMetadata: Record<string, JSONObject>;
}

function metadata(value: UnigateTranscriptionProviderMetadata): Record<string, JSONObject> {
  return { unigate: { ...value } };
}

/** `verbose_json`: every field the result has; the language name becomes its ISO-639-1 code. */
function convertVerboseJson(body: TranscriptionVerboseJson): ConvertedTranscription {
  const segments = (body.segments ?? []).map(s => ({ text: s.text, startSecond: s.start, endSecond: s.end }));
  const language = mapTranscriptionLanguage(body.language);
  const warnings: SharedV3Warning[] = [];
  if (language === undefined && body.language != null && body.language !== '') {
    warnings.push({
      type: 'other',
      message:
        `The gateway named the language ${JSON.stringify(body.language)}, which has no ISO-639-1 code known to this ` +
        'provider: language is undefined; the name is in providerMetadata.unigate.language.',
    });
  }
  return {
    text: body.text,
    segments,
    language,
    durationInSeconds: body.duration ?? segments.at(-1)?.endSecond,
    ...(body.words != null && {
      words: body.words.map(w => ({ text: w.word, startSecond: w.start, endSecond: w.end })),
    }),
    // Only the duration the gateway stated: a last segment's end is not what it bills.
    ...(body.duration != null && { usage: { seconds: body.duration } }),
    warnings,
    providerMetadata: metadata({
      responseFormat: 'verbose_json',
      ...(body.language != null && { language: body.language }),
      ...(body.words != null && { words: body.words }),
    }),
  };
}

/** `srt` / `vtt`: segments from the cues, text the cues joined, duration the last cue's end. */
function convertSubtitles(
  body: string,
  format: 'srt' | 'vtt',
  requestedLanguage: string | undefined,
): ConvertedTranscription {
  const segments = parseSubtitles(body);
  return {
    text: segments.map(segment => segment.text.replace(/\s*\n\s*/g, ' ')).join(' '),
    segments,
    language: requestedLanguage,
    durationInSeconds: segments.at(-1)?.endSecond,
    warnings: [],
    providerMetadata: metadata({ responseFormat: format, subtitles: body }),
  };
}

/** `json` / `text`: the text only, and a warning that says so. */
function convertPlainText(
  text: string,
  format: 'json' | 'text',
  requestedLanguage: string | undefined,
): ConvertedTranscription {
  return {
    text,
    segments: [],
    language: requestedLanguage,
    durationInSeconds: undefined,
    warnings: [
      {
        type: 'other',
        message:
          `responseFormat "${format}" returns the text only: segments are empty and durationInSeconds is undefined. ` +
          'The default, "verbose_json", returns them.',
      },
    ],
    providerMetadata: metadata({ responseFormat: format }),
  };
}

/** The converter of each format. */
function convertTranscription(
  answer: TranscriptionAnswer,
  requestedLanguage: string | undefined,
): ConvertedTranscription {
  switch (answer.format) {
    case 'verbose_json':
      return convertVerboseJson(answer.body);
    case 'json':
      return convertPlainText(answer.body.text, 'json', requestedLanguage);
    case 'text':
      return convertPlainText(answer.body.trim(), 'text', requestedLanguage);
    default:
      return convertSubtitles(answer.body, answer.format, requestedLanguage);
  }
}

/** Validates every setting and the file, and builds the multipart body: nothing here touches the network. */
function prepareRequest(target: TranscriptionCallTarget, callOptions: TranscriptionModelV3CallOptions) {
  const { audio, mediaType, providerOptions } = callOptions;
  const granularities = readTimestampGranularities(callOptions);
  const { options, warnings } = parseUnigateOptions(
    providerOptions,
    unigateTranscriptionProviderOptionsSchema(),
    'transcription',
  );
  checkLanguage(options.language);
  checkRange('providerOptions.unigate.temperature', options.temperature, TRANSCRIPTION_LIMITS.temperature);
  const fileName = transcriptionFileName(mediaType);
  const bytes = transcriptionAudioBytes(audio);

  const fields: TranscriptionRequestFields = {
    model: target.modelId,
    response_format: options.responseFormat ?? 'verbose_json',
    ...(options.language !== undefined && { language: options.language }),
    ...(options.prompt !== undefined && { prompt: options.prompt }),
    ...(options.temperature !== undefined && { temperature: String(options.temperature) }),
  };
  // The caller's bytes go out as they are, in pieces: no copy of the file (see MultipartBody).
  const upload = new MultipartBody({ ...fields }, { field: 'file', name: fileName, mediaType, bytes });
  warnings.push(...granularityFormatWarnings(granularities, fields.response_format));
  return { upload, fields, warnings, language: options.language, granularities };
}

/** One request: the transcript in the format asked for, converted, and its cost when priced. */
export async function transcribeAudio(
  target: TranscriptionCallTarget,
  options: TranscriptionModelV3CallOptions,
): Promise<UnigateTranscriptionResult> {
  const { upload, fields, warnings, language, granularities } = prepareRequest(target, options);
  const timestamp = new Date();
  // The price is looked up while the audio is transcribed; it never delays or fails the call.
  const { value, rawValue, responseHeaders, price, pricingWarnings } = await sendPricedRequest(
    target.context,
    { modelId: target.modelId, kind: 'transcription', abortSignal: options.abortSignal, headers: options.headers },
    {
      config: target.context.connection,
      auth: 'bearer',
      url: target.context.connection.url('base', '/audio/transcriptions'),
      body: upload,
      successfulResponseHandler: responseHandler(fields.response_format),
    },
  );
  // Unreadable subtitles are quoted in the error.
  const secret = target.context.connection.optionalApiKey();
  const converted = withSecretsRedacted(secret, () => convertTranscription(value, language));
  const { warnings: answerWarnings, providerMetadata, ...result } = converted;
  // By the minute, from the duration the result reports: none when it is unknown (json, text).
  const cost = minuteCost(price, result.durationInSeconds);
  const wordWarnings = missingWordsWarnings(granularities, fields.response_format, result.words !== undefined);
  return {
    ...result,
    warnings: [...warnings, ...wordWarnings, ...answerWarnings, ...pricingWarnings],
    // The form's fields without the file: the audio is no telemetry.
    request: { body: JSON.stringify(fields) },
    response: { timestamp, modelId: target.modelId, headers: responseHeaders, body: rawValue },
    providerMetadata: withCost(providerMetadata, cost),
  };
}
