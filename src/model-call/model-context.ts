import type { CatalogById } from '../catalog/catalog-cache';
import type { UnigateCatalog } from '../catalog/unigate-catalog';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { SpecVersion } from '../spec/spec-version';
import type { GatewayConnection } from '../settings/gateway-connection';

/** What every model receives from `createUnigate`, the one place these are assembled. */
export interface UnigateModelContext {
  /** Where requests go and with which key, headers and fetch. */
  readonly connection: GatewayConnection;
  /** Each call's price lookup and catalog checks. */
  readonly pricing: UnigatePricingService;
  /** The provider's catalog (`gw.catalog`), sharing its cache with pricing. */
  readonly catalog: UnigateCatalog;
  /**
   * The catalog as already loaded (by pricing or `gw.catalog.get`), `undefined` before the first load.
   * Never loads: for decisions made synchronously, such as a model's wire format when it is created.
   */
  readonly loadedCatalog: () => CatalogById | undefined;
  /** The specification the entry speaks, for the few values only V4 has; `v3` when absent. */
  readonly spec?: SpecVersion;
}
