// What runs INSIDE each runtime (workerd, Deno, Bun, Chromium, and Node for the reference).
// It only observes: every call's outcome is returned as plain JSON, and run.mjs judges it in Node,
// so the assertions live in one place and a runtime cannot pass by accident.
// Uses web APIs only: this file is bundled with the built package and `ai` for runtimes without Node.
import { createUnigate } from '../dist/index.js';
import { generateText, streamText } from 'ai';
import { CHAT_MODEL, MESSAGES_MODEL, PROMPT } from './check-names.mjs';

// One call may not hang the runtime: it ends in an error the report shows.
const CALL_TIMEOUT_MS = 15_000;

function describeError(error) {
  if (error instanceof Error || (error && typeof error === 'object')) {
    return {
      name: String(error.name ?? 'Error'),
      message: String(error.message ?? error),
      statusCode: typeof error.statusCode === 'number' ? error.statusCode : undefined,
    };
  }
  return { name: typeof error, message: String(error) };
}

async function attempt(run) {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}

function usageNumbers(usage) {
  return { inputTokens: usage?.inputTokens, outputTokens: usage?.outputTokens, totalTokens: usage?.totalTokens };
}

async function generated(model) {
  const result = await generateText({
    model,
    prompt: PROMPT,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return {
    text: result.text,
    finishReason: result.finishReason,
    usage: usageNumbers(result.usage),
    warnings: result.warnings ?? [],
    modelId: result.response?.modelId,
  };
}

async function streamed(model) {
  const result = streamText({
    model,
    prompt: PROMPT,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const deltas = [];
  const errors = [];
  const partTypes = [];
  for await (const part of result.fullStream) {
    if (partTypes[partTypes.length - 1] !== part.type) partTypes.push(part.type);
    if (part.type === 'text-delta') deltas.push(part.text);
    if (part.type === 'error') errors.push(describeError(part.error));
  }
  // The AI SDK reports a failed stream as error parts; name the first one rather than a later symptom.
  if (errors.length > 0) {
    const error = new Error(`error part in the stream: ${errors[0].name}: ${errors[0].message}`);
    error.name = 'StreamErrorPart';
    throw error;
  }
  return {
    text: deltas.join(''),
    deltaCount: deltas.length,
    // Consecutive duplicates collapsed: the part sequence's shape, independent of chunk counts.
    partTypes,
    finishReason: await result.finishReason,
    usage: usageNumbers(await result.usage),
    warnings: (await result.warnings) ?? [],
  };
}

/** Facts about the runtime itself, so run.mjs can prove the code ran where it claims. */
export function describeRuntime() {
  return {
    userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
    hasProcess: typeof globalThis.process !== 'undefined',
    hasBuffer: typeof globalThis.Buffer !== 'undefined',
    hasDeno: typeof globalThis.Deno !== 'undefined',
    hasBun: typeof globalThis.Bun !== 'undefined',
    hasWindow: typeof globalThis.window !== 'undefined',
  };
}

/**
 * Runs every check against the gateway at `siteURL` and returns what happened, as JSON-safe data:
 * `{ runtime, checks: { [name]: { ok: true, value } | { ok: false, error } } }`.
 */
export async function observe({ siteURL, apiKey }) {
  const gw = createUnigate({ siteURL, apiKey });
  const checks = {};
  checks['listModels'] = await attempt(() =>
    gw.listModels({ maxRetries: 0, abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
  );
  checks['catalog.page'] = await attempt(() =>
    gw.catalog.page({}, { maxRetries: 0, abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
  );
  // A model accessor that throws (e.g. NoSuchModelError while a format is missing) fails its checks.
  checks['chat generateText'] = await attempt(() => generated(gw.chat(CHAT_MODEL)));
  checks['chat streamText'] = await attempt(() => streamed(gw.chat(CHAT_MODEL)));
  checks['messages generateText'] = await attempt(() => generated(gw.messages(MESSAGES_MODEL)));
  checks['messages streamText'] = await attempt(() => streamed(gw.messages(MESSAGES_MODEL)));
  return { runtime: describeRuntime(), checks };
}
