// The emulator's front door: matches the path (the host is ignored), checks the method, the key of the
// endpoint family, the daily request limit and model access, then hands the request to its route.
// Errors use the family's shape from gateway-api.md ("Errors").

import type { EmulatorContext, EmulatorModel, EmulatorRoute } from './emulator-context';
import { errorResponse, type ErrorFamily } from './emulator-responses';
import { catalogRoute } from './routes/catalog-route';
import { chatCompletionsRoute } from './routes/chat-completions-route';
import { messagesRoute } from './routes/messages-route';
import { modelsRoute } from './routes/models-route';

/** One request the emulator answered. */
export interface EmulatorRequestLogEntry {
  method: string;
  /** The URL path, e.g. `/v1/chat/completions`. */
  path: string;
  /** The `model` of a JSON or multipart body, when it has one. */
  model?: string;
  /** The HTTP status of the answer (a stream that fails later still logs 200). */
  status: number;
}

/** Who may call a path: anyone, a bearer key, or the messages family's `x-api-key`. */
type Family = 'public' | 'bearer' | 'messages';

interface RouteEntry {
  method: 'GET' | 'POST';
  family: Family;
  route: EmulatorRoute;
}

const ROUTES: Record<string, RouteEntry> = {
  '/api/public/models': { method: 'GET', family: 'public', route: catalogRoute },
  '/api/v1/messages': { method: 'POST', family: 'messages', route: messagesRoute },
  '/v1/models': { method: 'GET', family: 'bearer', route: modelsRoute },
  '/v1/chat/completions': { method: 'POST', family: 'bearer', route: chatCompletionsRoute },
  '/alt/v1/chat/completions': { method: 'POST', family: 'bearer', route: chatCompletionsRoute },
};

const DAY_MS = 86_400_000;

/** The message of the daily-limit 429 in both families. */
export const DAILY_LIMIT_MESSAGE = 'Daily request limit reached; resets at midnight UTC';

export interface RouterOptions {
  apiKeys: readonly string[];
  dailyRequestLimit: number;
  now: () => number;
  deniedModels: ReadonlySet<string>;
  models: ReadonlyMap<string, EmulatorModel>;
  streamDelayMs: number;
  log: EmulatorRequestLogEntry[];
}

interface BodyInfo {
  model?: string;
  invalidJson: boolean;
}

/** Reads the model of a body without consuming it; notes a JSON body that does not parse. */
async function readBodyInfo(request: Request): Promise<BodyInfo> {
  if (request.method !== 'POST' || request.body === null) return { invalidJson: false };
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    try {
      const model = (await request.clone().formData()).get('model');
      return { model: typeof model === 'string' ? model : undefined, invalidJson: false };
    } catch {
      return { invalidJson: false };
    }
  }
  const text = await request.clone().text();
  try {
    const body: unknown = JSON.parse(text);
    const model = body !== null && typeof body === 'object' ? (body as { model?: unknown }).model : undefined;
    return { model: typeof model === 'string' ? model : undefined, invalidJson: false };
  } catch {
    return { invalidJson: true };
  }
}

/**
 * The key a request presents for its family, or undefined. The messages family documents `x-api-key`;
 * it also takes a bearer token, because the vendor's own SDK now sends its `apiKey` that way.
 */
function presentedKey(request: Request, family: Family): string | undefined {
  if (family === 'messages') {
    const key = request.headers.get('x-api-key')?.trim();
    if (key) return key;
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/** The router: `handle` answers any request; the daily counter is per UTC day of the injected clock. */
export function createEmulatorRouter(options: RouterOptions) {
  let day = Number.NaN;
  let count = 0;

  function countRequest(): boolean {
    const today = Math.floor(options.now() / DAY_MS);
    if (today !== day) [day, count] = [today, 0];
    if (count >= options.dailyRequestLimit) return false;
    count++;
    return true;
  }

  async function answer(request: Request, path: string, body: BodyInfo): Promise<Response> {
    const entry = ROUTES[path];
    if (!entry) return errorResponse('chat', 404, `No endpoint at ${request.method} ${path}`, 'not_found_error');
    const family: ErrorFamily = entry.family === 'messages' ? 'messages' : 'chat';
    if (request.method !== entry.method) {
      return errorResponse(family, 405, `Method ${request.method} is not allowed on ${path}; use ${entry.method}`, undefined, {
        allow: entry.method,
      });
    }

    if (entry.family !== 'public') {
      const key = presentedKey(request, entry.family);
      if (key === undefined || !options.apiKeys.includes(key)) {
        const header = entry.family === 'messages' ? 'x-api-key' : 'Authorization: Bearer';
        const message = key === undefined ? `Missing API key: send it as ${header}` : 'Invalid API key';
        return errorResponse(family, 401, message);
      }
      if (!countRequest()) {
        return errorResponse(family, 429, DAILY_LIMIT_MESSAGE, family === 'chat' ? 'rate_limit_exceeded' : 'rate_limit_error');
      }
    }
    // The messages route checks its own version header, body and model access, in the vendor's order.
    if (entry.family === 'bearer') {
      if (body.invalidJson) return errorResponse('chat', 400, 'Invalid JSON body');
      if (body.model !== undefined && options.deniedModels.has(body.model)) {
        return errorResponse('chat', 403, `This key has no access to model '${body.model}'`, 'permission_error');
      }
    }

    const context: EmulatorContext = {
      now: options.now,
      models: options.models,
      isDenied: (modelId) => options.deniedModels.has(modelId),
      origin: new URL(request.url).origin,
      streamDelayMs: options.streamDelayMs,
    };
    try {
      return await entry.route(request, context);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return errorResponse(family, 500, `Emulator error: ${reason}`);
    }
  }

  return {
    async handle(request: Request): Promise<Response> {
      const pathname = new URL(request.url).pathname;
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const body = await readBodyInfo(request);
      const response = await answer(request, path, body);
      options.log.push({ method: request.method, path, ...(body.model !== undefined ? { model: body.model } : {}), status: response.status });
      return response;
    },
    resetDailyCount(): void {
      count = 0;
    },
    /** Requests counted today (UTC, by the injected clock). */
    dailyCount(): number {
      return Math.floor(options.now() / DAY_MS) === day ? count : 0;
    },
  };
}
