import type { UnigateCatalog } from '../catalog/unigate-catalog';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { GatewayConnection } from '../unigate-config';

/** What every model receives from `createUnigate`, the one place these are assembled. */
export interface UnigateModelContext {
  /** Where requests go and with which key, headers and fetch. */
  readonly connection: GatewayConnection;
  /** Each call's price lookup and catalog checks. */
  readonly pricing: UnigatePricingService;
  /** The provider's catalog (`gw.catalog`), sharing its cache with pricing. */
  readonly catalog: UnigateCatalog;
}
