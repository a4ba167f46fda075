// Node-only: serves a Fetch-API handler on a loopback HTTP server. Loaded by `listen()` through a
// dynamic import, so the rest of the emulator also loads in edge runtimes.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running loopback server. */
export interface NodeServerHandle {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Stops accepting connections, ends open ones (including streams) and resolves when closed. */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    const name = incoming.rawHeaders[i]!;
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, incoming.rawHeaders[i + 1]!);
  }
  const method = incoming.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    if (chunks.length > 0) body = new Uint8Array(Buffer.concat(chunks));
  }
  return new Request(new URL(incoming.url ?? '/', origin), { method, headers, body });
}

async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(response.status, headers);
  outgoing.flushHeaders();
  if (response.body === null) {
    outgoing.end();
    return;
  }
  const reader = response.body.getReader();
  // The client went away: stop producing.
  outgoing.on('close', () => {
    if (!outgoing.writableFinished) void reader.cancel().catch(() => {});
  });
  // Settles when the last chunk written has reached the socket (or failed to).
  let written: Promise<unknown> = Promise.resolve();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Each chunk goes out as it comes (SSE events are not held back); wait when the socket is full.
      let room = true;
      written = new Promise(resolve => (room = outgoing.write(value, resolve)));
      if (!room) await new Promise(resolve => outgoing.once('drain', resolve));
    }
    if (!outgoing.destroyed) outgoing.end();
  } catch {
    // A dropped connection, as a real one drops: what was written reaches the client first (destroying
    // at once would discard it, so the client would see the drop before any content), then the socket
    // goes, without an error event on this side; the client reads a body cut mid-chunk (`terminated`).
    await written;
    outgoing.destroy();
  }
}

/** Starts a server on 127.0.0.1 (`port` 0 picks a free one) answering every request with `handler`. */
export async function startNodeServer(
  handler: (request: Request) => Promise<Response>,
  port = 0,
): Promise<NodeServerHandle> {
  const http = await import('node:http');
  let origin = '';
  const server = http.createServer((incoming, outgoing) => {
    // Nothing a request does may throw past it (an uncaught rejection ends the process): a request
    // that fails while being read or written loses its socket, as a real server's would.
    void (async () => {
      let response: Response;
      try {
        response = await handler(await toRequest(incoming, origin));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        response = new Response(JSON.stringify({ error: { type: 'server_error', message, code: 500 } }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      }
      await writeResponse(response, outgoing);
    })().catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close(error => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
