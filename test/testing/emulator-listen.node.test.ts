import * as ai from 'ai';
import { generateText } from 'ai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUnigate } from '../../src/index';
import { createUnigateEmulator, type UnigateEmulatorServer } from '../../src/testing/index';

const KEY = 'sk-unigate-emulator';
const generateImage = ai.generateImage;
type Loose = (options: Record<string, unknown>) => Promise<any>;
const generateVideo = ai.experimental_generateVideo as unknown as Loose;
const servers: UnigateEmulatorServer[] = [];

async function start(options: Parameters<typeof createUnigateEmulator>[0] = {}) {
  const emulator = createUnigateEmulator(options);
  const server = await emulator.listen();
  servers.push(server);
  return { emulator, server };
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(servers.splice(0).map(server => server.close()));
});

describe('emulator.listen() on loopback', () => {
  it('serves on 127.0.0.1 and returns settings for its URL without a custom fetch', async () => {
    const { server } = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.settings).toEqual({
      siteURL: server.url,
      baseURL: `${server.url}/v1`,
      altBaseURL: `${server.url}/alt/v1`,
      apiKey: KEY,
      videoPollIntervalMs: 20,
    });
    const response = await fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect((await response.json()).data.length).toBeGreaterThan(200);
  });

  it('keeps status, headers and error bodies over HTTP', async () => {
    const { server } = await start();
    const unauthorized = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({
      error: {
        type: 'auth_error',
        message: 'Missing API key: the request has no Authorization: Bearer header',
        code: 401,
      },
    });
    const wrongMethod = await fetch(`${server.url}/api/v1/messages`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('sends the Date of the injected clock, not the host clock', async () => {
    const { server } = await start({ now: () => Date.parse('2025-03-10T23:58:00Z'), dailyRequestLimit: 0 });
    const limited = await fetch(`${server.url}/v1/models`, { headers: { authorization: 'Bearer my-app-key' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('date')).toBe('Mon, 10 Mar 2025 23:58:00 GMT');
  });

  it('serves the provider with a key the user picked (UNIGATE_API_KEY or apiKey), every family', async () => {
    const { server, emulator } = await start();
    vi.stubEnv('UNIGATE_API_KEY', 'my-app-key');
    const fromEnv = createUnigate({ siteURL: server.url });
    expect((await generateText({ model: fromEnv('gpt-4o-mini'), prompt: 'Hello', maxRetries: 0 })).text).toBe(
      'You said: Hello',
    );

    const gw = createUnigate({ apiKey: 'my-app-key', siteURL: server.url });
    const messages = await generateText({ model: gw.messages('claude-opus-4-1'), prompt: 'Hello', maxRetries: 0 });
    expect(messages.text).toBe('You said: "Hello".');
    expect((await gw.listModels()).some(model => model.id === 'claude-opus-4-1')).toBe(true);
    expect(emulator.requests.map(entry => [entry.path, entry.status])).toEqual([
      ['/v1/chat/completions', 200],
      ['/api/v1/messages', 200],
      ['/v1/models', 200],
    ]);
  });

  it('gives the provider the plain unknown-model fact, without the emulator adding a hint', async () => {
    const { server } = await start();
    const gw = createUnigate({ apiKey: 'my-app-key', siteURL: server.url });
    const error = await generateText({ model: gw('gpt-5-typo'), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 404,
      responseBody: '{"error":{"type":"not_found_error","message":"Unknown model \'gpt-5-typo\'","code":404}}',
    });
  });

  it('serves images and video to a provider given only UNIGATE_SITE_URL and UNIGATE_API_KEY (alt base = base)', async () => {
    const { server, emulator } = await start();
    vi.stubEnv('UNIGATE_SITE_URL', server.url);
    vi.stubEnv('UNIGATE_API_KEY', 'my-app-key');
    vi.stubEnv('UNIGATE_BASE_URL', undefined);
    vi.stubEnv('UNIGATE_ALT_BASE_URL', undefined);
    // No URL setting: every URL comes from the environment. The poll interval keeps the test short.
    const gw = createUnigate({ videoPollIntervalMs: server.settings.videoPollIntervalMs });
    const image = await generateImage({
      model: gw.image('dall-e-3'),
      prompt: 'a red fox in the snow',
      size: '256x256',
      maxRetries: 0,
    });
    expect(image.image.mediaType).toBe('image/png');
    const video = await generateVideo({
      model: gw.video('veo-3'),
      prompt: 'A paper boat',
      download: server.download,
      maxRetries: 0,
    });
    expect(video.video.mediaType).toBe('video/mp4');
    expect(video.providerMetadata.unigate.videoUrl).toBe(`${server.url}/files/videos/vid-1/video.mp4`);
    expect(emulator.requests.map(entry => [entry.method, entry.path, entry.status])).toEqual([
      ['POST', '/v1/images/generations', 200],
      ['POST', '/v1/videos/generations', 200],
      ['GET', '/v1/videos/status/vid-1', 200],
      ['GET', '/v1/videos/status/vid-1', 200],
      ['GET', '/files/videos/vid-1/video.mp4', 200],
    ]);
  });

  it('answers a video job created on /v1 with a status_url on /v1', async () => {
    const { server } = await start();
    const response = await fetch(`${server.url}/v1/videos/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'veo-3', prompt: 'A boat' }),
    });
    expect(await response.json()).toEqual({
      job_id: 'vid-1',
      status: 'pending',
      status_url: `${server.url}/v1/videos/status/vid-1`,
    });
  });

  it('runs a video job in well under a second with server.settings and server.download', async () => {
    const { server, emulator } = await start();
    const gw = createUnigate(server.settings);
    const started = performance.now();
    const result = await generateVideo({
      model: gw.video('veo-3'),
      prompt: 'A paper boat',
      download: server.download,
      maxRetries: 0,
    });
    const elapsed = performance.now() - started;
    const file = await fetch(`${server.url}/files/videos/vid-1/video.mp4`);
    expect(result.video.uint8Array).toEqual(new Uint8Array(await file.arrayBuffer()));
    expect(emulator.requests.map(entry => entry.path)).toEqual([
      '/alt/v1/videos/generations',
      '/alt/v1/videos/status/vid-1',
      '/alt/v1/videos/status/vid-1',
      '/files/videos/vid-1/video.mp4',
      '/files/videos/vid-1/video.mp4',
    ]);
    // A guard, not a benchmark: the gateway's 5-second interval would make this about 10 s.
    expect(elapsed).toBeLessThan(1_000);
  });

  it("server.download fetches only the server's own URLs and reports a missing file", async () => {
    const { server, emulator } = await start();
    const elsewhere = await server
      .download({ url: new URL('http://127.0.0.1:9/files/videos/vid-1/video.mp4') })
      .catch((e: unknown) => e);
    expect((elsewhere as Error).message).toBe(
      `The emulator's download fetches only ${server.url}/…; refused http://127.0.0.1:9/files/videos/vid-1/video.mp4`,
    );
    expect(emulator.requests).toHaveLength(0);
    const missing = await server
      .download({ url: new URL(`${server.url}/files/videos/vid-7/video.mp4`) })
      .catch((e: unknown) => e);
    expect((missing as Error).message).toBe(
      `Download of ${server.url}/files/videos/vid-7/video.mp4 from the emulator failed with HTTP 404`,
    );
  });

  it('a drop:k:close over the socket delivers the k deltas before it closes, so the provider resumes', async () => {
    const { server } = await start();
    const gw = createUnigate(server.settings);
    const prompt = 'Describe a harbour.';
    const whole = await generateText({ model: gw.messages('claude-sonnet-4-5'), prompt });
    const result = ai.streamText({
      model: gw.messages('claude-sonnet-4-5'),
      prompt: `${prompt} [[emulator:drop:3:close]]`,
    });
    expect(await result.text).toBe(whole.text);
    expect((await result.providerMetadata)?.unigate?.resumed).toMatchObject([
      { afterCharacters: expect.any(Number), reason: 'connection-closed' },
    ]);
  });

  it('passes JSON request bodies through', async () => {
    const { server, emulator } = await start();
    const response = await fetch(`${server.settings.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Über HTTP ✓' }] }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).choices[0].message.content).toBe('You said: Über HTTP ✓');
    expect(emulator.requests).toEqual([{ method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o', status: 200 }]);
  });

  it('passes multipart request bodies through', async () => {
    const { server, emulator } = await start();
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([new Uint8Array(4096).fill(7)], { type: 'audio/wav' }), 'clip.wav');
    const response = await fetch(`${server.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { text: string }).text).toMatch(/\S/);
    expect(emulator.requests).toEqual([
      { method: 'POST', path: '/v1/audio/transcriptions', model: 'whisper-1', status: 200 },
    ]);
  });

  it('streams SSE events as they are produced, not buffered to the end', async () => {
    const { server } = await start({ streamDelayMs: 40 });
    const started = performance.now();
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'a b c d e f' }],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    const firstAt = performance.now() - started;
    expect(first.value).toContain('"role":"assistant"');
    expect(first.value).not.toContain('[DONE]');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    const total = performance.now() - started;
    // 12 events 40 ms apart: the first one arrives long before the last.
    expect(total - firstAt).toBeGreaterThan(300);
    const events = (first.value + rest).split('\n\n').filter(Boolean);
    expect(events).toHaveLength(12);
    expect(events.at(-1)).toBe('data: [DONE]');
  });

  it('works with the openai SDK over real HTTP, streaming included', async () => {
    const { server } = await start();
    const openai = new OpenAI({ apiKey: KEY, baseURL: server.settings.baseURL, maxRetries: 0 });
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'over the wire' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('You said: over the wire');
  });

  it('listens on the requested port and refuses connections after close()', async () => {
    const probe = await createUnigateEmulator().listen();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const emulator = createUnigateEmulator();
    const server = await emulator.listen({ port });
    expect(server.url).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${server.url}/api/public/models?limit=1`)).status).toBe(200);
    await server.close();
    await expect(fetch(`${server.url}/api/public/models`)).rejects.toThrow();
  });

  it('closes while a stream is still open', async () => {
    const { server } = await start({ streamDelayMs: 200 });
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'long answer here' }],
      }),
    });
    const reader = response.body!.getReader();
    await reader.read();
    await servers.pop()!.close();
    await expect(
      (async () => {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
      })(),
    ).rejects.toThrow();
  });
});
