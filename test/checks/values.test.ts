import { describe, expect, it } from 'vitest';
import * as unigate from '../../src';

// What every metadata reader does with a result that holds no Unigate metadata: undefined, never a throw.
// Each reader's own file reads real results of the emulator and metadata of the wrong shape.
const READERS = [
  unigate.unigateChatMetadata,
  unigate.unigateFallback,
  unigate.unigateImageMetadata,
  unigate.unigateMessagesMetadata,
  unigate.unigateSpeechMetadata,
  unigate.unigateTranscriptionMetadata,
  unigate.unigateVideoMetadata,
];

// Results as the AI SDK hands them back for another provider's model, or without metadata at all.
const NOT_OURS = {
  'no result': undefined,
  'a result without providerMetadata': {},
  'providerMetadata undefined': { providerMetadata: undefined },
  'providerMetadata of @ai-sdk/openai': {
    providerMetadata: { openai: { images: [{ revisedPrompt: null }], mediaType: 'audio/mpeg', format: 'mp3' } },
  },
  'unigate: null': { providerMetadata: { unigate: null } },
  'unigate: a string': { providerMetadata: { unigate: 'gpt-4o-mini' } },
  'unigate: an array': { providerMetadata: { unigate: [{ jobId: 'vid-1', status: 'completed' }] } },
};

describe.each(READERS.map(read => [read.name, read] as const))('%s', (_name, read) => {
  it.each(Object.entries(NOT_OURS))('%s: undefined', (_case, result) => {
    expect(read(result)).toBeUndefined();
  });
});
