import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { failure } from '../helpers/test-kit';
import { synthesizeWav, VERBOSE_JSON } from '../transcription/transcription-fixtures';

// Node's own fetch (undici) against three loopback servers, each its own origin: the gateway, its alt
// base, and a foreign host. Proves `redirect: 'manual'` and the replayed half-duplex upload on the
// real runtime, not only on a stub.

const KEY = 'sk-unigate-loopback-key-0123456789';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

interface Host {
  url: string;
  received: Received[];
  answer: (request: Received, res: ServerResponse) => void;
  close: () => Promise<void>;
}

async function host(): Promise<Host> {
  const state: Host = { url: '', received: [], answer: (_, res) => res.writeHead(404).end(), close: async () => {} };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = { method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
    state.received.push(request);
    state.answer(request, res);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

const json = (res: ServerResponse, body: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const redirect = (res: ServerResponse, status: number, location: string) => res.writeHead(status, { location }).end();

let gateway: Host;
let alt: Host;
let foreign: Host;

beforeAll(async () => {
  [gateway, alt, foreign] = await Promise.all([host(), host(), host()]);
  foreign.answer = (_, res) => json(res, { collected: true });
});
afterAll(() => Promise.all([gateway, alt, foreign].map(h => h.close())));
beforeEach(() => {
  for (const h of [gateway, alt, foreign]) h.received.length = 0;
});

const provider = () =>
  createUnigate({
    apiKey: KEY,
    siteURL: gateway.url,
    altBaseURL: `${alt.url}/v1`,
    headers: { 'x-team-secret': 'team' },
  });
const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'a private prompt' }] }];

describe("redirects over Node's fetch", () => {
  it.each([302, 307])(
    'messages: HTTP %i to a foreign origin fails and the foreign host receives nothing',
    async status => {
      gateway.answer = (_, res) => redirect(res, status, `${foreign.url}/collect?sig=secret`);
      const error = await failure(provider().messages('claude-sonnet-4-5').doGenerate({ prompt }));

      expect(foreign.received).toEqual([]);
      expect(error.message).toBe(
        `Unigate refused a redirect: HTTP ${status} from ${gateway.url}/api/v1/messages leads to ${foreign.url}, which is not one of the gateway's origins; nothing was sent there.`,
      );
      expect(gateway.received.map(r => r.headers['x-api-key'])).toEqual([KEY]);
    },
  );

  it('transcription: 307 to the alt origin sends the streamed multipart upload again, whole, with the key', async () => {
    const audio = synthesizeWav(0.5);
    gateway.answer = (_, res) => redirect(res, 307, `${alt.url}/v1/audio/transcriptions`);
    alt.answer = (_, res) => json(res, VERBOSE_JSON);
    const result = await provider().transcription('whisper-1').doGenerate({ audio, mediaType: 'audio/wav' });

    expect(result.text).toBe(VERBOSE_JSON.text);
    const [first] = gateway.received;
    const [second] = alt.received;
    expect(second!.method).toBe('POST');
    expect(second!.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'x-team-secret': 'team' });
    expect(second!.headers['content-length']).toBe(String(second!.body.length));
    expect(second!.headers['content-type']).toBe(first!.headers['content-type']);
    // The WAV's bytes are in the replayed body, unchanged.
    expect(second!.body.includes(Buffer.from(audio))).toBe(true);
    expect(foreign.received).toEqual([]);
  });

  it('chat: 303 to the alt origin is followed as a GET without body', async () => {
    gateway.answer = (_, res) => redirect(res, 303, `${alt.url}/v1/result`);
    alt.answer = (_, res) =>
      json(res, {
        id: 'c1',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: 'moved' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    const result = await provider().chat('gpt-4o-mini').doGenerate({ prompt });

    expect(result.content).toEqual([{ type: 'text', text: 'moved' }]);
    expect(alt.received.map(r => [r.method, r.path, r.body.length, r.headers['content-type']])).toEqual([
      ['GET', '/v1/result', 0, undefined],
    ]);
    expect(alt.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
