// The emulator's endpoints, one row each. A new endpoint is one row here plus its route file: the row
// says which key, body and model type it takes and which error shape it answers in, and the checks every
// endpoint shares follow from it (emulator-request-checks.ts).

import type { EmulatorModel, EmulatorRoute } from './emulator-context';
import { errorResponse, type ErrorFamily } from './emulator-responses';
import { catalogRoute } from './routes/catalog-route';
import { chatCompletionsRoute } from './routes/chat-completions-route';
import { embeddingsRoute } from './routes/embeddings-route';
import { imageFileRoute, imagesRoute } from './routes/images-route';
import { messagesHeaderProblem } from './routes/messages-request';
import { messagesRoute } from './routes/messages-route';
import { modelsRoute } from './routes/models-route';
import { videoFileRoute, videoGenerationsRoute, videoStatusRoute } from './routes/videos-route';
import { speechRoute } from './routes/speech-route';
import { transcriptionRoute } from './routes/transcription-route';

/**
 * How a caller presents its key: not at all (public), as a bearer token, or in `x-api-key` (the messages
 * family; it also takes a bearer token, because the vendor's own SDK now sends its `apiKey` that way).
 */
export type KeyHeader = 'none' | 'bearer' | 'x-api-key';

/** One endpoint of the emulator. */
export interface RouteEntry {
  /** The path; a `:name` segment matches any one segment and lands in `context.params.name`. */
  pattern: string;
  method: 'GET' | 'POST';
  key: KeyHeader;
  /** The shape of every error the endpoint answers, from 405 and 401 to the route's own. */
  errors: ErrorFamily;
  /** The body it takes (default none): it must parse before the route runs. */
  body?: 'json' | 'multipart';
  /** The catalog type the body's `model` must have; the model is then checked (404, 400, 403). */
  modelType?: EmulatorModel['type'];
  /** The endpoint's required headers, checked after the key and before the body: a 400 message, or undefined. */
  checkHeaders?: (request: Request) => string | undefined;
  route: EmulatorRoute;
}

/** The row under the base (`/v1`) and the alt base (`/alt/v1`); `pattern` is the path below the base. */
function onBothBases(entry: RouteEntry): RouteEntry[] {
  return ['/v1', '/alt/v1'].map(base => ({ ...entry, pattern: `${base}${entry.pattern}` }));
}

/** Every endpoint the emulator serves; other paths answer 404. */
export const ROUTES: readonly RouteEntry[] = [
  { pattern: '/api/public/models', method: 'GET', key: 'none', errors: 'chat', route: catalogRoute },
  { pattern: '/v1/models', method: 'GET', key: 'bearer', errors: 'chat', route: modelsRoute },
  // Chat, images and video on both bases: a provider given only a site URL sends images and video to
  // `{site}/v1` (its alt base defaults to the base), one given the emulator's settings to `/alt/v1`.
  ...onBothBases({
    pattern: '/chat/completions',
    method: 'POST',
    key: 'bearer',
    errors: 'chat',
    body: 'json',
    modelType: 'chat',
    route: chatCompletionsRoute,
  }),
  {
    pattern: '/v1/embeddings',
    method: 'POST',
    key: 'bearer',
    errors: 'chat',
    body: 'json',
    modelType: 'embedding',
    route: embeddingsRoute,
  },
  {
    pattern: '/api/v1/messages',
    method: 'POST',
    key: 'x-api-key',
    errors: 'messages',
    body: 'json',
    modelType: 'chat',
    checkHeaders: messagesHeaderProblem,
    route: messagesRoute,
  },
  ...onBothBases({
    pattern: '/images/generations',
    method: 'POST',
    key: 'bearer',
    errors: 'image-video',
    body: 'json',
    modelType: 'image',
    route: imagesRoute,
  }),
  // The images a `url` answer links to, without a key, like a CDN link.
  { pattern: '/files/images/:file', method: 'GET', key: 'none', errors: 'image-video', route: imageFileRoute },
  ...onBothBases({
    pattern: '/videos/generations',
    method: 'POST',
    key: 'bearer',
    errors: 'image-video',
    body: 'json',
    modelType: 'video',
    route: videoGenerationsRoute,
  }),
  ...onBothBases({
    pattern: '/videos/status/:jobId',
    method: 'GET',
    key: 'bearer',
    errors: 'image-video',
    route: videoStatusRoute,
  }),
  // A finished job's files, without a key, like a CDN link.
  { pattern: '/files/videos/:jobId/:file', method: 'GET', key: 'none', errors: 'image-video', route: videoFileRoute },
  {
    pattern: '/v1/audio/speech',
    method: 'POST',
    key: 'bearer',
    errors: 'chat',
    body: 'json',
    modelType: 'audio',
    route: speechRoute,
  },
  {
    pattern: '/v1/audio/transcriptions',
    method: 'POST',
    key: 'bearer',
    errors: 'chat',
    body: 'multipart',
    modelType: 'audio',
    route: transcriptionRoute,
  },
];

/** The `:name` values when `path` matches `pattern` segment by segment; undefined when it does not. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index]!;
    if (!segment.startsWith(':')) {
      if (segment !== value) return undefined;
    } else {
      if (value === '') return undefined;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined; // A malformed %-escape names no resource.
      }
    }
  }
  return params;
}

/**
 * The row serving `method` on `path`, with its params; otherwise the error answer: 404 when no row
 * matches the path, 405 with an `Allow` header when rows match it with other methods.
 */
export function resolveRoute(
  routes: readonly RouteEntry[],
  method: string,
  path: string,
): { entry: RouteEntry; params: Record<string, string> } | Response {
  const matching = routes.flatMap(entry => {
    const params = matchPath(entry.pattern, path);
    return params ? [{ entry, params }] : [];
  });
  const found = matching.find(({ entry }) => entry.method === method);
  if (found) return found;
  if (matching.length === 0) return errorResponse('chat', 404, `No endpoint at ${method} ${path}`, 'not_found_error');
  const allow = [...new Set(matching.map(({ entry }) => entry.method))].join(', ');
  const message = `Method ${method} is not allowed on ${path} (allowed: ${allow})`;
  return errorResponse(matching[0]!.entry.errors, 405, message, undefined, { allow });
}
