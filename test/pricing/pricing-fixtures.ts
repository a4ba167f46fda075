import { createUnigate, type UnigateProviderSettings } from '../../src';
import {
  createUnigateEmulator,
  type UnigateEmulatorModel as EmulatorModel,
  type UnigateEmulatorOptions,
} from '../../src/testing';
import { catalogFirst } from '../helpers/catalog-timing';

// Priced models for cost tests: prices chosen so the figures are easy to compute by hand.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const model = (id: string, type: EmulatorModel['type'], rest: Partial<EmulatorModel> = {}): EmulatorModel => ({
  id,
  provider: 'Test',
  type,
  inputPrice: 0,
  outputPrice: 0,
  isNew: false,
  created: 1_700_000_000,
  ...rest,
});

/** `priced-chat`: 2.5 in (a numeric string on the wire), 10 out; `tiny-chat`: a 4-token context window. */
export const PRICED_MODELS: EmulatorModel[] = [
  model('priced-chat', 'chat', { contextWindow: 128000, inputPrice: '2.5', outputPrice: 10 }),
  model('tiny-chat', 'chat', { contextWindow: 4, inputPrice: 1, outputPrice: 2 }),
  model('text-embedding-3-small', 'embedding', { contextWindow: 8191, inputPrice: 0.01 }),
  model('tts-1', 'audio', { inputPrice: 0, outputPrice: 0 }),
  model('draw-1', 'image'),
  model('film-1', 'video'),
];

/**
 * An emulator serving PRICED_MODELS (unless `options.models` says otherwise) and a provider on it whose
 * catalog answers before the models do (`catalogFirst`), so a first call has its catalog price.
 */
export function pricedGateway(settings: UnigateProviderSettings = {}, options: UnigateEmulatorOptions = {}) {
  const emulator = createUnigateEmulator({ models: PRICED_MODELS, ...options });
  const gw = createUnigate({
    ...emulator.settings,
    fetch: catalogFirst(emulator.fetch),
    pricing: 'catalog',
    ...settings,
  });
  return { emulator, gw };
}

/** Requests for catalog pages so far. */
export const catalogRequests = (emulator: ReturnType<typeof createUnigateEmulator>) =>
  emulator.requests.filter(entry => entry.path === '/api/public/models').length;

/**
 * A fetch that answers the catalog with HTTP 500 and passes everything else to the emulator, once the
 * failure has been read (`catalogFirst`): the call's pricing knows the load failed when its response is complete.
 */
export function failingCatalogFetch(emulator: ReturnType<typeof createUnigateEmulator>): typeof globalThis.fetch {
  return catalogFirst(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/public/models') {
      return new Response(JSON.stringify({ success: false, error: 'catalog database unavailable' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    return emulator.fetch(input, init);
  });
}
