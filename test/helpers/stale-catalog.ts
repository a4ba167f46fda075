import {
  createUnigateEmulator,
  SAMPLE_MODELS,
  type UnigateEmulatorModel as EmulatorModel,
  type UnigateEmulatorOptions,
} from '../../src/testing';
import { catalogFirst } from './catalog-timing';

/**
 * A gateway whose endpoints serve `id` as a `servedAs` model while its public catalog still lists the
 * model's own type. The call succeeds, so the kind-mismatch warning the catalog causes is visible in the
 * result (the plain emulator answers a mismatch with a 400, as the gateway does). The catalog answers
 * first (`catalogFirst`): a call never waits for it, and its checks need it loaded. `options.models`, when
 * given, replaces the sample catalog on both sides.
 */
export function staleCatalog(id: string, servedAs: EmulatorModel['type'], options: UnigateEmulatorOptions = {}) {
  const catalog = createUnigateEmulator(options);
  const served = createUnigateEmulator({
    ...options,
    models: (options.models ?? SAMPLE_MODELS).map(model => (model.id === id ? { ...model, type: servedAs } : model)),
  });
  const fetch = catalogFirst((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return (url.pathname === '/api/public/models' ? catalog : served).fetch(input, init);
  });
  return { settings: { ...served.settings, fetch }, served, catalog };
}
