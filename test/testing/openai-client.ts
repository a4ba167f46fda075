// The official `openai` client pointed at an in-process emulator: what every conformance test starts from.
import OpenAI from 'openai';
import { createUnigateEmulator, type UnigateEmulatorOptions } from '../../src/testing/index';

/** A fresh emulator and an `openai` client on its base (or alt base, where images live), without retries. */
export function openaiClient(
  options: UnigateEmulatorOptions = {},
  { apiKey = 'sk-unigate-emulator', base = 'base' }: { apiKey?: string; base?: 'base' | 'alt' } = {},
) {
  const emulator = createUnigateEmulator(options);
  const openai = new OpenAI({
    apiKey,
    baseURL: base === 'alt' ? emulator.settings.altBaseURL : emulator.settings.baseURL,
    fetch: emulator.fetch,
    maxRetries: 0,
    logLevel: 'off',
  });
  return { emulator, openai };
}
