// The orchestrator's own loopback server: it serves the browser page and the bundle, and answers
// every other path with the emulator's Fetch handler, so the page reaches the gateway on its own
// origin (no CORS involved).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { REDIRECT_SIGNATURE } from './check-names.mjs';

/** The path prefix of the smoke-test files; everything else is the gateway. */
export const SMOKE_PREFIX = '/__runtimes/';

/**
 * The path prefix of the redirect check, `/__redirect/<run>/` (`<run>` a runtime's name, `v4` after it
 * for its /v4 run): below it `away/...` answers 307 to the foreign host (`/collect/<run>?sig=...`),
 * `hop/<path>` answers 307 to `/<path>` on this origin.
 */
export const REDIRECT_PREFIX = '/__redirect/';

/** The redirect check's answer for `path`, or undefined when the path is not one of its. */
function redirectFor(path, foreignURL) {
  const match = /^\/__redirect\/([a-z0-9]+)\/(away|hop)(\/.*)$/.exec(path);
  if (!match) return undefined;
  const [, runtime, kind, rest] = match;
  return kind === 'away' ? `${foreignURL}/collect/${runtime}?sig=${REDIRECT_SIGNATURE}` : rest;
}

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

/** Listens on 127.0.0.1 (random port); resolves `{ url, close }`. */
async function listenOnLoopback(server) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * The foreign host of the redirect check: records every request that reaches it (which must be none)
 * with what it carried, and answers 404. Resolves `{ url, requests, close }`.
 */
export async function startForeignServer() {
  const requests = [];
  const server = createServer(async (req, res) => {
    let bodyBytes = 0;
    for await (const chunk of req) bodyBytes += chunk.length;
    const runtime = /^\/collect\/([a-z0-9]+)/.exec(req.url)?.[1];
    const headers = Object.keys(req.headers).filter(name => name === 'authorization' || name.startsWith('x-'));
    requests.push({ runtime, method: req.method, path: req.url, headers, bodyBytes });
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not the gateway');
  });
  return { requests, ...(await listenOnLoopback(server)) };
}

/**
 * Starts the server on 127.0.0.1 (random port). `handler(request)` answers gateway paths; each of
 * `bundles` (`{ [file name]: path }`) is served as `${SMOKE_PREFIX}<file name>`; `${REDIRECT_PREFIX}`
 * paths redirect (to `foreignURL` or onto this origin). Resolves `{ url, close }`.
 */
export async function startGatewayServer({ handler, bundles, foreignURL }) {
  let origin = '';
  const server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url, 'http://127.0.0.1').pathname;
      const location = redirectFor(path, foreignURL);
      if (location !== undefined) {
        // Read the upload first, so every runtime sees the redirect the same way.
        for await (const _chunk of req);
        res.writeHead(307, { location, 'content-length': '0' });
        return res.end();
      }
      if (path === `${SMOKE_PREFIX}page.html`) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(PAGE);
      }
      const bundle = path.startsWith(SMOKE_PREFIX) ? Object.hasOwn(bundles, path.slice(SMOKE_PREFIX.length)) : false;
      if (bundle) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        return res.end(await readFile(bundles[path.slice(SMOKE_PREFIX.length)]));
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
  const listening = await listenOnLoopback(server);
  origin = listening.url;
  return listening;
}
