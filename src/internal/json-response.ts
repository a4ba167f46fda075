import { APICallError } from '@ai-sdk/provider';
import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';
import type { z } from 'zod/v4';

/**
 * A successful-response handler for JSON bodies. Unlike a bare schema failure, its error names the
 * field that was wrong and what was expected, and keeps the raw body for inspection.
 */
export function createJsonHandler<SCHEMA extends z.ZodType>(schema: SCHEMA): ResponseHandler<z.output<SCHEMA>> {
  return async ({ response, url, requestBodyValues }) => {
    const responseHeaders = extractResponseHeaders(response);
    const body = await response.text();
    const fail = (detail: string, cause?: unknown) =>
      new APICallError({
        message: `Unigate returned an unexpected response body: ${detail}`,
        url,
        requestBodyValues,
        statusCode: response.status,
        responseHeaders,
        responseBody: body,
        cause,
        isRetryable: false,
      });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw fail(body.trim() === '' ? 'the body is empty' : 'the body is not JSON', error);
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      const path = issue.path.length > 0 ? issue.path.join('.') : 'the body';
      throw fail(`${path}: ${issue.message}`, result.error);
    }
    return { value: result.data, rawValue: json, responseHeaders };
  };
}
