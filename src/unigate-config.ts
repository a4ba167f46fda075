import type { FetchFunction } from '@ai-sdk/provider-utils';

/** Which credential a request carries (gateway-api.md, "Authentication"). */
export type GatewayAuth =
  /** `Authorization: Bearer <key>`: chat, models, embeddings, audio, images, video. */
  | 'bearer'
  /** `x-api-key` + `anthropic-version`: the messages endpoint. */
  | 'messages'
  /** Bearer when a key is configured, nothing otherwise: the public catalog. */
  | 'optional-bearer';

/** What every model receives from the provider. URLs and the key resolve per call, never at construction. */
export interface UnigateConfig {
  /** `unigate.<kind>`, reported as the model's `provider`. */
  readonly provider: string;
  /** Host root, without trailing slash. */
  siteURL(): string;
  /** `{site_url}/v1` unless configured. */
  baseURL(): string;
  /** Images, video and optionally chat. Falls back to `baseURL()`. */
  altBaseURL(): string;
  /** `{base_url}/chat/completions`, or the alt base's when the `chatEndpoint` setting says `alt`. */
  chatURL(): string;
  /** Throws `LoadAPIKeyError` naming the setting and the env variable. */
  apiKey(): string;
  /** The key when one is configured, else `undefined`; never throws. */
  optionalApiKey(): string | undefined;
  /** The user's extra headers. */
  readonly headers: Record<string, string | undefined>;
  readonly fetch?: FetchFunction;
}
