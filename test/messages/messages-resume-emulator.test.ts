import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { emulatorGateway } from '../helpers/emulator-gateway';

// What a user sees of a resume through the AI SDK: the emulator drops the stream on a prompt marker and
// honours the prefill of the continuation, so the answer comes whole, once.

async function answer(marker: string, maxResumes?: number) {
  const { gw, emulator } = emulatorGateway(undefined, maxResumes === undefined ? {} : { maxResumes });
  const prompt = 'Tell me about the sea.';
  const whole = await streamText({ model: gw.messages('claude-sonnet-4-5'), prompt });
  const expected = await whole.text;
  const before = emulator.requests.length;
  const result = streamText({ model: gw.messages('claude-sonnet-4-5'), prompt: `${prompt} ${marker}` });
  return {
    expected,
    text: await result.text,
    metadata: await result.providerMetadata,
    requests: emulator.requests.length - before,
  };
}

describe('messages resume through streamText, over the emulator', () => {
  it.each(['close', 'end', 'overloaded', 'broken'])('drop:3:%s gives the whole answer once', async how => {
    const { expected, text, metadata, requests } = await answer(`[[emulator:drop:3:${how}]]`);
    expect(text).toBe(expected);
    expect(requests).toBe(2);
    const reason = {
      close: 'connection-closed',
      end: 'ended-early',
      overloaded: 'error-event',
      broken: 'malformed-chunk',
    }[how];
    expect(metadata?.unigate?.resumed).toMatchObject([{ reason }]);
  });

  it('two drops need maxResumes 2', async () => {
    const { expected, text, metadata, requests } = await answer('[[emulator:drop:2:end]] [[emulator:drop:5:close]]', 2);
    expect(text).toBe(expected);
    expect(requests).toBe(3);
    expect(metadata?.unigate?.resumed).toMatchObject([{ reason: 'ended-early' }, { reason: 'connection-closed' }]);
  });
});
