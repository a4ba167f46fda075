// Type test of the price fields: checked by `npm run typecheck`, never run. The list the `pricing` check
// accepts names every field of `UnigateModelPrice` and nothing else, so a field added to the type and not
// to the list (or the other way round) fails to compile.
import { expectTypeOf } from 'vitest';
import type { UnigateModelPrice } from '../../src';
import type { PRICE_FIELDS } from '../../src/pricing/check-pricing';

expectTypeOf<(typeof PRICE_FIELDS)[number]>().toEqualTypeOf<keyof UnigateModelPrice>();
