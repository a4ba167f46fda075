import { InvalidArgumentError } from '@ai-sdk/provider';
import { expect } from 'vitest';
import { failure } from './test-kit';

/** Asserts `call` rejects with an InvalidArgumentError for `argument` with exactly `message`. */
export async function expectInvalidArgument(
  call: PromiseLike<unknown>,
  argument: string,
  message: string,
): Promise<void> {
  const error = await failure(call);
  expect(InvalidArgumentError.isInstance(error)).toBe(true);
  expect(error.argument).toBe(argument);
  expect(error.message).toBe(message);
}
