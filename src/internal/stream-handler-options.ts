import type { SharedV3Warning } from '@ai-sdk/provider';
import type { SpecVersion } from '../spec/spec-version';
import type { PriceWait } from './stream-state';

/** The request a stream answers, for the errors built from error objects inside it. */
export interface StreamRequestContext {
  url: string;
  requestBodyValues: unknown;
  /** Redacted from error messages and bodies. */
  secret: string | undefined;
}

/** What every model's stream handler gets from its `doStream`; formats add their own fields. */
export interface StreamHandlerOptions {
  /** Sent in `stream-start`. */
  warnings: SharedV3Warning[];
  /** Emit a `raw` part with each parsed chunk. */
  includeRawChunks: boolean;
  request: StreamRequestContext;
  /** The call's price, when still loading: the `finish` part waits for it, at most `priceWaitMs`. */
  priceWait?: PriceWait;
  /** The entry's specification (`v3` when absent): a V4 stream cut off before its completion signal finishes `interrupted`. */
  spec?: SpecVersion;
}
