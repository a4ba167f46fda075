/**
 * The fake upstream, run in its own process (forked by bench/run.ts) so that its CPU never counts
 * against the client being measured. Loopback only. Every body is built once and served from a cache,
 * so each provider of a format gets byte-identical answers; the served bytes' sha256 are reported back.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  chatJsonBody,
  chatSseBody,
  embeddingsJsonBody,
  messagesJsonBody,
  messagesSseBody,
  parseDelivery,
} from './wire-fixtures';

interface CachedBody {
  bytes: Buffer;
  contentType: string;
  sha256: string;
  served: number;
  /** SSE bodies: the offset right after each event's blank line, found on first paced use. */
  eventEnds?: number[];
}

const cache = new Map<string, CachedBody>();
const MAX_REQUEST_BYTES = 1 << 20;
const MAX_EMBEDDING_INPUTS = 4096;

function cached(key: string, contentType: string, build: () => string): CachedBody {
  let entry = cache.get(key);
  if (!entry) {
    const bytes = Buffer.from(build(), 'utf8');
    entry = { bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex'), served: 0 };
    cache.set(key, entry);
  }
  return entry;
}

function send(res: ServerResponse, body: CachedBody): void {
  body.served++;
  res.writeHead(200, {
    'content-type': body.contentType,
    'content-length': body.bytes.length,
    'cache-control': 'no-cache',
  });
  res.end(body.bytes);
}

/**
 * The pause after each paced write, in ms: longer than any contender takes to read and process that
 * write through streamText (tens of µs per event), so each network read holds exactly one write.
 */
export function pacedPauseMs(perWrite: number): number {
  return perWrite === 1 ? 0.15 : 0.15 * perWrite;
}

// Sub-millisecond sleeps without spinning a core (timers cannot go below 1 ms). The server serves one
// stream at a time, so blocking its event loop between writes holds up no one.
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function eventEnds(bytes: Buffer): number[] {
  const ends: number[] = [];
  for (let at = bytes.indexOf('\n\n'); at !== -1; at = bytes.indexOf('\n\n', at + 2)) ends.push(at + 2);
  return ends;
}

/**
 * The same bytes as `send`, `perWrite` events per write with a pause after each. Content-Length, not
 * chunked encoding: the client's HTTP parser then hands on one body piece per socket read, however many
 * writes it holds (chunked framing would give one piece per write and hide how reads group events).
 */
async function sendPaced(res: ServerResponse, body: CachedBody, perWrite: number): Promise<void> {
  body.served++;
  const ends = (body.eventEnds ??= eventEnds(body.bytes));
  const pause = pacedPauseMs(perWrite);
  res.writeHead(200, {
    'content-type': body.contentType,
    'content-length': body.bytes.length,
    'cache-control': 'no-cache',
  });
  let start = 0;
  for (let event = perWrite - 1; start < body.bytes.length; event += perWrite) {
    const end = event < ends.length - 1 ? ends[event] : body.bytes.length;
    res.write(body.bytes.subarray(start, end));
    start = end;
    // A turn of the event loop: Node sends a write at the end of the tick it was made in.
    await new Promise(resolve => setImmediate(resolve));
    if (res.destroyed) return;
    Atomics.wait(sleeper, 0, 0, pause);
  }
  res.end();
}

function fail(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ error: { type: 'invalid_request_error', message, code: status } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  return new Promise(resolve => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_REQUEST_BYTES) return resolve(undefined);
      try {
        const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve(value && typeof value === 'object' ? value : undefined);
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'POST') return fail(res, 404, `no route ${req.method} ${path}`);
  const body = await readJson(req);
  if (!body) return fail(res, 400, 'body is not a JSON object (or larger than 1 MiB)');

  if (path === '/v1/chat/completions' || path === '/api/v1/messages') {
    const delivery = parseDelivery(body.model);
    if (!delivery)
      return fail(res, 400, `model must be bench-(text|tool)-<deltas>[-every-<events>], got ${String(body.model)}`);
    const { scenario, perWrite } = delivery;
    const chat = path === '/v1/chat/completions';
    const key = `${chat ? 'chat' : 'messages'}:${body.stream === true ? 'sse' : 'json'}:${scenario.kind}:${scenario.deltas}`;
    if (body.stream === true) {
      const sse = cached(key, 'text/event-stream', () => (chat ? chatSseBody(scenario) : messagesSseBody(scenario)));
      return perWrite === undefined ? send(res, sse) : sendPaced(res, sse, perWrite);
    }
    return send(
      res,
      cached(key, 'application/json', () => (chat ? chatJsonBody(scenario) : messagesJsonBody(scenario))),
    );
  }

  if (path === '/v1/embeddings') {
    const input = body.input;
    const count = Array.isArray(input) ? input.length : typeof input === 'string' ? 1 : 0;
    if (count < 1 || count > MAX_EMBEDDING_INPUTS)
      return fail(res, 400, `input must hold 1..${MAX_EMBEDDING_INPUTS} items`);
    const encoding = body.encoding_format === 'base64' ? 'base64' : 'float';
    return send(
      res,
      cached(`embeddings:${encoding}:${count}`, 'application/json', () => embeddingsJsonBody(count, encoding)),
    );
  }

  return fail(res, 404, `no route POST ${path}`);
}

const server = createServer((req, res) => {
  handle(req, res).catch(error => {
    if (!res.headersSent) fail(res, 500, String(error));
    else res.destroy();
  });
});
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port });
});

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stats') {
    const bodies = [...cache].map(([key, body]) => ({
      key,
      bytes: body.bytes.length,
      sha256: body.sha256,
      served: body.served,
    }));
    process.send?.({ type: 'stats', bodies });
  }
});

// The parent owns this process: when it goes away, so do we.
process.on('disconnect', () => {
  server.close();
  process.exit(0);
});
