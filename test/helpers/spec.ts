import { createUnigate } from '../../src';
import type { SpecVersion } from '../../src/settings/model-kind';

// The suites import the entry as '../src' (or '../../src'): the root entry in the Node 20 lane, and
// unigate-ai-provider/v4 in the ai@7 lane (vitest.ai7.config.ts routes it). Where the specification
// decides a value, a test asks here; everything else is asserted the same on both entries.

const specOf = (provider: { specificationVersion: SpecVersion }): SpecVersion => provider.specificationVersion;

/** The specification of the entry the suites run through, as its provider says. */
export const spec = specOf(createUnigate());

/**
 * The finish reason of a stream whose body ended without its completion signal: V4's `interrupted`,
 * or, on V3 (which has no such value), `v3`: what the format reports without the signal.
 */
export const cutOffReason = (v3: string): string => (spec === 'v4' ? 'interrupted' : v3);

/** V4's `deprecated` warning for a setting a V4 call option replaces; V3 has no such type, so none. */
export const deprecatedWarnings = (setting: string, message: string) =>
  spec === 'v4' ? [{ type: 'deprecated', setting, message }] : [];
