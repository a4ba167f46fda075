import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { followGatewayRedirects } from '../../src/transport/follow-gateway-redirects';
import { failure } from '../helpers/test-kit';

const GATEWAY = 'https://gw.test';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch answering each URL from `answers` (a redirect target, or a 200), recording what it was sent. */
function scripted(answers: Record<string, { status: number; location?: string }>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    sent.push({ url, init });
    const answer = answers[url] ?? { status: 200 };
    return new Response(answer.status === 200 ? 'done' : null, {
      status: answer.status,
      headers: answer.location ? { location: answer.location } : {},
    });
  };
  return { fetch, sent };
}

const onGateway = (url: string) => new URL(url).origin === GATEWAY;

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

describe('followGatewayRedirects', () => {
  it('asks the runtime not to follow, and passes a non-redirect answer through untouched', async () => {
    const { fetch, sent } = scripted({});
    const follow = followGatewayRedirects({ fetch, isGatewayURL: onGateway });
    const response = await follow(`${GATEWAY}/v1/x`, { method: 'POST', body: '{"a":1}', headers: { 'x-a': '1' } });
    expect(await response.text()).toBe('done');
    expect(sent).toEqual([
      {
        url: `${GATEWAY}/v1/x`,
        init: { method: 'POST', body: '{"a":1}', headers: { 'x-a': '1' }, redirect: 'manual' },
      },
    ]);
  });

  it('307 with a stream body and no way to replay it is refused, nothing sent again', async () => {
    const { fetch, sent } = scripted({ [`${GATEWAY}/up`]: { status: 307, location: '/up2' } });
    const follow = followGatewayRedirects({ fetch, isGatewayURL: onGateway, requestBodyValues: { model: 'm' } });
    const error = await failure(follow(`${GATEWAY}/up`, { method: 'POST', body: streamOf('bytes') }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      `Unigate refused a redirect: HTTP 307 from ${GATEWAY}/up asks for the streamed request body again, and it cannot be replayed.`,
    );
    expect(error.requestBodyValues).toEqual({ model: 'm' });
    expect(error.isRetryable).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('308 with a stream body sends the replayed copy, with the rest of the request unchanged', async () => {
    const { fetch, sent } = scripted({ [`${GATEWAY}/up`]: { status: 308, location: '/up2' } });
    const replay = streamOf('bytes again');
    const follow = followGatewayRedirects({ fetch, isGatewayURL: onGateway, replayBody: () => replay });
    const first = streamOf('bytes');
    await follow(`${GATEWAY}/up`, {
      method: 'POST',
      body: first,
      headers: { 'content-length': '5' },
      duplex: 'half',
    } as RequestInit);
    expect(sent.map(({ url }) => url)).toEqual([`${GATEWAY}/up`, `${GATEWAY}/up2`]);
    expect(sent[1]!.init).toEqual({
      method: 'POST',
      body: replay,
      headers: { 'content-length': '5' },
      duplex: 'half',
      redirect: 'manual',
    });
  });

  it('302 after a stream POST needs no replay: it becomes a GET without body, duplex or body headers', async () => {
    const { fetch, sent } = scripted({ [`${GATEWAY}/up`]: { status: 302, location: '/done' } });
    const follow = followGatewayRedirects({ fetch, isGatewayURL: onGateway });
    const headers = new Headers({
      'content-type': 'multipart/form-data; boundary=b',
      'content-length': '5',
      authorization: 'Bearer k',
    });
    await follow(`${GATEWAY}/up`, { method: 'POST', body: streamOf('bytes'), headers, duplex: 'half' } as RequestInit);
    expect(sent[1]!.init).toEqual({ method: 'GET', headers: { authorization: 'Bearer k' }, redirect: 'manual' });
  });

  it('301/302 keep any method but POST, 303 turns everything but GET/HEAD into a GET', async () => {
    const cases: Array<[number, string, string]> = [
      [301, 'PUT', 'PUT'],
      [302, 'DELETE', 'DELETE'],
      [303, 'PUT', 'GET'],
      [303, 'HEAD', 'HEAD'],
      [307, 'POST', 'POST'],
    ];
    for (const [status, method, next] of cases) {
      const { fetch, sent } = scripted({ [`${GATEWAY}/a`]: { status, location: '/b' } });
      await followGatewayRedirects({ fetch, isGatewayURL: onGateway })(`${GATEWAY}/a`, { method });
      expect(`${status} ${method} -> ${sent[1]!.init.method}`).toBe(`${status} ${method} -> ${next}`);
    }
  });

  it('checks every hop, not just the first: a gateway hop to another origin is refused', async () => {
    const { fetch, sent } = scripted({
      [`${GATEWAY}/a`]: { status: 307, location: `${GATEWAY}/b` },
      [`${GATEWAY}/b`]: { status: 307, location: 'https://elsewhere.example:8443/c?token=t' },
    });
    const error = await failure(
      followGatewayRedirects({ fetch, isGatewayURL: onGateway })(`${GATEWAY}/a`, { method: 'POST', body: 'x' }),
    );
    expect(error.message).toBe(
      `Unigate refused a redirect: HTTP 307 from ${GATEWAY}/b leads to https://elsewhere.example:8443, which is not one of the gateway's origins; nothing was sent there.`,
    );
    expect(error.url).toBe(`${GATEWAY}/b`);
    expect(sent.map(({ url }) => url)).toEqual([`${GATEWAY}/a`, `${GATEWAY}/b`]);
  });

  it('a URL object as input is followed like a string', async () => {
    const { fetch, sent } = scripted({ [`${GATEWAY}/a`]: { status: 302, location: '/b' } });
    await followGatewayRedirects({ fetch, isGatewayURL: onGateway })(new URL(`${GATEWAY}/a`));
    expect(sent.map(({ url }) => url)).toEqual([`${GATEWAY}/a`, `${GATEWAY}/b`]);
  });
});
