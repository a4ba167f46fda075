import { LoadAPIKeyError, LoadSettingError } from '@ai-sdk/provider';
import { loadApiKey, loadOptionalSetting, type FetchFunction } from '@ai-sdk/provider-utils';
import type { UnigateProviderSettings } from './unigate-provider-settings';

/** The package version, sent in the user-agent suffix. Kept equal to package.json by a test. */
export const VERSION = '0.1.0';

/** Which credential a request carries (docs/endpoints.md#authentication). */
export type GatewayAuth =
  /** `Authorization: Bearer <key>`: chat, models, embeddings, audio, images, video. */
  | 'bearer'
  /** `x-api-key` + `anthropic-version` (the messages endpoint's style). */
  | 'x-api-key'
  /** Bearer when a key is configured, nothing otherwise: the public catalog. */
  | 'optional-bearer';

/**
 * The three roots every endpoint hangs from (docs/endpoints.md#addresses): `site` is the host
 * root (`{site_url}`), `base` the OpenAI-style API (`{base_url}`), `alt` the second base (`{alt_base_url}`).
 */
export type GatewayBase = 'site' | 'base' | 'alt';

/**
 * The transport's view of the settings: where requests go, with which key, headers and fetch, and nothing
 * else (each kind's own settings are in its config, `src/model-call/model-context.ts`; pricing and the
 * catalog are apart). URLs and the key resolve per call, never at construction.
 */
export interface GatewayConnection {
  /** The provider's name, `unigate`. Each model reports `<provider>.<kind>` (e.g. `unigate.chat`). */
  readonly provider: string;
  /**
   * The root a base resolves to now, without trailing slash. Without a URL this throws a
   * `LoadSettingError`, which also names the key when the key is missing too and `auth` needs one
   * (default `bearer`), so one error lists everything left to configure.
   */
  root(base: GatewayBase, auth?: GatewayAuth): string;
  /** An endpoint's URL: `url('alt', '/images/generations')`. Every model builds its URL this way. */
  url(base: GatewayBase, path: `/${string}`, auth?: GatewayAuth): string;
  /** Throws `LoadAPIKeyError` naming the setting and the env variable; an empty key counts as missing. */
  apiKey(): string;
  /** The key when a non-empty one is configured, else `undefined`; never throws. */
  optionalApiKey(): string | undefined;
  /** The user's extra headers. */
  readonly headers: Record<string, string | undefined>;
  readonly fetch?: FetchFunction;
}

/** Drops every trailing slash: `https://gw.test/v1//` and `https://gw.test/v1` are the same base. */
function withoutTrailingSlash(url: string | undefined): string | undefined {
  return url?.replace(/\/+$/, '');
}

/** Names what to pass instead of a site URL ending in /v1, in the words of where it came from. */
function versionedSiteURLError(given: string, site: string, fromSettings: boolean): LoadSettingError {
  const host = site.replace(/(?:\/api|\/alt)?\/v1$/i, '');
  const instead = fromSettings
    ? `Pass siteURL: '${host}' (the host root), or baseURL: '${host}/v1'.`
    : `Set UNIGATE_SITE_URL=${host} (the host root), or UNIGATE_BASE_URL=${host}/v1.`;
  return new LoadSettingError({
    message:
      `Invalid ${fromSettings ? 'siteURL' : 'UNIGATE_SITE_URL'} '${given}': it must be the host root, without /v1, ` +
      `because the provider adds /v1 and /api/v1 itself (requests would go to ${site}/v1/chat/completions). ${instead}`,
  });
}

/** Builds the connection the transport sends through. URLs and the key are resolved at call time. */
export function createGatewayConnection(
  settings: UnigateProviderSettings = {},
  provider = 'unigate',
): GatewayConnection {
  // URLs passed in describe one deployment: then the URL variables are not read at all, so a stale
  // UNIGATE_BASE_URL cannot send the key elsewhere, and runtimes without env access (Deno) still work.
  const explicitURLs =
    settings.siteURL !== undefined || settings.baseURL !== undefined || settings.altBaseURL !== undefined;
  const setting = (value: string | undefined, environmentVariableName: string) =>
    withoutTrailingSlash(
      value ?? (explicitURLs ? undefined : loadOptionalSetting({ settingValue: undefined, environmentVariableName })),
    );

  // The key as configured: the setting wins over UNIGATE_API_KEY; an empty one is no key at all (it
  // would be sent as `Bearer ` and refused only after a request).
  const configuredKey = (): string | undefined => {
    const key =
      settings.apiKey ?? loadOptionalSetting({ settingValue: undefined, environmentVariableName: 'UNIGATE_API_KEY' });
    return typeof key === 'string' && key.trim() !== '' ? key : undefined;
  };

  // A site URL ending in /v1 would double the version in every path (`/v1/v1/chat/completions`, a 404):
  // it is refused before any request, whichever endpoint is called.
  const siteSetting = (): string | undefined => {
    const site = setting(settings.siteURL, 'UNIGATE_SITE_URL');
    if (site && /\/v1$/i.test(site)) {
      const given =
        settings.siteURL ??
        loadOptionalSetting({ settingValue: undefined, environmentVariableName: 'UNIGATE_SITE_URL' });
      throw versionedSiteURLError(given ?? site, site, settings.siteURL !== undefined);
    }
    return site;
  };
  const siteURL = (auth: GatewayAuth): string => {
    const site = siteSetting();
    if (site) return site;
    // A base URL of the documented `{site_url}/v1` form names the site too.
    const base = setting(settings.baseURL, 'UNIGATE_BASE_URL');
    if (base?.endsWith('/v1')) return base.slice(0, -3);
    const siteHow = "the 'siteURL' parameter or the UNIGATE_SITE_URL environment variable";
    throw new LoadSettingError({
      message:
        auth !== 'optional-bearer' && configuredKey() === undefined
          ? `Unigate settings are missing: the site URL (pass it using ${siteHow}) and the API key ` +
            "(pass it using the 'apiKey' parameter or the UNIGATE_API_KEY environment variable)."
          : `Unigate site URL setting is missing. Pass it using ${siteHow}.`,
    });
  };
  const baseURL = (auth: GatewayAuth): string => setting(settings.baseURL, 'UNIGATE_BASE_URL') || `${siteURL(auth)}/v1`;
  const altBaseURL = (auth: GatewayAuth): string =>
    setting(settings.altBaseURL, 'UNIGATE_ALT_BASE_URL') || baseURL(auth);
  const root = (base: GatewayBase, auth: GatewayAuth = 'bearer'): string => {
    siteSetting();
    return base === 'site' ? siteURL(auth) : base === 'base' ? baseURL(auth) : altBaseURL(auth);
  };

  const connection: GatewayConnection = {
    provider,
    root,
    url: (base, path, auth) => `${root(base, auth)}${path}`,
    apiKey: () => {
      const key = loadApiKey({
        apiKey: settings.apiKey,
        environmentVariableName: 'UNIGATE_API_KEY',
        apiKeyParameterName: 'apiKey',
        description: 'Unigate',
      });
      if (key.trim() !== '') return key;
      throw new LoadAPIKeyError({
        message:
          "Unigate API key is empty. Pass a key using the 'apiKey' parameter or the UNIGATE_API_KEY environment variable.",
      });
    },
    optionalApiKey: configuredKey,
    headers: settings.headers ?? {},
    fetch: settings.fetch,
  };
  return connection;
}
