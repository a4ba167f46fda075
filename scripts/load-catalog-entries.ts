// Reads every catalog entry, from the in-process emulator (default, no network) or the real gateway.
import { createUnigate } from '../src';
import { createUnigateEmulator } from '../src/testing';
import type { UnigateCatalogEntry } from '../src';
import { EMULATOR_SOURCE } from './render-model-ids';

export interface LoadedCatalog {
  entries: UnigateCatalogEntry[];
  /** Names the catalog for the generated file's header. */
  source: string;
}

async function collect(iterable: AsyncIterable<UnigateCatalogEntry>): Promise<UnigateCatalogEntry[]> {
  const entries: UnigateCatalogEntry[] = [];
  for await (const entry of iterable) entries.push(entry);
  return entries;
}

/** The emulator's sample catalog, read through the provider's own catalog client. */
export async function loadEmulatorCatalog(): Promise<LoadedCatalog> {
  const emulator = createUnigateEmulator();
  const gw = createUnigate(emulator.settings);
  return { entries: await collect(gw.catalog.entries()), source: EMULATOR_SOURCE };
}

/** The real gateway's catalog; settings come from the environment (`UNIGATE_API_KEY`, `UNIGATE_SITE_URL`, ...). */
export async function loadGatewayCatalog(): Promise<LoadedCatalog> {
  const gw = createUnigate();
  return { entries: await collect(gw.catalog.entries()), source: 'the gateway catalog (gw.catalog.entries())' };
}

/** The gateway's catalog when `UNIGATE_API_KEY` is set, else the emulator's. */
export function loadCatalog(env: Record<string, string | undefined> = process.env): Promise<LoadedCatalog> {
  return env.UNIGATE_API_KEY ? loadGatewayCatalog() : loadEmulatorCatalog();
}
