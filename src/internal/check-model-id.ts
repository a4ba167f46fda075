import { failArgument } from './validate-argument';

// A blank id would otherwise travel to the gateway as `"model": ""` and come back as a 400 or 404 that
// names no argument: refusing it when the model is made costs the caller no quota and points at the line.

/** `modelId` must be a string with something besides whitespace in it. */
export function checkModelId(modelId: unknown, argument = 'modelId'): asserts modelId is string {
  if (typeof modelId !== 'string' || modelId.trim() === '') {
    failArgument(argument, 'expected a model id (a non-empty string, not only whitespace)', modelId);
  }
}

/** A model factory that checks its id (`checkModelId`) before it makes anything. */
export function checkingModelId<ID extends string, REST extends unknown[], MODEL>(
  make: (modelId: ID, ...rest: REST) => MODEL,
): (modelId: ID, ...rest: REST) => MODEL {
  return (modelId, ...rest) => {
    checkModelId(modelId);
    return make(modelId, ...rest);
  };
}
