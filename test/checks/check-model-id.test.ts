import { InvalidArgumentError } from '@ai-sdk/provider';
import { createProviderRegistry } from 'ai';
import { describe, expect, it } from 'vitest';
import type { UnigateProvider } from '../../src';
import { setup, thrown } from '../helpers/test-kit';

// Every accessor refuses an id that names no model when the model is made: the mistake is reported on
// the line that made it, and no request (no quota) is spent finding out.

type Accessor = (gw: UnigateProvider, modelId: string) => unknown;

const METHODS = [
  'chat',
  'languageModel',
  'messages',
  'embedding',
  'embeddingModel',
  'textEmbeddingModel',
  'image',
  'imageModel',
  'speech',
  'speechModel',
  'transcription',
  'transcriptionModel',
  'video',
  'videoModel',
] as const;

const ACCESSORS: Array<[string, Accessor]> = [
  ['gw(id)', (gw, id) => gw(id)],
  ...METHODS.map((name): [string, Accessor] => [name, (gw, id) => gw[name](id)]),
];

// Untyped callers (JavaScript, ids read from config) can pass anything: the value is shown as given.
const BAD_IDS: Array<[unknown, string]> = [
  ['', '""'],
  ['  ', '"  "'],
  ['\t\n', '"\\t\\n"'],
  [undefined, 'undefined'],
  [null, 'null'],
  [42, '42'],
];

/** `make` throws the model-id error for `argument`, showing the value as `shown`. */
function expectRefused(make: () => unknown, argument: string, shown: string): void {
  const error = thrown(make);
  expect(InvalidArgumentError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({
    argument,
    message: `Invalid argument ${argument}: expected a model id (a non-empty string, not only whitespace); received ${shown}.`,
  });
}

describe('model ids are checked when the model is made', () => {
  describe.each(ACCESSORS)('%s', (_name, make) => {
    it.each(BAD_IDS)('refuses %j, naming modelId and the value, before any request', (modelId, shown) => {
      const { gw, requests } = setup([]);
      expectRefused(() => make(gw, modelId as string), 'modelId', shown);
      expect(requests).toHaveLength(0);
    });

    it('makes the model for a real id', () => {
      const { gw, requests } = setup([]);
      expect(make(gw, 'gpt-4o-mini')).toMatchObject({ modelId: 'gpt-4o-mini' });
      expect(requests).toHaveLength(0);
    });
  });

  it('checks under a budget and with format "chat" too', () => {
    const { gw, requests } = setup([], { format: 'chat', budget: { maxCredits: 1, period: 'day' } });
    expectRefused(() => gw(''), 'modelId', '""');
    expectRefused(() => gw.embedding(' '), 'modelId', '" "');
    expect(requests).toHaveLength(0);
  });

  it('refuses a blank id reached through a provider registry', () => {
    const { gw, requests } = setup([]);
    const registry = createProviderRegistry({ unigate: gw });
    expectRefused(() => registry.languageModel('unigate: '), 'modelId', '" "');
    expect(requests).toHaveLength(0);
  });

  it('names the position of a blank id in a fallback list', () => {
    const { gw, requests } = setup([]);
    expectRefused(() => gw.fallback(['gpt-4o-mini', ' ']), 'models[1]', '" "');
    expectRefused(() => gw.fallback(['']), 'models[0]', '""');
    expect(requests).toHaveLength(0);
  });
});
