import type { LanguageModelV4Prompt } from '@ai-sdk/provider-v4';
import { http } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';
import { createUnigateEmulator, type UnigateEmulatorOptions } from '../../src/testing';
import { createUnigate as createRootUnigate } from '../../src/provider/unigate-provider';
import type { UnigateProviderSettings } from '../../src/settings/unigate-provider-settings';
import { createUnigate } from '../../src/v4';
import { CHAT_URL } from '../chat/chat-fixtures';
import { createMockFetch } from '../helpers/mock-fetch';
import { API_KEY, readAll, SITE_URL, sseResponse } from '../helpers/test-kit';
import { MESSAGES_URL } from '../messages/messages-test-kit';

// The /v4 entry's tests: its provider over the emulator on a fixed clock, and both entries side by side
// where the spec decides a value. The entries are imported by path, so both lanes test both of them.

/** The emulator's clock: its `created` fields and Date headers, so results compare exactly. */
export const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
export const DATE_HEADER = new Date(NOW).toUTCString();

/** Freezes `Date` at `NOW` for each test of the suite: timestamps taken on the provider's clock compare exactly. */
export function freezeDateAtNow(): void {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
  afterEach(() => vi.useRealTimers());
}

/** The /v4 provider over a fresh emulator. */
export function v4Gateway(settings: UnigateProviderSettings = {}, options: UnigateEmulatorOptions = {}) {
  const emulator = createUnigateEmulator({ now: () => NOW, ...options });
  return { emulator, gw: createUnigate({ ...emulator.settings, ...settings }) };
}

/** The paths the emulator was asked for, in order. */
export const paths = (emulator: ReturnType<typeof createUnigateEmulator>) => emulator.requests.map(r => r.path);

export const HELLO: LanguageModelV4Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }];

export type Entry = 'root' | 'v4';
export type Format = 'chat' | 'messages';

/**
 * Every part of the stream `entry`'s `format` model makes of an SSE body of exactly these `events`
 * (typed loosely: the two entries' part types differ only in the values V4 adds).
 */
export async function streamedParts(entry: Entry, format: Format, events: string[]): Promise<unknown[]> {
  const url = format === 'chat' ? CHAT_URL : MESSAGES_URL;
  const { fetch } = createMockFetch(http.post(url, () => sseResponse(events)));
  // One request: the stream's own ending, not a resume's (those: test/messages/messages-resume*.test.ts).
  const settings = { apiKey: API_KEY, siteURL: SITE_URL, fetch, resume: 'off' as const };
  const gw = entry === 'root' ? createRootUnigate(settings) : createUnigate(settings);
  const model = format === 'chat' ? gw.chat('gpt-4o-mini') : gw.messages('claude-sonnet-4-5');
  const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
  return readAll<unknown>(stream);
}
