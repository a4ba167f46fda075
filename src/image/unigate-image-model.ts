import {
  InvalidArgumentError,
  InvalidResponseDataError,
  UnsupportedFunctionalityError,
  type ImageModelV3,
  type ImageModelV3CallOptions,
} from '@ai-sdk/provider';
import { convertBase64ToUint8Array } from '@ai-sdk/provider-utils';
import { createJsonHandler } from '../internal/json-response';
import { parseUnigateOptions } from '../internal/provider-options';
import { withSecretsRedacted } from '../internal/redact-secrets';
import { checkInteger, checkMaxLength, formatArgumentValue } from '../internal/validate-argument';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { unitCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { GatewayConnection } from '../unigate-config';
import type { UnigateImageModelId } from '../unigate-model-ids';
import { downloadImage } from './download-image';
import { imageResponseSchema, type ImageDatum, type ImageRequestBody } from './image-api-types';
import { mapImageSize } from './map-image-size';
import {
  IMAGE_DOWNLOAD_MAX_BYTES,
  IMAGE_LIMITS,
  unigateImageProviderOptionsSchema,
  type UnigateImageMetadata,
} from './unigate-image-options';

type ImageResult = Awaited<ReturnType<ImageModelV3['doGenerate']>>;

/**
 * An image model over `POST {alt_base_url}/images/generations`. Created by `gw.image(id)` or
 * `gw.imageModel(id)`. At most 10 images per request: the AI SDK splits a larger `n` into several.
 */
export class UnigateImageModel implements ImageModelV3 {
  readonly specificationVersion = 'v3';
  readonly modelId: UnigateImageModelId;
  /** `unigate.image`. */
  readonly provider: string;
  /** The gateway's `n` limit: `generateImage` sends `n: 12` as 10 + 2. */
  readonly maxImagesPerCall = IMAGE_LIMITS.n.max;
  private readonly context: UnigateModelContext;
  private readonly config: GatewayConnection;

  constructor(modelId: UnigateImageModelId, context: UnigateModelContext) {
    this.modelId = modelId;
    this.context = context;
    this.config = context.connection;
    this.provider = `${context.connection.provider}.image`;
  }

  /** Validates every setting against the gateway's limits and builds the body: nothing here touches the network. */
  private prepareRequest(options: ImageModelV3CallOptions) {
    const { prompt, n, size, aspectRatio, seed, files, mask, providerOptions } = options;
    const { options: unigate, warnings } = parseUnigateOptions(
      providerOptions,
      unigateImageProviderOptionsSchema(),
      'image',
    );

    if (typeof prompt !== 'string' || prompt.trim() === '') {
      throw new InvalidArgumentError({
        argument: 'prompt',
        message: `Invalid argument prompt: the gateway requires a prompt of 1 to ${IMAGE_LIMITS.prompt.max} characters; received ${prompt === undefined ? 'none' : formatArgumentValue(prompt)}.`,
      });
    }
    checkMaxLength('prompt', prompt, IMAGE_LIMITS.prompt.max);
    checkInteger('n', n, IMAGE_LIMITS.n);
    // The gateway only generates: an input image or mask would be ignored, so the result would be wrong.
    if ((files !== undefined && files.length > 0) || mask !== undefined) {
      throw new UnsupportedFunctionalityError({
        functionality: mask !== undefined ? 'image editing (mask)' : 'image editing (input images)',
        message:
          'The Unigate image endpoint generates images from a text prompt only (POST /images/generations); ' +
          'input images and masks are not supported.',
      });
    }
    const mapped = mapImageSize(size, aspectRatio);
    warnings.push(...mapped.warnings);
    if (seed !== undefined) {
      warnings.push({
        type: 'unsupported',
        feature: 'seed',
        details: 'The image endpoint has no seed parameter; seed was not sent.',
      });
    }

    const body: ImageRequestBody = {
      model: this.modelId,
      prompt,
      n,
      ...(mapped.size !== undefined && { size: mapped.size }),
      response_format: unigate.responseFormat ?? 'b64_json',
      ...(unigate.user !== undefined && { user: unigate.user }),
    };
    return { body, warnings };
  }

  async doGenerate(options: ImageModelV3CallOptions): Promise<ImageResult> {
    const { body, warnings } = this.prepareRequest(options);
    const url = this.config.url('alt', '/images/generations');
    // The price is looked up while the images are made; it never delays or fails the call.
    const { value, responseHeaders, price, pricingWarnings } = await sendPricedRequest(
      this.context,
      { modelId: this.modelId, kind: 'image', abortSignal: options.abortSignal, headers: options.headers },
      { auth: 'bearer', url, body, successfulResponseHandler: createJsonHandler(imageResponseSchema()) },
    );

    // A datum without an image, or a download's failure, quotes what the gateway answered.
    const images = await withSecretsRedacted(this.config.optionalApiKey(), () =>
      Promise.all(value.data.map((datum, index) => this.imageOf(datum, index, options))),
    );
    // Per image returned, from a price table only; `images` stays, the AI SDK requires it.
    const cost = unitCost(price, 'image', value.data.length);
    const each = unitCost(price, 'image', 1);
    const metadata: UnigateImageMetadata[] = value.data.map(datum => ({
      revisedPrompt: datum.revised_prompt ?? null,
      ...(typeof datum.url === 'string' && datum.url !== '' && { url: datum.url }),
      ...(each && { cost: { ...each } }),
    }));

    return {
      // One type for the whole array, as the interface asks: base64 unless something was downloaded.
      images: images.every((image): image is string => typeof image === 'string')
        ? images
        : images.map(image => (typeof image === 'string' ? convertBase64ToUint8Array(image) : image)),
      warnings: [...warnings, ...pricingWarnings],
      providerMetadata: withCost({ unigate: { images: metadata } }, cost),
      response: {
        timestamp: typeof value.created === 'number' ? new Date(value.created * 1000) : new Date(),
        modelId: this.modelId,
        headers: responseHeaders,
      },
    };
  }

  /** One image: the base64 the gateway sent, else the bytes behind its URL. */
  private async imageOf(
    datum: ImageDatum,
    index: number,
    options: ImageModelV3CallOptions,
  ): Promise<string | Uint8Array> {
    if (typeof datum.b64_json === 'string' && datum.b64_json !== '') return datum.b64_json;
    if (typeof datum.url === 'string' && datum.url !== '') {
      return downloadImage({
        config: this.config,
        url: datum.url,
        maxBytes: IMAGE_DOWNLOAD_MAX_BYTES,
        abortSignal: options.abortSignal,
        headers: options.headers,
      });
    }
    throw new InvalidResponseDataError({
      data: datum,
      message: `Unigate returned an unexpected response body: data.${index} has neither b64_json nor url.`,
    });
  }
}
