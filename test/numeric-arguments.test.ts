import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { UnigateProvider } from '../src';
import { failure, setup } from './helpers/test-kit';

// Every numeric provider option and call option of every model kind, given NaN or an infinity: one
// InvalidArgumentError naming the option, its limit and the value as given, before any request.

const PROMPT = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
const VIDEO_CALL = {
  prompt: 'A boat',
  n: 1,
  ...{ aspectRatio: undefined, resolution: undefined, duration: undefined, fps: undefined, seed: undefined },
  ...{ image: undefined, frameImages: undefined, inputReferences: undefined, generateAudio: undefined },
};

interface Case {
  argument: string;
  rule: string;
  call: (gw: UnigateProvider, value: number) => PromiseLike<unknown>;
}

const cases: Case[] = [
  // Provider options.
  {
    argument: 'providerOptions.unigate.n',
    rule: 'the gateway accepts an integer, at least 1',
    call: (gw, n) => gw('gpt-4o-mini').doGenerate({ prompt: PROMPT, providerOptions: { unigate: { n } } }),
  },
  {
    argument: 'providerOptions.unigate.thinking.budgetTokens',
    rule: 'the gateway accepts an integer, at least 1024',
    call: (gw, budgetTokens) =>
      gw
        .messages('claude-sonnet-4-5')
        .doGenerate({ prompt: PROMPT, providerOptions: { unigate: { thinking: { type: 'enabled', budgetTokens } } } }),
  },
  {
    argument: 'providerOptions.unigate.dimensions',
    rule: 'the gateway accepts an integer, 1 to 1536',
    call: (gw, dimensions) =>
      gw.embedding('text-embedding-3-small').doEmbed({ values: ['a'], providerOptions: { unigate: { dimensions } } }),
  },
  {
    argument: 'providerOptions.unigate.temperature',
    rule: 'the gateway accepts 0 to 1',
    call: (gw, temperature) =>
      gw.transcription('whisper-1').doGenerate({
        audio: new Uint8Array([1, 2]),
        mediaType: 'audio/wav',
        providerOptions: { unigate: { temperature } },
      }),
  },
  {
    argument: 'providerOptions.unigate.pollIntervalMs',
    rule: 'the gateway accepts at least 0',
    call: (gw, pollIntervalMs) =>
      gw.video('veo-3').doGenerate({ ...VIDEO_CALL, providerOptions: { unigate: { pollIntervalMs } } }),
  },
  {
    argument: 'providerOptions.unigate.timeoutMs',
    rule: 'the gateway accepts at least 0',
    call: (gw, timeoutMs) =>
      gw.video('veo-3').doGenerate({ ...VIDEO_CALL, providerOptions: { unigate: { timeoutMs } } }),
  },
  // Call options.
  {
    argument: 'temperature',
    rule: 'the gateway accepts 0 to 2',
    call: (gw, temperature) => gw('gpt-4o-mini').doGenerate({ prompt: PROMPT, temperature }),
  },
  {
    argument: 'topP',
    rule: 'the gateway accepts 0 to 1',
    call: (gw, topP) => gw('gpt-4o-mini').doStream({ prompt: PROMPT, topP }),
  },
  {
    argument: 'maxOutputTokens',
    rule: 'the gateway accepts an integer, at least 1',
    call: (gw, maxOutputTokens) => gw('gpt-4o-mini').doGenerate({ prompt: PROMPT, maxOutputTokens }),
  },
  {
    argument: 'frequencyPenalty',
    rule: 'the gateway accepts -2 to 2',
    call: (gw, frequencyPenalty) => gw('gpt-4o-mini').doGenerate({ prompt: PROMPT, frequencyPenalty }),
  },
  {
    argument: 'presencePenalty',
    rule: 'the gateway accepts -2 to 2',
    call: (gw, presencePenalty) => gw('gpt-4o-mini').doGenerate({ prompt: PROMPT, presencePenalty }),
  },
  {
    argument: 'seed',
    rule: `the gateway accepts an integer, at least ${Number.MIN_SAFE_INTEGER}`,
    call: (gw, seed) => gw('gpt-4o-mini').doGenerate({ prompt: PROMPT, seed }),
  },
  {
    argument: 'temperature',
    rule: 'the gateway accepts 0 to 1',
    call: (gw, temperature) => gw.messages('claude-sonnet-4-5').doGenerate({ prompt: PROMPT, temperature }),
  },
  {
    argument: 'topK',
    rule: 'the gateway accepts an integer, at least 1',
    call: (gw, topK) => gw.messages('claude-sonnet-4-5').doStream({ prompt: PROMPT, topK }),
  },
  {
    argument: 'maxOutputTokens',
    rule: 'the gateway accepts an integer, at least 1',
    call: (gw, maxOutputTokens) => gw.messages('claude-sonnet-4-5').doGenerate({ prompt: PROMPT, maxOutputTokens }),
  },
  {
    argument: 'speed',
    rule: 'the gateway accepts 0.25 to 4',
    call: (gw, speed) => gw.speech('tts-1').doGenerate({ text: 'Hello', speed }),
  },
  {
    argument: 'n',
    rule: 'the gateway accepts an integer, 1 to 10',
    call: (gw, n) =>
      gw.image('dall-e-3').doGenerate({
        prompt: 'A lighthouse',
        n,
        size: undefined,
        aspectRatio: undefined,
        seed: undefined,
        files: undefined,
        mask: undefined,
        providerOptions: {},
      }),
  },
  {
    argument: 'duration',
    rule: 'the gateway accepts 5, 10',
    call: (gw, duration) => gw.video('veo-3').doGenerate({ ...VIDEO_CALL, duration, providerOptions: {} }),
  },
  {
    argument: 'dimensions',
    rule: 'the gateway accepts an integer, 1 to 1536',
    // ai@7's embed({ dimensions }) reaches the V3 model as an extra call option.
    call: (gw, dimensions) => gw.embedding('text-embedding-3-small').doEmbed({ values: ['a'], dimensions } as never),
  },
  {
    argument: 'pollIntervalMs',
    rule: 'the gateway accepts at least 0',
    call: (gw, pollIntervalMs) => gw.videoJobs.wait('vid-1', { pollIntervalMs }),
  },
  {
    argument: 'timeoutMs',
    rule: 'the gateway accepts at least 0',
    call: (gw, timeoutMs) => gw.videoJobs.generate({ model: 'veo-3', prompt: 'A boat' }, { timeoutMs }),
  },
];

describe('NaN and the infinities in numeric options', () => {
  for (const { argument, rule, call } of cases) {
    it(`${argument} (${rule}): reported as given, with the limit, before any request`, async () => {
      const { gw, requests } = setup([]);
      for (const value of [Number.NaN, Infinity, -Infinity]) {
        const error = await failure(call(gw, value));
        expect(InvalidArgumentError.isInstance(error)).toBe(true);
        expect(error.argument).toBe(argument);
        expect(error.message).toBe(`Invalid argument ${argument}: ${rule}; received ${String(value)}.`);
      }
      expect(requests).toHaveLength(0);
    });
  }
});

describe('messages thinking options name the field, not the object', () => {
  const call = (thinking: unknown) => {
    const { gw, requests } = setup([]);
    const pending = failure(
      gw
        .messages('claude-sonnet-4-5')
        .doGenerate({ prompt: PROMPT, providerOptions: { unigate: { thinking } as never } }),
    );
    return pending.then(error => ({ error, requests }));
  };

  it('a budget of the wrong type names thinking.budgetTokens', async () => {
    const { error, requests } = await call({ type: 'enabled', budgetTokens: 'lots' });
    expect(error.argument).toBe('providerOptions.unigate.thinking.budgetTokens');
    expect(error.message).toBe(
      'Invalid argument providerOptions.unigate.thinking.budgetTokens: Invalid input: expected number, received string; received "lots".',
    );
    expect(requests).toHaveLength(0);
  });

  it('an unknown type names thinking.type and the types there are', async () => {
    const { error, requests } = await call({ type: 'maybe' });
    expect(error.argument).toBe('providerOptions.unigate.thinking.type');
    expect(error.message).toBe(
      `Invalid argument providerOptions.unigate.thinking.type: Invalid discriminator value. Expected 'enabled' | 'disabled'; received "maybe".`,
    );
    expect(requests).toHaveLength(0);
  });
});
