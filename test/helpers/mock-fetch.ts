import { getResponse, type RequestHandler } from 'msw';

/** A request as the provider sent it, for exact assertions on url, headers and body. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, the text otherwise, `undefined` without a body. */
  body: unknown;
  /** The multipart body, when the request was `multipart/form-data`. */
  formData?: FormData;
}

/**
 * A `fetch` that answers from msw handlers without patching any global, so the same test runs in
 * Node and in the edge-runtime VM. Every request is recorded; a request no handler answers fails
 * the test loudly instead of reaching the network.
 */
export function createMockFetch(...handlers: RequestHandler[]) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: undefined,
    };
    const type = request.headers.get('content-type') ?? '';
    if (type.startsWith('multipart/form-data')) {
      recorded.formData = await request.clone().formData();
    } else if (request.body !== null) {
      const text = await request.clone().text();
      try {
        recorded.body = JSON.parse(text);
      } catch {
        recorded.body = text;
      }
    }
    requests.push(recorded);
    const response = await getResponse(handlers, request);
    if (!response) throw new Error(`No mock handler for ${request.method} ${request.url}`);
    return response;
  };
  return { fetch, requests };
}
