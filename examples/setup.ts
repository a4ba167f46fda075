import { createUnigate, type UnigateChargeEvent, type UnigatePriceTable, type UnigateProvider } from '../src/index';
import { createUnigateEmulator, type UnigateEmulatorDownload } from '../src/testing/index';

/**
 * EXAMPLE PRICES, made up for the demo, not Unigate's: the catalog has no per-image or per-video price,
 * so only a table like this gives the emulated images and video a cost. Models it does not list still
 * get the built-in prices (speech, transcription, embeddings), then the catalog's (chat, messages).
 */
const EXAMPLE_PRICES: UnigatePriceTable = {
  'dall-e-3': { perImage: 0.04 },
  'veo-3': { perVideo: 0.5 },
};

/** Every charge of the demo's run, as `onCharge` reports it (printed as a table at the end). */
export const chargeEvents: UnigateChargeEvent[] = [];
const onCharge = (event: UnigateChargeEvent) => void chargeEvents.push(event);

/**
 * With UNIGATE_API_KEY set, the real service (UNIGATE_SITE_URL etc. from the environment), priced from
 * the catalog. Without it, the built-in emulator on a loopback port, so the demo runs anywhere: its
 * settings poll video jobs every 20 ms, and `download` fetches its loopback files for the AI SDK.
 * Either way every call puts its cost in `providerMetadata.unigate.cost` when its model has a price.
 */
export async function setup(): Promise<{
  gw: UnigateProvider;
  live: boolean;
  /** For `experimental_generateVideo({ download })`: the emulator's; undefined (the SDK's own) when live. */
  download: UnigateEmulatorDownload | undefined;
  close: () => Promise<void>;
}> {
  if (process.env.UNIGATE_API_KEY) {
    console.log('UNIGATE_API_KEY is set: talking to the real Unigate service.');
    return {
      gw: createUnigate({ pricing: 'catalog', onCharge }),
      live: true,
      download: undefined,
      close: async () => {},
    };
  }
  const server = await createUnigateEmulator().listen();
  console.log(`UNIGATE_API_KEY is not set: running against the built-in emulator at ${server.url} (sample data).`);
  return {
    gw: createUnigate({ ...server.settings, pricing: EXAMPLE_PRICES, onCharge }),
    live: false,
    download: server.download,
    close: server.close,
  };
}
