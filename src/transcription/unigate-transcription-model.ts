import {
  InvalidArgumentError,
  type JSONObject,
  type TranscriptionModelV3,
  type TranscriptionModelV3CallOptions,
} from '@ai-sdk/provider';
import type { ResponseHandler } from '@ai-sdk/provider-utils';
import { MultipartBody } from '../internal/multipart-body';
import { createJsonHandler } from '../internal/json-response';
import { parseUnigateOptions } from '../internal/provider-options';
import { withSecretsRedacted } from '../internal/redact-secrets';
import { checkRange } from '../internal/validate-argument';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { minuteCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { GatewayConnection } from '../unigate-config';
import type { UnigateTranscriptionModelId } from '../unigate-model-ids';
import { convertTranscription } from './convert-transcription-response';
import { mapTranscriptionLanguage } from './map-transcription-language';
import { textResponse } from './text-response';
import {
  transcriptionJsonSchema,
  transcriptionVerboseJsonSchema,
  type TranscriptionAnswer,
  type TranscriptionRequestFields,
  type TranscriptionResponseFormat,
} from './transcription-api-types';
import { TRANSCRIPTION_LANGUAGE_CODES } from './transcription-languages';
import type { TranscriptionWord } from './transcription-segment';
import { granularityFormatWarnings, missingWordsWarnings, readTimestampGranularities } from './timestamp-granularities';
import { transcriptionAudioBytes, transcriptionFileName } from './transcription-upload';
import { TRANSCRIPTION_LIMITS, unigateTranscriptionProviderOptionsSchema } from './unigate-transcription-options';

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

/** `handler`'s value, tagged with the format it was parsed as. */
function tagged<T>(
  handler: ResponseHandler<T>,
  tag: (body: T) => TranscriptionAnswer,
): ResponseHandler<TranscriptionAnswer> {
  return async options => {
    const result = await handler(options);
    return { ...result, value: tag(result.value) };
  };
}

function responseHandler(format: TranscriptionResponseFormat): ResponseHandler<TranscriptionAnswer> {
  if (format === 'verbose_json')
    return tagged(createJsonHandler(transcriptionVerboseJsonSchema()), body => ({ format, body }));
  if (format === 'json') return tagged(createJsonHandler(transcriptionJsonSchema()), body => ({ format, body }));
  return tagged(textResponse, body => ({ format, body }));
}

/**
 * A speech-to-text model over the gateway's transcription endpoint (`POST {base_url}/audio/transcriptions`).
 * Created by `gw.transcription(id)` or `gw.transcriptionModel(id)`.
 */
export class UnigateTranscriptionModel implements TranscriptionModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateTranscriptionModelId;
  /** `unigate.transcription`. */
  readonly provider: string;
  private readonly context: UnigateModelContext;
  private readonly config: GatewayConnection;

  constructor(modelId: UnigateTranscriptionModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.context = context;
    this.config = context.connection;
    this.provider = `${context.connection.provider}.transcription`;
  }

  /** Validates every setting and the file, and builds the multipart body: nothing here touches the network. */
  private prepareRequest(callOptions: TranscriptionModelV3CallOptions) {
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
      model: this.modelId,
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

  async doGenerate(options: TranscriptionModelV3CallOptions): Promise<UnigateTranscriptionResult> {
    const { upload, fields, warnings, language, granularities } = this.prepareRequest(options);
    const timestamp = new Date();
    // The price is looked up while the audio is transcribed; it never delays or fails the call.
    const { value, rawValue, responseHeaders, price, pricingWarnings } = await sendPricedRequest(
      this.context,
      { modelId: this.modelId, kind: 'transcription', abortSignal: options.abortSignal, headers: options.headers },
      {
        auth: 'bearer',
        url: this.config.url('base', '/audio/transcriptions'),
        body: upload,
        successfulResponseHandler: responseHandler(fields.response_format),
      },
    );
    // Unreadable subtitles are quoted in the error.
    const converted = withSecretsRedacted(this.config.optionalApiKey(), () => convertTranscription(value, language));
    // By the minute, from the duration the result reports: none when it is unknown (json, text).
    const cost = minuteCost(price, converted.durationInSeconds);
    const wordWarnings = missingWordsWarnings(granularities, fields.response_format, converted.words !== undefined);
    return {
      text: converted.text,
      segments: converted.segments,
      ...(converted.words !== undefined && { words: converted.words }),
      language: converted.language,
      durationInSeconds: converted.durationInSeconds,
      ...(converted.usage !== undefined && { usage: converted.usage }),
      warnings: [...warnings, ...wordWarnings, ...converted.warnings, ...pricingWarnings],
      // The form's fields without the file: the audio is no telemetry.
      request: { body: JSON.stringify(fields) },
      response: { timestamp, modelId: this.modelId, headers: responseHeaders, body: rawValue },
      providerMetadata: withCost(converted.providerMetadata, cost),
    };
  }
}
