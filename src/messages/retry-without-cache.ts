import { APICallError, type SharedV3Warning } from '@ai-sdk/provider';
import { isObjectRecord } from '../checks/narrow';
import type { PromptCachingState } from '../model-call/model-context';
import type { MessagesRequestBody } from './messages-api-types';
import { hasCacheBreakpoints, withoutCacheBreakpoints } from './place-cache-breakpoints';

/** The gateway's words when it answered 400 naming `cache_control`, else `undefined`. */
function cacheControlRefusal(error: unknown): string | undefined {
  if (!APICallError.isInstance(error) || error.statusCode !== 400) return undefined;
  // The error's own message, not the whole body: a body that echoes the request would name it anyway.
  const said = isObjectRecord(error.data) && typeof error.data.message === 'string' ? error.data.message : undefined;
  return said?.includes('cache_control') ? said : undefined;
}

/**
 * Sends `body`. When the gateway refuses its cache breakpoints (400 with an error naming
 * `cache_control`), the provider stops sending breakpoints for good (`caching.refused`), a warning says
 * so, and the same call is sent once more without them: a gateway that does not take caching never
 * costs a failed call. Resolves with the successful send's result and the body it carried.
 */
export async function sendWithCacheFallback<R>(
  body: MessagesRequestBody,
  caching: PromptCachingState,
  warnings: SharedV3Warning[],
  send: (body: MessagesRequestBody) => Promise<R>,
): Promise<{ result: R; body: MessagesRequestBody }> {
  try {
    return { result: await send(body), body };
  } catch (error) {
    const said = cacheControlRefusal(error);
    if (said === undefined || !hasCacheBreakpoints(body)) throw error;
    caching.refused = true;
    warnings.push({
      type: 'other',
      message:
        `The gateway refused prompt caching (HTTP 400: ${said}). The call was sent again without cache ` +
        'breakpoints, and this provider sends none from now on.',
    });
    const retried = withoutCacheBreakpoints(body);
    return { result: await send(retried), body: retried };
  }
}
