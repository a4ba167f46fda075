import type { JSONObject, SharedV3Warning, SpeechModelV3, SpeechModelV3CallOptions } from '@ai-sdk/provider';
import { checkModelKind } from '../internal/model-kind';
import { parseUnigateOptions } from '../internal/provider-options';
import { checkOneOf, checkRange, countCharacters } from '../internal/validate-argument';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { characterCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { GatewayConnection } from '../unigate-config';
import type { UnigateSpeechModelId } from '../unigate-model-ids';
import { checkSpeechText } from './check-speech-text';
import { SPEECH_FORMATS, SPEECH_MEDIA_TYPES, SPEECH_VOICES, type SpeechRequestBody } from './speech-api-types';
import { createSpeechAudioHandler } from './speech-audio-response';
import {
  SPEECH_DEFAULTS,
  SPEECH_LIMITS,
  unigateSpeechProviderOptionsSchema,
  type UnigateSpeechProviderMetadata,
} from './unigate-speech-options';

/**
 * What the speech model's `doGenerate` returns: V3's result plus V4's `usage`, which a V3 caller ignores
 * and the V4 entry hands on. Assignable to V3's result.
 */
export type UnigateSpeechResult = Awaited<ReturnType<SpeechModelV3['doGenerate']>> & {
  /** `{ characters }`: the text's length as the gateway bills it (Unicode code points). */
  usage?: JSONObject;
};

/** The response's `Date` header as a time, else now: the gateway sends no creation time for audio. */
function responseTimestamp(headers: Record<string, string> | undefined): Date {
  const date = headers?.date === undefined ? Number.NaN : Date.parse(headers.date);
  return Number.isFinite(date) ? new Date(date) : new Date();
}

/**
 * A text-to-speech model over the gateway's speech endpoint (`POST {base_url}/audio/speech`).
 * Created by `gw.speech(id)` or `gw.speechModel(id)`.
 */
export class UnigateSpeechModel implements SpeechModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateSpeechModelId;
  /** `unigate.speech`. */
  readonly provider: string;
  private readonly context: UnigateModelContext;
  private readonly config: GatewayConnection;

  constructor(modelId: UnigateSpeechModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.context = context;
    this.config = context.connection;
    this.provider = `${context.connection.provider}.speech`;
  }

  /** Validates every setting against the gateway's limits and builds the body: nothing here touches the network. */
  private prepareRequest(options: SpeechModelV3CallOptions) {
    const {
      text,
      voice = SPEECH_DEFAULTS.voice,
      outputFormat = SPEECH_DEFAULTS.outputFormat,
      speed,
      instructions,
      language,
    } = options;
    checkModelKind(this.modelId, 'speech');
    const { warnings } = parseUnigateOptions(options.providerOptions, unigateSpeechProviderOptionsSchema(), 'speech');

    checkSpeechText(text);
    checkOneOf('voice', voice, SPEECH_VOICES);
    checkOneOf('outputFormat', outputFormat, SPEECH_FORMATS);
    checkRange('speed', speed, SPEECH_LIMITS.speed);

    const unsupported: SharedV3Warning[] = [];
    if (instructions !== undefined) {
      unsupported.push({
        type: 'unsupported',
        feature: 'instructions',
        details: 'The speech endpoint has no instructions parameter; instructions were not sent.',
      });
    }
    if (language !== undefined) {
      unsupported.push({
        type: 'unsupported',
        feature: 'language',
        details:
          'The speech endpoint has no language parameter (the voice reads the text as written); language was not sent.',
      });
    }

    const body: SpeechRequestBody = {
      model: this.modelId,
      input: text,
      voice,
      response_format: outputFormat,
      ...(speed !== undefined && { speed }),
    };
    return { body, warnings: [...unsupported, ...warnings] };
  }

  async doGenerate(options: SpeechModelV3CallOptions): Promise<UnigateSpeechResult> {
    const { body, warnings } = this.prepareRequest(options);
    const format = body.response_format;
    // The price is looked up while the audio is made; it never delays or fails the call.
    const {
      value: audio,
      responseHeaders,
      price,
      pricingWarnings,
    } = await sendPricedRequest(
      this.context,
      { modelId: this.modelId, kind: 'speech', abortSignal: options.abortSignal, headers: options.headers },
      {
        auth: 'bearer',
        url: this.config.url('base', '/audio/speech'),
        body,
        successfulResponseHandler: createSpeechAudioHandler(format, this.config.optionalApiKey()),
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
      response: { timestamp: responseTimestamp(responseHeaders), modelId: this.modelId, headers: responseHeaders },
      providerMetadata: withCost({ unigate: metadata }, cost),
    };
  }
}
