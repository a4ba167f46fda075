import { extractResponseHeaders, type ResponseHandler } from '@ai-sdk/provider-utils';

/** A successful-response handler for the plain-text formats (`text`, `srt`, `vtt`): the body as sent. */
export const textResponse: ResponseHandler<string> = async ({ response }) => {
  const body = await response.text();
  return { value: body, rawValue: body, responseHeaders: extractResponseHeaders(response) };
};
