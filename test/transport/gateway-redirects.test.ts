import { APICallError } from '@ai-sdk/provider';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate, type UnigateProvider } from '../../src';
import { completion } from '../chat/chat-fixtures';
import { createMockFetch } from '../helpers/mock-fetch';
import { followingLikeNode } from '../helpers/runtime-redirects';
import { API_KEY, failure, SITE_URL } from '../helpers/test-kit';
import { message } from '../messages/messages-test-kit';
import { synthesizeWav, VERBOSE_JSON } from '../transcription/transcription-fixtures';

// Every endpoint family meets each redirect status pointing off the gateway: the call fails with a
// non-retryable APICallError naming status and target origin, and the other host receives nothing.
// The fetch under the provider follows redirects the way Node's does, so a provider that left them to
// the runtime would leak here.

const ALT = 'https://alt.gw.test/v1';
const FOREIGN = 'https://collector.example';
const TARGET = `${FOREIGN}/collect?sig=secret-signature`;
const CUSTOM = { 'x-team-secret': 'team-secret-value' };
const PROMPT = 'a private prompt';
const STATUSES = [301, 302, 303, 307, 308] as const;
const AUDIO = new Uint8Array([0xff, 0xf3, 0x20, 0xc4, 1, 2, 3]);
const textPrompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: PROMPT }] }];

interface Family {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** The header that carries the key on this family. */
  keyHeader: 'authorization' | 'x-api-key';
  call: (gw: UnigateProvider) => PromiseLike<unknown>;
}

const FAMILIES: Family[] = [
  {
    name: 'chat completions',
    method: 'POST',
    url: `${SITE_URL}/v1/chat/completions`,
    keyHeader: 'authorization',
    call: gw => gw.chat('gpt-4o-mini').doGenerate({ prompt: textPrompt }),
  },
  {
    name: 'chat completions (stream)',
    method: 'POST',
    url: `${SITE_URL}/v1/chat/completions`,
    keyHeader: 'authorization',
    call: gw => gw.chat('gpt-4o-mini').doStream({ prompt: textPrompt }),
  },
  {
    name: 'messages',
    method: 'POST',
    url: `${SITE_URL}/api/v1/messages`,
    keyHeader: 'x-api-key',
    call: gw => gw.messages('claude-sonnet-4-5').doGenerate({ prompt: textPrompt }),
  },
  {
    name: 'messages (stream)',
    method: 'POST',
    url: `${SITE_URL}/api/v1/messages`,
    keyHeader: 'x-api-key',
    call: gw => gw.messages('claude-sonnet-4-5').doStream({ prompt: textPrompt }),
  },
  {
    name: 'embeddings',
    method: 'POST',
    url: `${SITE_URL}/v1/embeddings`,
    keyHeader: 'authorization',
    call: gw => gw.embedding('text-embedding-3-small').doEmbed({ values: [PROMPT] }),
  },
  {
    name: 'speech',
    method: 'POST',
    url: `${SITE_URL}/v1/audio/speech`,
    keyHeader: 'authorization',
    call: gw => gw.speech('tts-1').doGenerate({ text: PROMPT }),
  },
  {
    name: 'transcription',
    method: 'POST',
    url: `${SITE_URL}/v1/audio/transcriptions`,
    keyHeader: 'authorization',
    call: gw => gw.transcription('whisper-1').doGenerate({ audio: synthesizeWav(0.1), mediaType: 'audio/wav' }),
  },
  {
    name: 'images',
    method: 'POST',
    url: `${ALT}/images/generations`,
    keyHeader: 'authorization',
    call: gw =>
      gw.image('dall-e-3').doGenerate({
        prompt: PROMPT,
        n: 1,
        size: undefined,
        aspectRatio: undefined,
        seed: undefined,
        files: undefined,
        mask: undefined,
        providerOptions: {},
      }),
  },
  {
    name: 'video create',
    method: 'POST',
    url: `${ALT}/videos/generations`,
    keyHeader: 'authorization',
    call: gw => gw.videoJobs.create({ model: 'veo-3', prompt: PROMPT }, { maxRetries: 0 }),
  },
  {
    name: 'video status poll',
    method: 'GET',
    url: `${ALT}/videos/status/vid-1`,
    keyHeader: 'authorization',
    call: gw => gw.videoJobs.get('vid-1', { maxRetries: 0 }),
  },
  {
    name: 'listModels',
    method: 'GET',
    url: `${SITE_URL}/v1/models`,
    keyHeader: 'authorization',
    call: gw => gw.listModels({ maxRetries: 0 }),
  },
  {
    name: 'catalog',
    method: 'GET',
    url: `${SITE_URL}/api/public/models?limit=50&page=1`,
    keyHeader: 'authorization',
    call: gw => gw.catalog.page({}, { maxRetries: 0 }),
  },
];

/** A provider with custom headers over msw handlers; the foreign host answers anything and records it. */
function redirectGateway(...handlers: RequestHandler[]) {
  const { fetch, requests } = createMockFetch(
    ...handlers,
    http.all(`${FOREIGN}/*`, () => HttpResponse.json({ ok: true })),
  );
  const gw = createUnigate({
    apiKey: API_KEY,
    siteURL: SITE_URL,
    altBaseURL: ALT,
    headers: CUSTOM,
    fetch: followingLikeNode(fetch),
  });
  return { gw, requests };
}

const redirect = (status: number, location: string) => () => new HttpResponse(null, { status, headers: { location } });

describe.each(FAMILIES)('$name: a redirect to another origin', family => {
  it.each(STATUSES)('HTTP %i fails, naming the status and origin, and sends the other host nothing', async status => {
    const handler = (family.method === 'GET' ? http.get : http.post)(
      family.url.split('?')[0]!,
      redirect(status, TARGET),
    );
    const { gw, requests } = redirectGateway(handler);
    const error = await failure(family.call(gw));

    // One request, to the gateway, with the key and the custom header; none to the other host.
    expect(requests.map(request => `${request.method} ${request.url}`)).toEqual([`${family.method} ${family.url}`]);
    expect(requests[0]!.headers[family.keyHeader]).toContain(API_KEY);
    expect(requests[0]!.headers['x-team-secret']).toBe('team-secret-value');
    expect(APICallError.isInstance(error)).toBe(true);
    const from = family.url.split('?')[0];
    expect(error.message).toBe(
      `Unigate refused a redirect: HTTP ${status} from ${from} leads to ${FOREIGN}, which is not one of the gateway's origins; nothing was sent there.`,
    );
    expect(error.statusCode).toBe(status);
    expect(error.url).toBe(family.url);
    expect(error.isRetryable).toBe(false);
    expect(error.responseHeaders.location).toBe(`${FOREIGN}/collect`);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('secret-signature');
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(API_KEY);
  });
});

describe('redirects that stay on the gateway', () => {
  it('307 from the base origin to the alt origin is followed: same method, body, key and custom header', async () => {
    const { gw, requests } = redirectGateway(
      http.post(`${SITE_URL}/v1/chat/completions`, redirect(307, `${ALT}/chat/completions?region=eu`)),
      http.post(`${ALT}/chat/completions`, () => HttpResponse.json(completion({ content: 'Hello from alt' }))),
    );
    const result = await gw.chat('gpt-4o-mini').doGenerate({ prompt: textPrompt });

    expect(result.content).toEqual([{ type: 'text', text: 'Hello from alt' }]);
    expect(requests.map(request => `${request.method} ${request.url}`)).toEqual([
      `POST ${SITE_URL}/v1/chat/completions`,
      `POST ${ALT}/chat/completions?region=eu`,
    ]);
    expect(requests[1]!.body).toEqual(requests[0]!.body);
    expect(requests[1]!.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      'x-team-secret': 'team-secret-value',
      'content-type': 'application/json',
    });
  });

  it('308 on the messages endpoint keeps x-api-key, anthropic-version and the body', async () => {
    const { gw, requests } = redirectGateway(
      http.post(`${SITE_URL}/api/v1/messages`, redirect(308, '/api/v2/messages')),
      http.post(`${SITE_URL}/api/v2/messages`, () => HttpResponse.json(message())),
    );
    const result = await gw.messages('claude-sonnet-4-5').doGenerate({ prompt: textPrompt });

    expect(result.content).toEqual([{ type: 'text', text: 'Hello!' }]);
    expect(requests[1]!.url).toBe(`${SITE_URL}/api/v2/messages`);
    expect(requests[1]!.method).toBe('POST');
    expect(requests[1]!.body).toEqual(requests[0]!.body);
    expect(requests[1]!.headers).toMatchObject({
      'x-api-key': API_KEY,
      'anthropic-version': '2023-06-01',
      'x-team-secret': 'team-secret-value',
    });
  });

  it.each([301, 302, 303])(
    '%i after a POST becomes a GET without the body or its headers, still with the key',
    async status => {
      const { gw, requests } = redirectGateway(
        http.post(`${SITE_URL}/v1/audio/speech`, redirect(status, `${ALT}/audio/result`)),
        http.get(`${ALT}/audio/result`, () => new HttpResponse(AUDIO, { headers: { 'content-type': 'audio/mpeg' } })),
      );
      const result = await gw.speech('tts-1').doGenerate({ text: PROMPT });

      expect(result.audio).toEqual(AUDIO);
      expect(requests[1]!.method).toBe('GET');
      expect(requests[1]!.body).toBeUndefined();
      expect(requests[1]!.headers['content-type']).toBeUndefined();
      expect(requests[1]!.headers['content-length']).toBeUndefined();
      expect(requests[1]!.headers).toMatchObject({
        authorization: `Bearer ${API_KEY}`,
        'x-team-secret': 'team-secret-value',
      });
    },
  );

  it('a GET stays a GET on 301, and a relative Location resolves against the URL that answered', async () => {
    const { gw, requests } = redirectGateway(
      http.get(`${SITE_URL}/v1/models`, redirect(301, 'models-moved')),
      http.get(`${SITE_URL}/v1/models-moved`, () =>
        HttpResponse.json({
          object: 'list',
          data: [{ id: 'gpt-4o-mini', object: 'model', created: 1, owned_by: 'openai' }],
        }),
      ),
    );
    const models = await gw.listModels({ maxRetries: 0 });

    expect(models.map(model => model.id)).toEqual(['gpt-4o-mini']);
    expect(requests.map(request => `${request.method} ${request.url}`)).toEqual([
      `GET ${SITE_URL}/v1/models`,
      `GET ${SITE_URL}/v1/models-moved`,
    ]);
    expect(requests[1]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('307 on a transcription sends the streamed multipart upload again, byte for byte', async () => {
    const audio = synthesizeWav(0.1);
    const { gw, requests } = redirectGateway(
      http.post(`${SITE_URL}/v1/audio/transcriptions`, redirect(307, `${ALT}/audio/transcriptions`)),
      http.post(`${ALT}/audio/transcriptions`, () => HttpResponse.json(VERBOSE_JSON)),
    );
    const result = await gw.transcription('whisper-1').doGenerate({ audio, mediaType: 'audio/wav' });

    expect(result.text).toBe(VERBOSE_JSON.text);
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map(request => request.formData!);
    expect([...second!.keys()]).toEqual(['model', 'response_format', 'file']);
    expect(second!.get('model')).toBe(first!.get('model'));
    const file = second!.get('file') as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
    expect(requests[1]!.headers['content-length']).toBe(requests[0]!.headers['content-length']);
  });

  it(`follows ${5} hops, and fails on the 6th naming the limit`, async () => {
    // /v1/models answers 302 to /hop/1, /hop/n to /hop/n+1 up to `last`, which answers the list.
    const chain = (last: number) =>
      redirectGateway(
        http.get(`${SITE_URL}/v1/models`, redirect(302, `${SITE_URL}/hop/1`)),
        http.get(`${SITE_URL}/hop/:n`, ({ params }) => {
          const n = Number(params.n);
          return n < last
            ? redirect(302, `${SITE_URL}/hop/${n + 1}?t=secret-token`)()
            : HttpResponse.json({ object: 'list', data: [] });
        }),
      );
    const five = chain(5);
    expect(await five.gw.listModels({ maxRetries: 0 })).toEqual([]);
    expect(five.requests).toHaveLength(6);

    const six = chain(6);
    const error = await failure(six.gw.listModels({ maxRetries: 0 }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      `Unigate refused a redirect: HTTP 302 from ${SITE_URL}/hop/5 would be redirect 6; a request follows at most 5.`,
    );
    expect(error.statusCode).toBe(302);
    expect(error.url).toBe(`${SITE_URL}/hop/5?t=secret-token`);
    expect(error.isRetryable).toBe(false);
    expect(six.requests).toHaveLength(6);
  });

  it('the same host over another scheme is another origin: refused', async () => {
    const { gw, requests } = redirectGateway(
      http.get(`${SITE_URL}/v1/models`, redirect(302, 'http://gw.test/v1/models')),
    );
    const error = await failure(gw.listModels({ maxRetries: 0 }));
    expect(error.message).toBe(
      `Unigate refused a redirect: HTTP 302 from ${SITE_URL}/v1/models leads to http://gw.test, which is not one of the gateway's origins; nothing was sent there.`,
    );
    expect(requests).toHaveLength(1);
  });
});

describe('redirects a runtime hides or that cannot be followed', () => {
  it("a browser's opaque redirect fails, saying a redirect was refused, without a second request", async () => {
    const sent: RequestInit[] = [];
    // What a browser's fetch returns for any redirect under `redirect: 'manual'`: status 0, no headers.
    const opaque = {
      type: 'opaqueredirect',
      status: 0,
      ok: false,
      statusText: '',
      headers: new Headers(),
      body: null,
      url: '',
    } as unknown as Response;
    const gw = createUnigate({
      apiKey: API_KEY,
      siteURL: SITE_URL,
      fetch: async (_input, init) => {
        sent.push(init!);
        return opaque;
      },
    });
    const error = await failure(gw.messages('claude-sonnet-4-5').doGenerate({ prompt: textPrompt }));

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      `Unigate refused a redirect from ${SITE_URL}/api/v1/messages: this runtime hides where it leads (an opaque redirect), so it cannot be checked to stay on the gateway's origins.`,
    );
    expect(error.statusCode).toBeUndefined();
    expect(error.url).toBe(`${SITE_URL}/api/v1/messages`);
    expect(error.isRetryable).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.redirect).toBe('manual');
  });

  it('a Location that is not a URL fails, naming the status', async () => {
    const { gw, requests } = redirectGateway(http.get(`${SITE_URL}/v1/models`, redirect(307, 'http://[broken')));
    const error = await failure(gw.listModels({ maxRetries: 0 }));
    expect(error.message).toBe(
      `Unigate refused a redirect: HTTP 307 from ${SITE_URL}/v1/models has a Location that is not a URL.`,
    );
    expect(error.responseHeaders.location).toBe('(invalid)');
    expect(requests).toHaveLength(1);
  });

  it('a 3xx without Location is an answer, mapped like any other failure', async () => {
    const { gw, requests } = redirectGateway(
      http.get(`${SITE_URL}/v1/models`, () => new HttpResponse('moved', { status: 300 })),
    );
    const error = await failure(gw.listModels({ maxRetries: 0 }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(300);
    expect(requests).toHaveLength(1);
  });
});
