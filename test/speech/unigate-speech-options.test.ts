import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnigate, unigateCost, unigateSpeechMetadata } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

// unigateSpeechMetadata on real results of the AI SDK (ai@6 here, ai@7 in the ai7 lane) and on metadata
// of the wrong shape. Results of other providers: test/checks/values.test.ts.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Loose = (options: Record<string, unknown>) => Promise<any>;
const sdk = ai as unknown as Record<string, Loose | undefined>;
const generateSpeech = (sdk.generateSpeech ?? sdk.experimental_generateSpeech)!;

const SPEECH = { mediaType: 'audio/ogg', format: 'opus', voice: 'nova' };
const COST = { input: 0.000075, output: 0, total: 0.000075, unit: 'credits' };

describe('unigateSpeechMetadata', () => {
  it("reads a generateSpeech result's metadata: mediaType, format, voice, exactly", async () => {
    const gw = createUnigate(createUnigateEmulator().settings);
    const result = await generateSpeech({
      model: gw.speech('tts-1'),
      text: 'Hello',
      voice: 'nova',
      outputFormat: 'opus',
    });
    expect(unigateSpeechMetadata(result)).toEqual(SPEECH);
  });

  it('with pricing on, the cost too: 20 characters on tts-1 at 3.75 per 1M', async () => {
    const gw = createUnigate({
      ...createUnigateEmulator().settings,
      pricing: { 'tts-1': { perMillionCharacters: 3.75 } },
    });
    const result = await generateSpeech({
      model: gw.speech('tts-1'),
      text: 'Twenty characters ok',
      voice: 'nova',
      outputFormat: 'opus',
    });
    expect(unigateSpeechMetadata(result)).toEqual({ ...SPEECH, cost: COST });
    expect(unigateSpeechMetadata(result)?.cost).toEqual(unigateCost(result));
  });

  it.each([
    ['a format that is not one of the five', { ...SPEECH, format: 'ogg' }],
    ['a voice that is not one of the six', { ...SPEECH, voice: 'Nova' }],
    ['no mediaType', { format: 'opus', voice: 'nova' }],
    ['a mediaType that is not a string', { ...SPEECH, mediaType: 42 }],
    ['a cost in another unit', { ...SPEECH, cost: { ...COST, unit: 'usd' } }],
    ['a cost whose total is not a number', { ...SPEECH, cost: { ...COST, total: '0.000075' } }],
    ['a cost that is null', { ...SPEECH, cost: null }],
  ])('metadata with %s: undefined', (_case, unigate) => {
    expect(unigateSpeechMetadata({ providerMetadata: { unigate } })).toBeUndefined();
  });
});
