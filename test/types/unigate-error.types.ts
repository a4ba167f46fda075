// Type tests of unigateError: checked by `npm run typecheck`, never run. Whatever a catch clause holds
// (`unknown`), either AI SDK major's RetryError, or an APICallError, goes in without a cast, and the
// data comes out typed.
import type { APICallError } from '@ai-sdk/provider';
import type * as ai6 from 'ai';
import type * as ai7 from 'ai7';
import { expectTypeOf } from 'vitest';
import { type UnigateErrorData, type UnigateErrorKind, unigateError } from '../../src';

declare const caught: unknown;
declare const retry6: ai6.RetryError;
declare const retry7: ai7.RetryError;
declare const apiCall: APICallError;

expectTypeOf(unigateError(caught)).toEqualTypeOf<UnigateErrorData | undefined>();
expectTypeOf(unigateError(retry6)).toEqualTypeOf<UnigateErrorData | undefined>();
expectTypeOf(unigateError(retry7)).toEqualTypeOf<UnigateErrorData | undefined>();
expectTypeOf(unigateError(apiCall)?.kind).toEqualTypeOf<UnigateErrorKind | undefined>();
expectTypeOf(unigateError(apiCall)?.resetsAt).toEqualTypeOf<string | undefined>();
