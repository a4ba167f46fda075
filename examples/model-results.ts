/** What a model's `doGenerate` can return besides the V3 fields: V4's `usage` and `words`. */
export interface ModelExtras {
  usage?: unknown;
  words?: unknown[];
}

interface Generating {
  doGenerate(options: never): PromiseLike<object>;
}

/**
 * The AI SDK's speech and transcription results leave out the model's `usage` (ai@7 hands it to telemetry
 * only) and, on ai@6, its `words`. The demo wraps a model to see what its last call returned: the same
 * model (its prototype), with `doGenerate` keeping a copy of each result.
 */
export function keepingResults<MODEL extends Generating>(model: MODEL): { model: MODEL; last: () => ModelExtras } {
  let last: ModelExtras = {};
  const doGenerate = async (options: never) => {
    const result = await model.doGenerate(options);
    last = { ...result };
    return result;
  };
  const wrapped: MODEL = Object.create(model);
  return { model: Object.assign(wrapped, { doGenerate }), last: () => last };
}

/** `usage` as printed: its JSON, or why there is none. */
export function usageNote({ usage }: ModelExtras, none: string): string {
  return `usage ${usage === undefined ? `none (${none})` : JSON.stringify(usage)}`;
}
