import { APICallError } from '@ai-sdk/provider';
import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';
import type { z } from 'zod/v4';

type Issue = z.core.$ZodIssue;

/**
 * A union's own issue only says "Invalid input": descend into the branch that got furthest (the longest
 * path; on a tie the last branch, where the main shape goes) so the message names the field.
 */
function mostSpecificIssue(issue: Issue, prefix: PropertyKey[]): { path: PropertyKey[]; message: string } {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path, message: issue.message };
  let best: { path: PropertyKey[]; message: string } | undefined;
  for (const branch of issue.errors) {
    if (branch.length === 0) continue;
    const candidate = mostSpecificIssue(branch[0], path);
    if (best === undefined || candidate.path.length >= best.path.length) best = candidate;
  }
  return best ?? { path, message: issue.message };
}

/**
 * A successful-response handler for JSON bodies. Unlike a bare schema failure, its error names the
 * field that was wrong and what was expected, and keeps the raw body for inspection. The body, the
 * parser's error (V8 quotes the text it choked on) and the headers may echo the key: `sendGatewayRequest`,
 * the only caller, redacts the error as it leaves.
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
      const { path, message } = mostSpecificIssue(result.error.issues[0], []);
      throw fail(`${path.length > 0 ? path.join('.') : 'the body'}: ${message}`, result.error);
    }
    return { value: result.data, rawValue: json, responseHeaders };
  };
}
