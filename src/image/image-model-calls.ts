import {
  InvalidResponseDataError,
  UnsupportedFunctionalityError,
  type ImageModelV3,
  type ImageModelV3CallOptions,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { errorMessage } from '../checks/values';
import {
  convertBase64ToUint8Array,
  DownloadError,
  fetchWithValidatedRedirects,
  isAbortError,
  readResponseWithSizeLimit,
} from '@ai-sdk/provider-utils';
import { createJsonHandler, gatewayHeaders, USER_AGENT } from '../transport/gateway-request';
import {
  checkRequiredText,
  parseUnigateOptions,
  unsupportedSettingWarnings,
  type UnsupportedSetting,
} from '../prompt/call-options';
import { withSecretsRedacted } from '../errors/redact-secrets';
import { checkInteger, checkMaxLength, checkOneOf } from '../checks/validate-argument';
import { sendPricedRequest } from '../model-call/send-priced-request';
import { withCost } from '../model-call/with-cost';
import { unitCost } from '../pricing/compute-cost';
import type { UnigateModelContext } from '../model-call/model-context';
import type { GatewayConnection } from '../settings/gateway-connection';
import type { UnigateImageModelId } from '../settings/unigate-model-ids';
import { imageResponseSchema, type ImageDatum, type ImageRequestBody } from './image-api-types';
import {
  DEFAULT_SQUARE_SIZE,
  IMAGE_DOWNLOAD_MAX_BYTES,
  IMAGE_LIMITS,
  IMAGE_SIZES,
  unigateImageProviderOptionsSchema,
  type UnigateImageMetadata,
} from './unigate-image-options';

// What an image model's calls run, loaded by its first call (import() in unigate-image-model.ts): the
// checks of a call's options, the request, and the download of images sent by URL.

type ImageResult = Awaited<ReturnType<ImageModelV3['doGenerate']>>;

/** The model a call is made for. */
export interface ImageCallTarget {
  readonly modelId: UnigateImageModelId;
  readonly context: UnigateModelContext;
}

/** True for a square ratio such as `1:1` (or `2:2`): the only shape the gateway makes. */
function isSquare(aspectRatio: string): boolean {
  const [width, height] = aspectRatio.split(':').map(Number);
  return width !== undefined && width > 0 && width === height;
}

/**
 * The `size` to send for the AI SDK's `size` and `aspectRatio`. A size outside the gateway's three
 * fails before the request. Every size is square, so a square ratio picks 1024x1024 when no size is
 * given (and agrees with any size that is); any other ratio cannot be honoured and is a warning.
 */
export function mapImageSize(
  size: string | undefined,
  aspectRatio: string | undefined,
): { size: string | undefined; warnings: SharedV3Warning[] } {
  checkOneOf('size', size, IMAGE_SIZES);
  if (aspectRatio === undefined) return { size, warnings: [] };
  if (isSquare(aspectRatio)) return { size: size ?? DEFAULT_SQUARE_SIZE, warnings: [] };
  return {
    size,
    warnings: [
      {
        type: 'unsupported',
        feature: 'aspectRatio',
        details:
          `The gateway makes square images only (${IMAGE_SIZES.join(', ')}); aspectRatio ${aspectRatio} was not sent` +
          ` and the image is ${size ?? `${DEFAULT_SQUARE_SIZE} (the gateway's default)`}.`,
      },
    ],
  };
}

/** Call options the image endpoint has no parameter for, with what happened to them. */
const UNSUPPORTED: ReadonlyArray<UnsupportedSetting<ImageModelV3CallOptions>> = [
  ['seed', 'The image endpoint has no seed parameter; seed was not sent.'],
];

/** Validates every setting against the gateway's limits and builds the body: nothing here touches the network. */
function prepareRequest(target: ImageCallTarget, options: ImageModelV3CallOptions) {
  const { prompt, n, size, aspectRatio, files, mask, providerOptions } = options;
  const { options: unigate, warnings } = parseUnigateOptions(
    providerOptions,
    unigateImageProviderOptionsSchema(),
    'image',
  );

  checkRequiredText('prompt', prompt, `the gateway requires a prompt of 1 to ${IMAGE_LIMITS.prompt.max} characters`);
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
  warnings.push(...mapped.warnings, ...unsupportedSettingWarnings(options, UNSUPPORTED));

  const body: ImageRequestBody = {
    model: target.modelId,
    prompt,
    n,
    ...(mapped.size !== undefined && { size: mapped.size }),
    response_format: unigate.responseFormat ?? 'b64_json',
    ...(unigate.user !== undefined && { user: unigate.user }),
  };
  return { body, warnings };
}

/** One request for `n` images; images sent by URL are downloaded. */
export async function generateImages(target: ImageCallTarget, options: ImageModelV3CallOptions): Promise<ImageResult> {
  const { body, warnings } = prepareRequest(target, options);
  const url = target.context.connection.url('alt', '/images/generations');
  // The price is looked up while the images are made; it never delays or fails the call.
  const { value, responseHeaders, price, pricingWarnings } = await sendPricedRequest(
    target.context,
    { modelId: target.modelId, kind: 'image', abortSignal: options.abortSignal, headers: options.headers },
    {
      config: target.context.connection,
      auth: 'bearer',
      url,
      body,
      successfulResponseHandler: createJsonHandler(imageResponseSchema()),
    },
  );

  // A datum without an image, or a download's failure, quotes what the gateway answered.
  const images = await withSecretsRedacted(target.context.connection.optionalApiKey(), () =>
    Promise.all(value.data.map((datum, index) => imageOf(target, datum, index, options))),
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
      modelId: target.modelId,
      headers: responseHeaders,
    },
  };
}

/** One image: the base64 the gateway sent, else the bytes behind its URL. */
async function imageOf(
  target: ImageCallTarget,
  datum: ImageDatum,
  index: number,
  options: ImageModelV3CallOptions,
): Promise<string | Uint8Array> {
  if (typeof datum.b64_json === 'string' && datum.b64_json !== '') return datum.b64_json;
  if (typeof datum.url === 'string' && datum.url !== '') {
    return downloadImage({
      config: target.context.connection,
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

/**
 * A URL as errors show it: query strings may hold signatures (signed CDN links), so each one becomes
 * `?…`. Applied to whole messages, since redirect errors name the hops too.
 */
export function withoutQuery(text: string): string {
  return text.replace(/(https?:\/\/[^\s?#]+)[?#][^\s]*/gi, '$1?…');
}

export interface DownloadImageOptions {
  config: GatewayConnection;
  url: string;
  maxBytes: number;
  abortSignal?: AbortSignal;
  /** The call's own headers: sent only with the credentials, to the gateway's origins. */
  headers?: Record<string, string | undefined>;
}

/**
 * Downloads an image the gateway answered with a link to. The key and the user's headers go only to
 * the gateway's own origins (and are dropped at a redirect to another origin); any other host gets a
 * bare GET with the user agent. Links off the gateway are checked like the AI SDK's own downloads
 * (http(s) only, no private addresses, validated redirects). Bodies over `maxBytes` are cut off.
 * Every failure is a `DownloadError` naming the status and the URL without its query.
 */
export async function downloadImage({
  config,
  url,
  maxBytes,
  abortSignal,
  headers,
}: DownloadImageOptions): Promise<Uint8Array> {
  const shown = withoutQuery(url);
  // The key only when one is configured: a download never fails for the lack of one.
  const { trusted, headers: requestHeaders } = gatewayHeaders(config, 'optional-bearer', url, headers, USER_AGENT);
  try {
    const response = await fetchWithValidatedRedirects({
      url,
      headers: requestHeaders,
      abortSignal,
      fetch: config.fetch,
      trustedOrigin: trusted ? new URL(url).origin : undefined,
    });
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      throw new DownloadError({
        url: shown,
        statusCode: response.status,
        statusText: response.statusText,
        message: `Unigate image download failed: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${shown}.`,
      });
    }
    return await readResponseWithSizeLimit({ response, url: shown, maxBytes });
  } catch (error) {
    if (isAbortError(error) || (DownloadError.isInstance(error) && error.message.startsWith('Unigate'))) throw error;
    const reason = errorMessage(error);
    throw new DownloadError({
      url: shown,
      ...(DownloadError.isInstance(error) && { statusCode: error.statusCode, statusText: error.statusText }),
      message: `Unigate image download from ${shown} failed: ${withoutQuery(reason)}`,
      // A DownloadError of the AI SDK's names the full URL: its reason is kept, redacted, not the error.
      cause: DownloadError.isInstance(error) ? undefined : error,
    });
  }
}
