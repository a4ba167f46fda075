import { createUnigate, type UnigateProviderSettings } from '../../src';
import { createUnigateEmulator, type UnigateEmulator, type UnigateEmulatorOptions } from '../../src/testing';
import { catalogFirst } from './catalog-timing';

// Providers over the package's emulator, in process (its `fetch`, no server, no network): the harness for
// tests that call through the AI SDK or a whole model, where the emulator's real answers matter more than
// exact wire bytes (docs/testing.md says when to use msw instead).

/** A provider over a fresh emulator made with `options`; `settings` are added to the emulator's. */
export function emulatorGateway(options?: UnigateEmulatorOptions, settings: UnigateProviderSettings = {}) {
  const emulator = createUnigateEmulator(options);
  return { emulator, gw: createUnigate({ ...emulator.settings, ...settings }) };
}

/**
 * A provider over `emulator` priced by `pricing`, whose catalog answers before the models (`catalogFirst`),
 * so a first call has its catalog price. `paths` lists the paths the emulator was sent, in order.
 */
export function pricedEmulatorGateway(
  pricing: UnigateProviderSettings['pricing'],
  emulator: UnigateEmulator = createUnigateEmulator(),
) {
  const gw = createUnigate({ ...emulator.settings, fetch: catalogFirst(emulator.fetch), pricing });
  return { emulator, gw, paths: () => emulator.requests.map(request => request.path) };
}

/** A provider over a fresh emulator that records every JSON body it sends (catalog reads carry none). */
export function recordingGateway() {
  const emulator = createUnigateEmulator();
  const bodies: Array<Record<string, any>> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return emulator.fetch(input, init);
  };
  return { gw: createUnigate({ ...emulator.settings, fetch }), bodies, emulator };
}
