import {
  APICallError,
  InvalidArgumentError,
  type LanguageModelV3StreamPart,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { generateText, RetryError, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { SAMPLE_MODELS, type UnigateEmulatorOptions } from '../../src/testing';
import { failure, readAll, thrown } from '../helpers/test-kit';
import { answerParts, callOptions, foreignError, otherModel } from './fallback-models';
import { spec } from '../helpers/spec';
import { emulatorGateway } from '../helpers/emulator-gateway';

// gw.fallback against the in-process emulator: denied, missing, down and failing models, and another
// provider's hand-written model in the same list.

/** The shared emulator gateway, with the models its chat endpoint was asked for, in order. */
function fallbackGateway(options: UnigateEmulatorOptions = {}) {
  const { emulator, gw } = emulatorGateway(options);
  const tried = () =>
    emulator.requests.filter(entry => entry.path === '/v1/chat/completions').map(entry => entry.model);
  return { emulator, gw, tried };
}

const textOf = (parts: LanguageModelV3StreamPart[]) =>
  parts.flatMap(part => (part.type === 'text-delta' ? [part.delta] : [])).join('');

const fallbackWarnings = (warnings: readonly SharedV3Warning[]) =>
  warnings.filter(warning => warning.type === 'other' && warning.message.startsWith('Fallback'));

describe('gw.fallback: which failures move on (doGenerate)', () => {
  const movesOn: Array<[string, UnigateEmulatorOptions, string]> = [
    ['permission (403, denied model)', { deniedModels: ['gpt-4o'] }, 'Hello'],
    ['server (503, model down)', { downModels: ['gpt-4o'] }, 'Hello'],
    ['rate-limit (429)', {}, 'Hello [[emulator:status:429:gpt-4o]]'],
  ];
  it.each(movesOn)(
    '%s: the next model answers and the attempt is recorded, with no warning',
    async (_name, options, prompt) => {
      const { gw, tried } = fallbackGateway(options);
      const result = await gw.fallback(['gpt-4o', 'gpt-4o-mini']).doGenerate(callOptions(prompt));
      expect(tried()).toEqual(['gpt-4o', 'gpt-4o-mini']);
      expect(result.content).toEqual([{ type: 'text', text: expect.any(String) }]);
      const fallback = (result.providerMetadata?.unigate as any).fallback;
      expect(fallback.answeredBy).toBe('gpt-4o-mini');
      expect(fallback.attempts).toEqual([{ modelId: 'gpt-4o', kind: expect.any(String), message: expect.any(String) }]);
      expect(['permission', 'server', 'rate-limit']).toContain(fallback.attempts[0].kind);
      // A skip is what fallback is for: the metadata records it, and a warning on every call would be noise.
      expect(fallbackWarnings(result.warnings)).toEqual([]);
    },
  );

  it('not-found (404, unknown id): moves on, and warns, since every call pays for an id to fix', async () => {
    const { gw, tried } = fallbackGateway();
    const result = await gw.fallback(['no-such-model', 'gpt-4o-mini']).doGenerate(callOptions('Hi'));
    expect(tried()).toEqual(['no-such-model', 'gpt-4o-mini']);
    expect((result.providerMetadata?.unigate as any).fallback.attempts).toEqual([
      { modelId: 'no-such-model', kind: 'not-found', message: expect.stringContaining('no-such-model') },
    ]);
    expect(fallbackWarnings(result.warnings)).toEqual([
      {
        type: 'other',
        message:
          'Fallback model "no-such-model" was not found, so every call sends it a request that fails before the ' +
          'next model is tried: fix the id or remove it from the list.',
      },
    ]);
  });

  it.each([
    ['invalid-request', 400],
    ['authentication', 401],
  ])('%s (%i): never moves on, even when listed in `on`', async (kind, status) => {
    const { gw, tried } = fallbackGateway();
    const model = gw.fallback(['gpt-4o', 'gpt-4o-mini'], { on: ['permission', kind as 'authentication'] });
    const error = await failure(model.doGenerate(callOptions(`Hi [[emulator:status:${status}:gpt-4o]]`)));
    expect(APICallError.isInstance(error) && error.statusCode).toBe(status);
    expect(error.data.kind).toBe(kind);
    expect(tried()).toEqual(['gpt-4o']);
  });

  it('daily-limit moves on only when listed in `on`', async () => {
    const other = otherModel('other-model');
    const { gw, tried } = fallbackGateway({ dailyRequestLimit: 0 });
    const byDefault = await failure(gw.fallback(['gpt-4o', other]).doGenerate(callOptions('Hi')));
    expect(byDefault.data.kind).toBe('daily-limit');
    expect(other.calls).toBe(0);
    const listed = await gw.fallback(['gpt-4o', other], { on: ['daily-limit'] }).doGenerate(callOptions('Hi'));
    expect(listed.content).toEqual([{ type: 'text', text: 'from other-model' }]);
    expect((listed.providerMetadata?.unigate as any).fallback.attempts[0]).toMatchObject({
      modelId: 'gpt-4o',
      kind: 'daily-limit',
    });
    expect(tried()).toEqual(['gpt-4o', 'gpt-4o']);
  });

  it('a kind left out of `on` does not move on', async () => {
    const { gw, tried } = fallbackGateway({ downModels: ['gpt-4o'] });
    const error = await failure(
      gw.fallback(['gpt-4o', 'gpt-4o-mini'], { on: ['permission'] }).doGenerate(callOptions('Hi')),
    );
    expect(error.data.kind).toBe('server');
    expect(tried()).toEqual(['gpt-4o']);
  });

  it('an argument error thrown before any request does not move on', async () => {
    const { gw, tried } = fallbackGateway();
    const error = await failure(
      gw.fallback(['gpt-4o', 'gpt-4o-mini']).doGenerate(callOptions('Hi', { temperature: Number.NaN })),
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(tried()).toEqual([]);
  });

  it('the first model that answers wins: no warning, no attempts, later models untouched', async () => {
    const { gw, tried } = fallbackGateway();
    const later = otherModel('later');
    const result = await gw.fallback(['gpt-4o-mini', later]).doGenerate(callOptions('Hi'));
    expect(tried()).toEqual(['gpt-4o-mini']);
    expect(later.calls).toBe(0);
    expect((result.providerMetadata?.unigate as any).fallback).toEqual({ answeredBy: 'gpt-4o-mini', attempts: [] });
    expect(fallbackWarnings(result.warnings)).toEqual([]);
  });
});

describe('gw.fallback: every model failing', () => {
  it('throws the last error, whose data keeps every attempt', async () => {
    const { gw, tried } = fallbackGateway({ deniedModels: ['gpt-4o'], downModels: ['gpt-4o-mini'] });
    const error = await failure(gw.fallback(['gpt-4o', 'gpt-4o-mini', 'no-such-model']).doGenerate(callOptions('Hi')));
    expect(tried()).toEqual(['gpt-4o', 'gpt-4o-mini', 'no-such-model']);
    expect(APICallError.isInstance(error) && error.statusCode).toBe(404);
    expect(error.data.kind).toBe('not-found');
    expect(error.data.fallback.attempts.map((attempt: any) => [attempt.modelId, attempt.kind])).toEqual([
      ['gpt-4o', 'permission'],
      ['gpt-4o-mini', 'server'],
      ['no-such-model', 'not-found'],
    ]);
  });

  it('through generateText with maxRetries 0: one request per model', async () => {
    const { gw, tried } = fallbackGateway({ downModels: ['gpt-4o', 'gpt-4o-mini'] });
    const error = await failure(
      generateText({ model: gw.fallback(['gpt-4o', 'gpt-4o-mini']), prompt: 'Hi', maxRetries: 0 }),
    );
    expect(error.data.fallback.attempts).toHaveLength(2);
    expect(tried()).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });
});

describe('gw.fallback: another provider in the list', () => {
  it('moves on from its HTTP 503 (kind from the status) to a Unigate id', async () => {
    const other = otherModel('other-model', { fail: () => foreignError(503) });
    const { gw } = fallbackGateway();
    const result = await generateText({ model: gw.fallback([other, 'gpt-4o-mini']), prompt: 'Hi', maxRetries: 0 });
    expect(other.calls).toBe(1);
    expect(result.providerMetadata?.unigate?.fallback).toEqual({
      answeredBy: 'gpt-4o-mini',
      attempts: [{ modelId: 'other-model', kind: 'server', message: 'other provider: HTTP 503' }],
    });
  });

  it("moves on from a model that retried on its own, by its RetryError's last error", async () => {
    const errors = [foreignError(503), foreignError(429)];
    const retrying = otherModel('retrying', {
      fail: () => new RetryError({ message: 'Failed after 2 attempts', reason: 'maxRetriesExceeded', errors }),
    });
    const { gw } = fallbackGateway();
    const result = await generateText({ model: gw.fallback([retrying, 'gpt-4o-mini']), prompt: 'Hi', maxRetries: 0 });
    expect(result.providerMetadata?.unigate?.fallback).toEqual({
      answeredBy: 'gpt-4o-mini',
      attempts: [{ modelId: 'retrying', kind: 'rate-limit', message: 'Failed after 2 attempts' }],
    });
  });

  it('keeps its metadata when it answers; its HTTP 400 does not move on', async () => {
    const { gw } = fallbackGateway();
    const ok = await gw.fallback(['no-such-model', otherModel('other-model')]).doGenerate(callOptions('Hi'));
    expect(ok.providerMetadata?.other).toEqual({ seen: true });
    const bad = otherModel('bad', { fail: () => foreignError(400) });
    const next = otherModel('next');
    const error = await failure(gw.fallback([bad, next]).doGenerate(callOptions('Hi')));
    expect(error.statusCode).toBe(400);
    expect(next.calls).toBe(0);
  });

  it('an error that says nothing known (a plain TypeError) counts as a server failure and moves on', async () => {
    const { gw } = fallbackGateway();
    const result = await gw
      .fallback([otherModel('x', { fail: () => new TypeError('boom') }), otherModel('next')])
      .doGenerate(callOptions('Hi'));
    expect(result.content).toEqual([{ type: 'text', text: 'from next' }]);
    expect(result.providerMetadata?.unigate?.fallback).toEqual({
      answeredBy: 'next',
      attempts: [{ modelId: 'x', kind: 'server', message: 'boom' }],
    });
  });

  it("its argument errors (the AI SDK's classes, by their marker) never move on and reach the caller as they are", async () => {
    const next = otherModel('next');
    const { gw } = fallbackGateway();
    const refused = new InvalidArgumentError({ argument: 'topK', message: 'topK is not supported' });
    const error = await failure(
      gw.fallback([otherModel('x', { fail: () => refused }), next]).doGenerate(callOptions('Hi')),
    );
    expect(error).toBe(refused);
    expect(next.calls).toBe(0);
  });
});

describe('gw.fallback: streams', () => {
  it('moves on when the request fails, and the caller sees only the answering model, with no warning', async () => {
    const { gw, tried } = fallbackGateway({ deniedModels: ['gpt-4o'] });
    const result = streamText({ model: gw.fallback(['gpt-4o', 'gpt-4o-mini']), prompt: 'Hello there', maxRetries: 0 });
    expect(await result.text).toContain('Hello there');
    expect(tried()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect((await result.providerMetadata)?.unigate?.fallback).toMatchObject({
      answeredBy: 'gpt-4o-mini',
      attempts: [{ kind: 'permission' }],
    });
    expect(fallbackWarnings((await result.warnings) ?? [])).toEqual([]);
  });

  it('an error part before any content counts as that model failing', async () => {
    const failing = otherModel('flaky', {
      streamParts: [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', id: 'r1' },
        { type: 'error', error: foreignError(529) },
      ],
    });
    const { gw } = fallbackGateway();
    const { stream } = await gw.fallback([failing, otherModel('steady')]).doStream(callOptions('Hi'));
    const parts = await readAll(stream);
    expect(textOf(parts)).toBe('from steady');
    expect(parts.filter(part => part.type === 'error' || part.type === 'response-metadata')).toEqual([]);
    expect(parts.filter(part => part.type === 'stream-start')).toHaveLength(1);
    const finish = parts.at(-1)!;
    expect(finish.type === 'finish' && finish.providerMetadata?.unigate?.fallback).toEqual({
      answeredBy: 'steady',
      attempts: [{ modelId: 'flaky', kind: 'server', message: 'other provider: HTTP 529' }],
    });
  });

  it('never moves on once content was streamed: the error goes to the caller', async () => {
    const { gw, tried } = fallbackGateway();
    const next = otherModel('next');
    const { stream } = await gw
      .fallback(['gpt-4o', next])
      .doStream(callOptions('Tell me a story [[emulator:stream-error]]'));
    const parts = await readAll(stream);
    expect(tried()).toEqual(['gpt-4o']);
    expect(next.calls).toBe(0);
    expect(parts.some(part => part.type === 'text-delta')).toBe(true);
    expect(parts.filter(part => part.type === 'error')).toHaveLength(1);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
  });

  it('a content part after an error part never happens: the failed stream is cancelled', async () => {
    let cancelled = false;
    const parts = answerParts('never seen');
    const failing = {
      ...otherModel('half'),
      async doStream() {
        return {
          stream: new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              controller.enqueue({ type: 'error', error: foreignError(503) });
              for (const part of parts) controller.enqueue(part);
            },
            cancel() {
              cancelled = true;
            },
          }),
        };
      },
    };
    const { gw } = fallbackGateway();
    const { stream } = await gw.fallback([failing, otherModel('steady')]).doStream(callOptions('Hi'));
    expect(textOf(await readAll(stream))).toBe('from steady');
    expect(cancelled).toBe(true);
  });
});

describe('gw.fallback: abort', () => {
  it('an aborted signal tries no model at all', async () => {
    const { gw, tried } = fallbackGateway();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const error = await failure(
      gw.fallback(['gpt-4o', 'gpt-4o-mini']).doGenerate(callOptions('Hi', { abortSignal: controller.signal })),
    );
    expect(error.message).toBe('stop');
    expect(tried()).toEqual([]);
  });

  it('aborting during a model ends the chain: no further model is tried', async () => {
    const next = otherModel('next');
    const { gw } = fallbackGateway();
    for (const call of ['doGenerate', 'doStream'] as const) {
      const controller = new AbortController();
      const first = otherModel('first', {
        fail: () => {
          controller.abort();
          return foreignError(503); // the failure a cut request may surface as
        },
      });
      const error = await failure(
        gw.fallback([first, next])[call](callOptions('Hi', { abortSignal: controller.signal })),
      );
      expect(error.statusCode).toBe(503);
    }
    expect(next.calls).toBe(0);
  });
});

describe('gw.fallback: creation', () => {
  it('checks its arguments before any request, naming them', async () => {
    const { gw, tried } = fallbackGateway();
    expect(thrown(() => gw.fallback([])).message).toBe(
      'Invalid argument models: must be a non-empty list of model ids or language models (V3 or V4); received 0 items.',
    );
    expect(thrown(() => gw.fallback(['gpt-4o', 42 as never])).message).toBe(
      'Invalid argument models[1]: must be a model id, a LanguageModelV3 or a LanguageModelV4; received 42.',
    );
    expect(thrown(() => gw.fallback(['gpt-4o'], { on: ['server', 'sometimes' as never] })).message).toBe(
      'Invalid argument on[1]: must be one of authentication, permission, not-found, invalid-request, rate-limit, ' +
        'daily-limit, server, context-length, network, timeout; received "sometimes".',
    );
    for (const [cooldownMs, shown] of [
      [-1, '-1'],
      [Number.NaN, 'NaN'],
      [3_600_001, '3600001'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['30000', '"30000"'],
    ] as const) {
      expect(thrown(() => gw.fallback(['gpt-4o'], { cooldownMs: cooldownMs as number })).message).toBe(
        `Invalid argument cooldownMs: must be a number of milliseconds from 0 to 3600000; received ${shown}.`,
      );
    }
    expect(tried()).toEqual([]);
  });

  it('resolves ids with the provider accessor and says so in modelId and provider', () => {
    const { gw } = fallbackGateway();
    const model = gw.fallback(['gpt-4o', otherModel('other-model')]);
    expect([model.specificationVersion, model.provider, model.modelId]).toEqual([
      spec,
      'unigate.fallback',
      'gpt-4o,other-model',
    ]);
  });

  it('warns on every call about a model the loaded catalog lists as another type', async () => {
    const painter = { ...SAMPLE_MODELS.find(model => model.type === 'image')!, id: 'painter-1' };
    const { gw } = fallbackGateway({ models: [...SAMPLE_MODELS, painter] });
    const mismatch = (warnings: SharedV3Warning[]) =>
      warnings.filter(warning => warning.type === 'other' && warning.message.startsWith('Model "painter-1"'));
    // Listed last, so the first model answers; created before the catalog is loaded: nothing to say.
    expect(mismatch((await gw.fallback(['gpt-4o-mini', 'painter-1']).doGenerate(callOptions('Hi'))).warnings)).toEqual(
      [],
    );
    await gw.catalog.get('gpt-4o-mini');
    const model = gw.fallback(['gpt-4o-mini', gw.chat('painter-1')]);
    expect(mismatch((await model.doGenerate(callOptions('Hi'))).warnings)).toEqual([
      {
        type: 'other',
        message: `Model "painter-1" is listed in the catalog as type 'image', but it is used as a chat language model (chat(id)); use image('painter-1') on the provider.`,
      },
    ]);
  });
});
