// The checks every endpoint shares, driven by its route-table row, in this order: the key (401), the
// daily limit (429), the endpoint's own headers (400), the body (400) and the model the body names: it
// exists (404), has the endpoint's type (400), the key may use it (403). Every message states a fact
// and gives no advice: the provider adds its own hint after the gateway's message.

import type { EmulatorModel } from './emulator-context';
import { defaultErrorType, errorResponse, type ErrorFamily } from './emulator-responses';
import type { KeyHeader, RouteEntry } from './emulator-route-table';
import { withArticle } from './emulator-text';

/** The message of the daily-limit 429 in every family (docs/errors-and-retries.md#daily-request-limit). */
export const DAILY_LIMIT_MESSAGE = 'Daily request limit reached; resets at midnight UTC';

/** The 401 message for a key outside the ones the `apiKey` option narrowed acceptance to. */
export const INVALID_KEY_MESSAGE = 'Invalid API key: this emulator accepts only the key(s) given in its apiKey option';

/** A request body, read once for the checks, the route and the request log. */
export interface RequestBody {
  /** The parsed JSON body (not for multipart). */
  json?: unknown;
  /** True when a non-multipart body is absent or does not parse as JSON. */
  invalidJson: boolean;
  /** The form of a multipart body that parsed. */
  form?: FormData;
  /** The body's `model`, when it is a string. */
  model?: string;
}

/** Reads the body of a request without consuming it (routes may still read it). */
export async function readRequestBody(request: Request): Promise<RequestBody> {
  if (request.method !== 'POST' || request.body === null) return { invalidJson: true };
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    try {
      const form = await request.clone().formData();
      const model = form.get('model');
      return { form, invalidJson: false, ...(typeof model === 'string' ? { model } : {}) };
    } catch {
      return { invalidJson: false };
    }
  }
  try {
    const json: unknown = JSON.parse(await request.clone().text());
    const model = json !== null && typeof json === 'object' ? (json as { model?: unknown }).model : undefined;
    return { json, invalidJson: false, ...(typeof model === 'string' ? { model } : {}) };
  } catch {
    return { invalidJson: true };
  }
}

/** What the checks need to know about the emulator. */
export interface CheckOptions {
  /** The accepted keys; undefined accepts any non-empty key. */
  apiKeys?: readonly string[];
  deniedModels: ReadonlySet<string>;
  /** Models whose upstream is down: 503 in the endpoint's error shape. */
  downModels?: ReadonlySet<string>;
  models: ReadonlyMap<string, EmulatorModel>;
  /** Counts an authenticated request; false when today's limit was already reached. */
  countRequest(): boolean;
}

/** The key a request presents for its key header, or undefined when it presents none. */
function presentedKey(request: Request, header: KeyHeader): string | undefined {
  if (header === 'x-api-key') {
    const key = request.headers.get('x-api-key')?.trim();
    if (key) return key;
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

function keyProblem(request: Request, header: KeyHeader, apiKeys: readonly string[] | undefined): string | undefined {
  if (header === 'none') return undefined;
  const key = presentedKey(request, header);
  if (key === undefined) {
    return `Missing API key: the request has no ${header === 'bearer' ? 'Authorization: Bearer' : 'x-api-key'} header`;
  }
  return apiKeys === undefined || apiKeys.includes(key) ? undefined : INVALID_KEY_MESSAGE;
}

function bodyProblem(entry: RouteEntry, body: RequestBody): string | undefined {
  if (entry.body === 'json' && body.invalidJson) return 'Invalid JSON body';
  if (entry.body === 'multipart' && !body.form) return 'Invalid body: expected multipart/form-data';
  return undefined;
}

/** The model checks, as [status, message, type?], or undefined when the model may be used. */
function modelProblem(
  entry: RouteEntry,
  id: string | undefined,
  options: CheckOptions,
): [number, string, string?] | undefined {
  if (entry.modelType === undefined || id === undefined || id === '') return undefined;
  const model = options.models.get(id);
  if (!model) return [404, `Unknown model '${id}'`, 'not_found_error'];
  if (model.type !== entry.modelType) {
    return [
      400,
      `Invalid model: '${id}' is ${withArticle(model.type)} model, not ${withArticle(entry.modelType)} model`,
    ];
  }
  if (options.deniedModels.has(id)) return [403, `This key has no access to model '${id}'`, 'permission_error'];
  if (options.downModels?.has(id)) return [503, `The upstream of model '${id}' is unavailable (emulated outage)`];
  return undefined;
}

/**
 * Runs the shared checks of `entry` on a request. Returns the error answer of the first that fails (in
 * the row's error family), or what the route gets in its context: the parsed body and the checked model.
 */
export function checkRequest(
  request: Request,
  entry: RouteEntry,
  body: RequestBody,
  options: CheckOptions,
): Response | { body?: unknown; model?: EmulatorModel } {
  const family: ErrorFamily = entry.errors;
  const badKey = keyProblem(request, entry.key, options.apiKeys);
  if (badKey !== undefined) return errorResponse(family, 401, badKey);
  if (entry.key !== 'none' && !options.countRequest()) {
    const type = family === 'chat' ? 'rate_limit_exceeded' : defaultErrorType(family, 429);
    return errorResponse(family, 429, DAILY_LIMIT_MESSAGE, type);
  }
  const badRequest = entry.checkHeaders?.(request) ?? bodyProblem(entry, body);
  if (badRequest !== undefined) return errorResponse(family, 400, badRequest);
  const badModel = modelProblem(entry, body.model, options);
  if (badModel) return errorResponse(family, ...badModel);

  const model = entry.modelType !== undefined && body.model !== undefined ? options.models.get(body.model) : undefined;
  const parsed = entry.body === 'json' ? body.json : entry.body === 'multipart' ? body.form : undefined;
  return { ...(parsed !== undefined ? { body: parsed } : {}), ...(model ? { model } : {}) };
}
