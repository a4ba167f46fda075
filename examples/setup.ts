import { createUnigate, type UnigateProvider } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

/**
 * With UNIGATE_API_KEY set, the real service (UNIGATE_SITE_URL etc. from the environment).
 * Without it, the built-in emulator on a loopback port, so the demo runs anywhere.
 */
export async function setup(): Promise<{ gw: UnigateProvider; live: boolean; close: () => Promise<void> }> {
  if (process.env.UNIGATE_API_KEY) {
    console.log('UNIGATE_API_KEY is set: talking to the real Unigate service.');
    return { gw: createUnigate(), live: true, close: async () => {} };
  }
  const server = await createUnigateEmulator().listen();
  console.log(`UNIGATE_API_KEY is not set: running against the built-in emulator at ${server.url} (sample data).`);
  return { gw: createUnigate(server.settings), live: false, close: server.close };
}
