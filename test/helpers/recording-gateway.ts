import { createUnigate } from '../../src';
import { createUnigateEmulator } from '../../src/testing';

/** A provider over the emulator that records every JSON body it sends (catalog reads carry none). */
export function recordingGateway() {
  const emulator = createUnigateEmulator();
  const bodies: Array<Record<string, any>> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return emulator.fetch(input, init);
  };
  return { gw: createUnigate({ ...emulator.settings, fetch }), bodies, emulator };
}
