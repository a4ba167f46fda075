import { APICallError, generateText, type LanguageModel, streamText } from 'ai';
import { createUnigate, type UnigateErrorData, type UnigateProvider, unigateError } from '../src/index';
import { createUnigateEmulator } from '../src/testing/index';

/** One failed call: the kind every endpoint reports the same way, and the message as thrown. */
export interface ErrorExample {
  kind: UnigateErrorData['kind'];
  message: string;
}

// A fixed clock, so the daily limit's reset time is the same on every run.
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

async function failure(call: () => Promise<unknown>): Promise<ErrorExample> {
  try {
    await call();
  } catch (error) {
    if (!APICallError.isInstance(error)) throw error;
    return { kind: unigateError(error)?.kind, message: error.message };
  }
  throw new Error('expected the call to fail');
}

/**
 * The four failures a new user meets first, provoked on emulators configured for them: a wrong key, a
 * model the key may not use, a typo in a model id, and the daily limit. The README's "Errors" block is
 * this list, and a test keeps the two equal.
 */
export async function emulatedErrors(): Promise<ErrorExample[]> {
  const strict = createUnigateEmulator({
    apiKey: 'sk-unigate-emulator',
    deniedModels: ['claude-opus-4-1'],
    now: () => NOW,
  });
  const spent = createUnigateEmulator({ dailyRequestLimit: 0, now: () => NOW });
  const gw = createUnigate(strict.settings);
  const typoKey = createUnigate({ ...strict.settings, apiKey: 'sk-unigate-typo' });
  const once = { prompt: 'Hi', maxRetries: 0 };
  return [
    await failure(() => generateText({ model: typoKey('gpt-4o-mini'), ...once })),
    await failure(() => generateText({ model: gw.messages('claude-opus-4-1'), ...once })),
    await failure(() => generateText({ model: gw('gpt-5-typo'), ...once })),
    await failure(() => generateText({ model: createUnigate(spent.settings)('gpt-4o-mini'), ...once })),
  ];
}

/**
 * The kind of a failed `streamText`, as the README reads it: from the error `onError` received. The
 * stream itself does not throw, and `result.text` would reject with the AI SDK's NoOutputGeneratedError,
 * which keeps no cause.
 */
export async function streamFailureKind(model: LanguageModel): Promise<ErrorExample['kind']> {
  let streamError: unknown;
  const result = streamText({
    model,
    prompt: 'Hi',
    maxRetries: 0,
    onError: ({ error }) => {
      streamError = error;
    },
  });
  await result.consumeStream();
  return unigateError(streamError)?.kind;
}

/**
 * A stream that is cut and cannot be resumed (gpt-4o, `resume: 'off'`) ends in parts, never a throw: a
 * dropped connection (`[[emulator:drop:3:close]]`) and a stall past `streamIdleMs` (`[[emulator:stall:3]]`,
 * here 200 ms) each give an `error` part and `finish` 'error', with the text received so far.
 */
export async function transportEndings(): Promise<void> {
  const gw = createUnigate({ ...createUnigateEmulator().settings, resume: 'off', streamIdleMs: 200 });
  for (const marker of ['[[emulator:drop:3:close]]', '[[emulator:stall:3]]']) {
    let failure: unknown;
    let lastDelta = 0;
    const result = streamText({
      model: gw('gpt-4o'),
      prompt: `Describe a harbour. ${marker}`,
      onError: ({ error }) => {
        failure = error;
      },
    });
    let text = '';
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        lastDelta = performance.now();
      }
      if (part.type !== 'finish') continue;
      const after = marker.includes('stall')
        ? `, ${Math.round(performance.now() - lastDelta)} ms after the last delta`
        : '';
      console.log(`  ${marker}: finish '${part.finishReason}' after "${text}"${after}`);
      console.log(
        `    ${unigateError(failure)?.kind}: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    }
  }
}

/** Prints what failures look like. Against the real service only the unknown model is tried (one request). */
export async function errors(gw: UnigateProvider, live: boolean): Promise<void> {
  console.log('\n# Errors: unigateError(error)?.kind names the failure the same way on every endpoint');
  const examples = live
    ? [await failure(() => generateText({ model: gw('gpt-5-typo'), prompt: 'Hi', maxRetries: 0 }))]
    : await emulatedErrors();
  for (const { kind, message } of examples) console.log(`  ${kind}: ${message}`);
  const streamed = live
    ? gw('gpt-5-typo')
    : createUnigate(createUnigateEmulator({ dailyRequestLimit: 0, now: () => NOW }).settings)('gpt-4o-mini');
  console.log(
    `  streamText: no throw; unigateError(the error onError received)?.kind is ${await streamFailureKind(streamed)}`,
  );
  // The drop and the stall are emulator markers: a live gateway does not fail on request.
  if (!live) {
    console.log('\n# A stream cut and not resumed ends with an error part and finish error, never a throw');
    await transportEndings();
  }
}
