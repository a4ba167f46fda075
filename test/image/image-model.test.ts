import {
  APICallError,
  InvalidArgumentError,
  UnsupportedFunctionalityError,
  type ImageModelV3CallOptions,
} from '@ai-sdk/provider';
import { DownloadError } from '@ai-sdk/provider-utils';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';
import { imageCallOptions as call } from '../helpers/call-options';
import { API_KEY, failure, wireFormat } from '../helpers/test-kit';

const IMAGES_URL = 'https://gw.test/v1/images/generations';
const CDN_URL = 'https://cdn.example/img/1.png?sig=secret-signature&exp=1';
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const kit = wireFormat(IMAGES_URL, gw => gw.image('dall-e-3'));

const answer = {
  created: 1_736_000_000,
  data: [{ b64_json: 'iVBORw0KGgo=', revised_prompt: 'A tall lighthouse at dusk, oil painting' }, { b64_json: 'AAAA' }],
};

/** A gateway answering with links, and the hosts those links point at. */
function urlSetup(urls: string[], files: Parameters<typeof kit.setup>[0] = []) {
  return kit.setup(
    [
      http.post(IMAGES_URL, () => HttpResponse.json({ created: 1, data: urls.map(url => ({ url })) })),
      http.get(
        'https://cdn.example/img/:name',
        () => new HttpResponse(PNG_BYTES, { headers: { 'content-type': 'image/png' } }),
      ),
      http.get(
        'https://gw.test/files/:name',
        () => new HttpResponse(PNG_BYTES, { headers: { 'content-type': 'image/png' } }),
      ),
      ...files,
    ],
    { headers: { 'x-team': 'design' } },
  );
}

describe('image model: request', () => {
  it('posts the documented body to {alt_base_url}/images/generations with the bearer key, asking for b64_json', async () => {
    const { model, requests } = kit.answering(answer);
    expect(model.provider).toBe('unigate.image');
    expect(model.maxImagesPerCall).toBe(10);
    await model.doGenerate(call({ n: 2, size: '512x512', providerOptions: { unigate: { user: 'user-42' } } }));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(IMAGES_URL);
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(requests[0]!.body).toEqual({
      model: 'dall-e-3',
      prompt: 'A lighthouse at dusk',
      n: 2,
      size: '512x512',
      response_format: 'b64_json',
      user: 'user-42',
    });
  });

  it('uses the alt base URL when one is set', async () => {
    const { model, requests } = kit.setup(
      [http.post('https://alt.gw.test/v2/images/generations', () => HttpResponse.json(answer))],
      {
        altBaseURL: 'https://alt.gw.test/v2',
      },
    );
    await model.doGenerate(call());
    expect(requests.map(r => r.url)).toEqual(['https://alt.gw.test/v2/images/generations']);
  });

  it('returns base64 images, revisedPrompt per image in order, the timestamp and no warnings', async () => {
    const { model } = kit.answering(answer);
    const result = await model.doGenerate(call({ n: 2 }));
    expect(result.images).toEqual(['iVBORw0KGgo=', 'AAAA']);
    expect(result.providerMetadata).toEqual({
      unigate: { images: [{ revisedPrompt: 'A tall lighthouse at dusk, oil painting' }, { revisedPrompt: null }] },
    });
    expect(result.warnings).toEqual([]);
    expect(result.response.timestamp).toEqual(new Date(1_736_000_000_000));
    expect(result.response.modelId).toBe('dall-e-3');
  });
});

describe('image model: checks before any request', () => {
  const cases: Array<[string, Partial<ImageModelV3CallOptions>, string, string]> = [
    ['no prompt', { prompt: undefined }, 'prompt', 'requires a prompt of 1 to 1000 characters; received none'],
    ['an empty prompt', { prompt: '  ' }, 'prompt', 'received "  "'],
    [
      'a prompt of 1001 characters',
      { prompt: 'x'.repeat(1001) },
      'prompt',
      'at most 1000 characters; received a string of 1001 characters',
    ],
    ['n of 0', { n: 0 }, 'n', 'an integer, 1 to 10; received 0'],
    ['n of 11', { n: 11 }, 'n', 'an integer, 1 to 10; received 11'],
    ['n of 1.5', { n: 1.5 }, 'n', 'received 1.5'],
    ['size 300x300', { size: '300x300' }, 'size', '"256x256", "512x512", "1024x1024"; received "300x300"'],
    ['size 1024x1792', { size: '1024x1792' }, 'size', 'received "1024x1792"'],
    [
      'responseFormat png',
      { providerOptions: { unigate: { responseFormat: 'png' } } },
      'providerOptions.unigate.responseFormat',
      'received "png"',
    ],
    ['user 42', { providerOptions: { unigate: { user: 42 } } }, 'providerOptions.unigate.user', 'received 42'],
  ];
  it.each(cases)(
    '%s fails naming the parameter, the limit and the value',
    async (_name, overrides, argument, message) => {
      const { model, requests } = kit.answering(answer);
      const error = await failure(model.doGenerate(call(overrides)));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error.argument).toBe(argument);
      expect(error.message).toContain(message);
      expect(requests).toHaveLength(0);
    },
  );

  it('input images and masks (image editing) are an UnsupportedFunctionalityError, not a silently different image', async () => {
    const { model, requests } = kit.answering(answer);
    const file = { type: 'file' as const, mediaType: 'image/png', data: PNG_BYTES };
    const withFiles = await failure(model.doGenerate(call({ files: [file] })));
    expect(UnsupportedFunctionalityError.isInstance(withFiles)).toBe(true);
    expect(withFiles.functionality).toBe('image editing (input images)');
    const withMask = await failure(model.doGenerate(call({ mask: file })));
    expect(withMask.functionality).toBe('image editing (mask)');
    expect(requests).toHaveLength(0);
  });

  it('an empty files array is no editing request', async () => {
    const { model, requests } = kit.answering(answer);
    await model.doGenerate(call({ files: [] }));
    expect(requests).toHaveLength(1);
  });
});

describe('image model: warnings', () => {
  it('aspectRatio 1:1 maps to 1024x1024, or keeps the given size', async () => {
    const { model, requests } = kit.answering(answer);
    const square = await model.doGenerate(call({ aspectRatio: '1:1' }));
    await model.doGenerate(call({ aspectRatio: '1:1', size: '256x256' }));
    expect(requests.map(r => (r.body as { size?: string }).size)).toEqual(['1024x1024', '256x256']);
    expect(square.warnings).toEqual([]);
  });

  it('another aspect ratio, a seed and an unknown option are unsupported warnings, and none is sent', async () => {
    const { model, requests } = kit.answering(answer);
    const result = await model.doGenerate(
      call({ aspectRatio: '16:9', seed: 7, providerOptions: { unigate: { quality: 'hd' } } }),
    );
    expect(requests[0]!.body).toEqual({
      model: 'dall-e-3',
      prompt: 'A lighthouse at dusk',
      n: 1,
      response_format: 'b64_json',
    });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.unigate.quality',
        details: 'The image model does not read this option.',
      },
      {
        type: 'unsupported',
        feature: 'aspectRatio',
        details:
          "The gateway makes square images only (256x256, 512x512, 1024x1024); aspectRatio 16:9 was not sent and the image is 1024x1024 (the gateway's default).",
      },
      { type: 'unsupported', feature: 'seed', details: 'The image endpoint has no seed parameter; seed was not sent.' },
    ]);
  });
});

describe('image model: responseFormat url', () => {
  const urlMode = { providerOptions: { unigate: { responseFormat: 'url' } } };

  it('asks for url, downloads each image, and returns bytes with the URLs in metadata', async () => {
    const { model, requests } = urlSetup([CDN_URL, 'https://cdn.example/img/2.png']);
    const result = await model.doGenerate(call({ n: 2, ...urlMode }));
    expect((requests[0]!.body as { response_format: string }).response_format).toBe('url');
    expect(result.images).toEqual([PNG_BYTES, PNG_BYTES]);
    expect(result.providerMetadata).toEqual({
      unigate: {
        images: [
          { revisedPrompt: null, url: CDN_URL },
          { revisedPrompt: null, url: 'https://cdn.example/img/2.png' },
        ],
      },
    });
  });

  it('sends no key and no custom header to a foreign origin', async () => {
    const { model, requests } = urlSetup([CDN_URL]);
    await model.doGenerate(call({ ...urlMode, headers: { 'x-call': 'secret-call-header' } }));
    const download = requests.find(r => r.url === CDN_URL)!;
    expect(download.method).toBe('GET');
    expect(download.headers.authorization).toBeUndefined();
    expect(download.headers['x-team']).toBeUndefined();
    expect(download.headers['x-call']).toBeUndefined();
    expect(download.headers['user-agent']).toContain('unigate-ai-provider/');
    // The generation request itself carried them.
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(requests[0]!.headers['x-team']).toBe('design');
  });

  it('sends the key and custom headers to a link on the gateway origin', async () => {
    const { model, requests } = urlSetup(['https://gw.test/files/a.png']);
    await model.doGenerate(call(urlMode));
    const download = requests.find(r => r.url === 'https://gw.test/files/a.png')!;
    expect(download.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(download.headers['x-team']).toBe('design');
  });

  it('drops the key and custom headers when a gateway link redirects to another origin', async () => {
    const { model, requests } = urlSetup(
      ['https://gw.test/redirect/a.png'],
      [
        http.get(
          'https://gw.test/redirect/a.png',
          () => new HttpResponse(null, { status: 302, headers: { location: CDN_URL } }),
        ),
      ],
    );
    const result = await model.doGenerate(call(urlMode));
    expect(result.images).toEqual([PNG_BYTES]);
    const [first, second] = requests.filter(r => r.method === 'GET');
    expect(first!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(second!.url).toBe(CDN_URL);
    expect(second!.headers.authorization).toBeUndefined();
    expect(second!.headers['x-team']).toBeUndefined();
  });

  it('a failed download names the status and the URL without its query', async () => {
    const { model: denied } = kit.setup([
      http.post(IMAGES_URL, () => HttpResponse.json({ data: [{ url: CDN_URL }] })),
      http.get(
        'https://cdn.example/img/:name',
        () => new HttpResponse('denied', { status: 403, statusText: 'Forbidden' }),
      ),
    ]);
    const error = await failure(denied.doGenerate(call(urlMode)));
    expect(DownloadError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(403);
    expect(error.url).toBe('https://cdn.example/img/1.png?…');
    expect(error.message).toBe(
      'Unigate image download failed: HTTP 403 Forbidden from https://cdn.example/img/1.png?….',
    );
    expect(error.message).not.toContain('secret');
  });

  it('an image over 20 MiB is refused', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    const { model } = kit.setup([
      http.post(IMAGES_URL, () => HttpResponse.json({ data: [{ url: CDN_URL }] })),
      http.get('https://cdn.example/img/:name', () => new HttpResponse(big)),
    ]);
    const error = await failure(model.doGenerate(call(urlMode)));
    expect(DownloadError.isInstance(error)).toBe(true);
    expect(error.message).toContain('exceeded maximum size of 20971520 bytes');
    expect(error.message).not.toContain('secret');
  });

  it('a link to a private address is not fetched', async () => {
    const { model, requests } = urlSetup(['http://169.254.169.254/latest/meta-data?token=secret']);
    const error = await failure(model.doGenerate(call(urlMode)));
    expect(DownloadError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(
      /^Unigate image download from http:\/\/169\.254\.169\.254\/latest\/meta-data\?… failed: /,
    );
    expect(error.message).not.toContain('secret');
    expect(requests).toHaveLength(1);
  });

  it('an abort during the download stays an abort, not a DownloadError', async () => {
    // The emulator's fetch honours abort signals as a real fetch does; the mock fetch does not.
    const emulator = createUnigateEmulator();
    const controller = new AbortController();
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/files/images/')) controller.abort();
      return emulator.fetch(input, init);
    };
    const model = createUnigate({ ...emulator.settings, fetch }).image('dall-e-3');
    const error = await failure(model.doGenerate(call({ ...urlMode, abortSignal: controller.signal })));
    expect(DownloadError.isInstance(error)).toBe(false);
    expect(error.name).toBe('AbortError');
  });

  it('a mix of base64 and links comes back as bytes throughout', async () => {
    const { model } = kit.setup([
      http.post(IMAGES_URL, () => HttpResponse.json({ data: [{ b64_json: 'AQID' }, { url: CDN_URL }] })),
      http.get('https://cdn.example/img/:name', () => new HttpResponse(PNG_BYTES)),
    ]);
    const result = await model.doGenerate(call({ n: 2 }));
    expect(result.images).toEqual([new Uint8Array([1, 2, 3]), PNG_BYTES]);
  });
});

describe('image model: answers that fail', () => {
  it('an image with neither b64_json nor url is a clear error', async () => {
    const { model } = kit.answering({ data: [{ b64_json: 'AAAA' }, { revised_prompt: 'x' }] });
    const error = await failure(model.doGenerate(call({ n: 2 })));
    expect(error.message).toBe('Unigate returned an unexpected response body: data.1 has neither b64_json nor url.');
  });

  it('a body without data names the field', async () => {
    const { model } = kit.answering({ created: 1 });
    const error = await failure(model.doGenerate(call()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toContain('data:');
  });

  it.each([
    [400, 'invalid_request_error', 'invalid-request', false],
    [401, 'authentication_error', 'authentication', false],
    [404, 'not_found_error', 'not-found', false],
    [429, 'rate_limit_error', 'rate-limit', true],
    [500, 'server_error', 'server', true],
  ])('an image/video error body %i %s is an APICallError of kind %s', async (status, type, kind, retryable) => {
    const { model } = kit.answering({ error: { type, message: `the gateway says ${status}` } }, { status });
    const error = await failure(model.doGenerate(call()));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(status);
    expect(error.isRetryable).toBe(retryable);
    expect(error.data).toMatchObject({ kind, type, message: `the gateway says ${status}` });
  });
});
