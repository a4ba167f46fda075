import type { InputTokenCounting } from './emulator-text';
// The emulator's front door: finds the route-table row of the path (the host is ignored), runs the checks
// every endpoint shares, hands the request to its route, and stamps every answer with a `Date` header
// from the injected clock. Errors use the row's family shape (docs/errors-and-retries.md#error-body-shapes).

import type { EmulatorContext, EmulatorModel } from './emulator-context';
import { checkRequest, readRequestBody, type RequestBody } from './emulator-request-checks';
import { errorResponse } from './emulator-responses';
import { resolveRoute, ROUTES, type RouteEntry } from './emulator-route-table';
import { createPromptCache, type PromptCache } from './prompt-cache';
import { createVideoJobStore, type VideoJobStore } from './video-jobs';

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

const DAY_MS = 86_400_000;

export interface RouterOptions {
  /** The accepted keys; undefined accepts any non-empty key. */
  apiKeys?: readonly string[];
  dailyRequestLimit: number;
  now: () => number;
  deniedModels: ReadonlySet<string>;
  downModels?: ReadonlySet<string>;
  models: ReadonlyMap<string, EmulatorModel>;
  streamDelayMs: number;
  log: EmulatorRequestLogEntry[];
  /** The endpoint table (default ROUTES). */
  routes?: readonly RouteEntry[];
  /** The video jobs (default: a new store on `now` with the default timing). */
  videoJobs?: VideoJobStore;
  /** The prompt cache (default: a new one on `now`, caching on). */
  promptCache?: PromptCache;
  /** How input tokens are counted (default: words). */
  inputCounting?: InputTokenCounting;
}

/** The router: `handle` answers any request; the daily counter is per UTC day of the injected clock. */
export function createEmulatorRouter(options: RouterOptions) {
  const routes = options.routes ?? ROUTES;
  const videoJobs = options.videoJobs ?? createVideoJobStore(options.now);
  const promptCache = options.promptCache ?? createPromptCache(options.now);
  let day = Number.NaN;
  let count = 0;

  function countRequest(): boolean {
    const today = Math.floor(options.now() / DAY_MS);
    if (today !== day) [day, count] = [today, 0];
    if (count >= options.dailyRequestLimit) return false;
    count++;
    return true;
  }
  const checks = { ...options, countRequest };

  async function answer(request: Request, path: string, body: RequestBody): Promise<Response> {
    const found = resolveRoute(routes, request.method, path);
    if (found instanceof Response) return found;
    const { entry, params } = found;
    const checked = checkRequest(request, entry, body, checks);
    if (checked instanceof Response) return checked;

    const context: EmulatorContext = {
      now: options.now,
      models: options.models,
      origin: new URL(request.url).origin,
      streamDelayMs: options.streamDelayMs,
      params,
      videoJobs,
      promptCache,
      inputCounting: options.inputCounting,
      ...checked,
    };
    try {
      return await entry.route(request, context);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return errorResponse(entry.errors, 500, `Emulator error: ${reason}`);
    }
  }

  return {
    async handle(request: Request): Promise<Response> {
      const pathname = new URL(request.url).pathname;
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const body = await readRequestBody(request);
      const response = await answer(request, path, body);
      // HTTP-date of the emulator's clock, so a client can tell when "midnight UTC" is by the server.
      response.headers.set('date', new Date(options.now()).toUTCString());
      options.log.push({
        method: request.method,
        path,
        ...(body.model !== undefined ? { model: body.model } : {}),
        status: response.status,
      });
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
