// The orchestrator's own loopback server: it serves the browser page and the bundle, and answers
// every other path with the emulator's Fetch handler, so the page reaches the gateway on its own
// origin (no CORS involved).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** The path prefix of the smoke-test files; everything else is the gateway. */
export const SMOKE_PREFIX = '/__runtimes/';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>unigate-ai-provider runtime smoke test</title></head>
<body><p>unigate-ai-provider runtime smoke test</p></body></html>
`;

function toRequest(req, origin) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: hasBody ? 'half' : undefined,
  });
}

async function sendResponse(res, response) {
  const headers = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return res.end();
  // Chunk by chunk, so SSE events reach the client as the emulator sends them.
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}

/**
 * Starts the server on 127.0.0.1 (random port). `handler(request)` answers gateway paths;
 * `bundlePath` is served as `${SMOKE_PREFIX}smoke-checks.js`. Resolves `{ url, close }`.
 */
export async function startGatewayServer({ handler, bundlePath }) {
  let origin = '';
  const server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url, 'http://127.0.0.1').pathname;
      if (path === `${SMOKE_PREFIX}page.html`) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(PAGE);
      }
      if (path === `${SMOKE_PREFIX}smoke-checks.js`) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        return res.end(await readFile(bundlePath));
      }
      if (path === '/favicon.ico') {
        res.writeHead(204);
        return res.end();
      }
      await sendResponse(res, await handler(toRequest(req, origin)));
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`runtime smoke server: ${error?.stack ?? error}`);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: origin,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
