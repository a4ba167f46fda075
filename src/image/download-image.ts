import {
  combineHeaders,
  DownloadError,
  fetchWithValidatedRedirects,
  isAbortError,
  readResponseWithSizeLimit,
  withUserAgentSuffix,
} from '@ai-sdk/provider-utils';
import { isGatewayOrigin } from '../internal/gateway-request';
import type { GatewayConnection } from '../unigate-config';
import { VERSION } from '../version';

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
  const trusted = isGatewayOrigin(config, url);
  const key = trusted ? config.optionalApiKey() : undefined;
  const requestHeaders = withUserAgentSuffix(
    trusted ? combineHeaders(key === undefined ? {} : { authorization: `Bearer ${key}` }, config.headers, headers) : {},
    `unigate-ai-provider/${VERSION}`,
  );
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
    const reason = error instanceof Error ? error.message : String(error);
    throw new DownloadError({
      url: shown,
      ...(DownloadError.isInstance(error) && { statusCode: error.statusCode, statusText: error.statusText }),
      message: `Unigate image download from ${shown} failed: ${withoutQuery(reason)}`,
      // A DownloadError of the AI SDK's names the full URL: its reason is kept, redacted, not the error.
      cause: DownloadError.isInstance(error) ? undefined : error,
    });
  }
}
