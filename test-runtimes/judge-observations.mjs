// What must hold for a runtime's observations (smoke-checks.mjs), judged in Node. Each check is
// asserted on its own (shape, exact values the emulator is known to give) and, where the Node
// reference run succeeded, must equal that reference exactly: the same package gives the same
// results everywhere.
import assert from 'node:assert/strict';
import { CHAT_MODEL, CHECK_NAMES, MESSAGES_MODEL, PROMPT } from './check-names.mjs';

/** What each runtime must report about itself, so a check cannot pass in the wrong place. */
const IDENTITY = {
  node: r => {
    assert.ok(r.hasProcess && r.hasBuffer, 'Node has process and Buffer');
    assert.ok(!r.hasDeno && !r.hasBun, 'not Deno or Bun');
  },
  workerd: r => {
    assert.equal(r.userAgent, 'Cloudflare-Workers');
    // nodejs_compat is off: the package needs no Node API.
    assert.equal(r.hasProcess, false, 'workerd without nodejs_compat has no process');
    assert.equal(r.hasBuffer, false, 'workerd without nodejs_compat has no Buffer');
  },
  deno: r => {
    assert.equal(r.hasDeno, true, 'Deno global present');
    assert.match(r.userAgent ?? '', /^Deno\//);
  },
  bun: r => {
    assert.equal(r.hasBun, true, 'Bun global present');
    assert.match(r.userAgent ?? '', /^Bun\//);
  },
  chromium: r => {
    assert.equal(r.hasWindow, true, 'window present');
    assert.match(r.userAgent ?? '', /Chrome\//);
    assert.equal(r.hasProcess, false, 'a page has no process');
    assert.equal(r.hasBuffer, false, 'a page has no Buffer');
  },
};

function checkModels(models) {
  assert.ok(Array.isArray(models) && models.length > 0, 'a non-empty model list');
  for (const model of models) {
    assert.equal(typeof model.id, 'string', `model id is a string: ${JSON.stringify(model)}`);
    assert.equal(model.object, 'model');
    assert.equal(typeof model.created, 'number', `created is a number: ${JSON.stringify(model)}`);
    assert.equal(typeof model.ownedBy, 'string', `ownedBy is a string: ${JSON.stringify(model)}`);
  }
  const ids = models.map(model => model.id);
  assert.equal(new Set(ids).size, ids.length, 'model ids are unique');
  assert.ok(ids.includes(CHAT_MODEL), `the list has ${CHAT_MODEL}`);
  assert.ok(ids.includes(MESSAGES_MODEL), `the list has ${MESSAGES_MODEL}`);
}

function checkCatalogPage(page) {
  assert.equal(page.page, 1);
  assert.equal(page.limit, 50);
  assert.ok(page.entries.length > 0 && page.entries.length <= 50, `1..50 entries, got ${page.entries.length}`);
  assert.ok(page.total >= page.entries.length, 'total covers the page');
  assert.equal(page.pages, Math.ceil(page.total / page.limit));
  for (const entry of page.entries) {
    const shown = JSON.stringify(entry);
    assert.equal(typeof entry.id, 'string', shown);
    assert.equal(typeof entry.provider, 'string', shown);
    assert.equal(typeof entry.isNew, 'boolean', shown);
    // Normalised in the runtime: numeric strings have become numbers.
    for (const field of ['inputPrice', 'outputPrice', 'contextWindow']) {
      if (field in entry) assert.equal(typeof entry[field], 'number', `${field} is a number: ${shown}`);
    }
  }
  assert.ok(page.providers.length > 0, 'provider tabs present');
  for (const provider of page.providers) {
    assert.equal(typeof provider.name, 'string');
    assert.equal(typeof provider.count, 'number');
  }
}

function checkUsage(usage) {
  assert.ok(usage.inputTokens > 0, `inputTokens > 0, got ${usage.inputTokens}`);
  assert.ok(usage.outputTokens > 0, `outputTokens > 0, got ${usage.outputTokens}`);
  assert.equal(usage.totalTokens, usage.inputTokens + usage.outputTokens, 'totalTokens = input + output');
}

/** The parts of a one-step text stream, consecutive repeats collapsed. */
const TEXT_STREAM_PARTS = ['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'finish-step', 'finish'];

function checkGenerated(result, modelId) {
  assert.equal(typeof result.text, 'string');
  // The emulator echoes the prompt: it went through this runtime's request body intact.
  assert.ok(result.text.includes(PROMPT), `the answer echoes the prompt, got ${JSON.stringify(result.text)}`);
  assert.equal(result.finishReason, 'stop');
  assert.equal(result.modelId, modelId);
  checkUsage(result.usage);
  assert.deepEqual(result.warnings, []);
}

function checkStreamed(result, generated) {
  assert.ok(result.deltaCount >= 2, `the text arrives in several deltas, got ${result.deltaCount}`);
  assert.deepEqual(result.partTypes, TEXT_STREAM_PARTS);
  assert.ok(result.text.includes(PROMPT), `the streamed answer echoes the prompt, got ${JSON.stringify(result.text)}`);
  assert.equal(result.finishReason, 'stop');
  checkUsage(result.usage);
  assert.deepEqual(result.warnings, []);
  // The same prompt streamed gives the text generateText gave in this runtime.
  if (generated?.ok) assert.equal(result.text, generated.value.text, 'streamed text equals generated text');
}

function shapeCheck(name, value, checks) {
  switch (name) {
    case 'listModels':
      return checkModels(value);
    case 'catalog.page':
      return checkCatalogPage(value);
    case 'chat generateText':
      return checkGenerated(value, CHAT_MODEL);
    case 'messages generateText':
      return checkGenerated(value, MESSAGES_MODEL);
    case 'chat streamText':
      return checkStreamed(value, checks['chat generateText']);
    case 'messages streamText':
      return checkStreamed(value, checks['messages generateText']);
    default:
      throw new Error(`unknown check ${name}`);
  }
}

function failure(error) {
  return error instanceof assert.AssertionError
    ? error.message.split('\n').filter(Boolean).slice(0, 6).join(' ')
    : String(error?.message ?? error);
}

/**
 * Judges `observations` of `runtime` against `reference` (the Node run; undefined when judging the
 * reference itself). Returns `[{ title, ok, reason? }]`: the identity check, then one per check.
 */
export function judge(runtime, observations, reference) {
  const verdicts = [];
  try {
    IDENTITY[runtime](observations.runtime);
    verdicts.push({ title: 'runtime identity', ok: true });
  } catch (error) {
    verdicts.push({ title: 'runtime identity', ok: false, reason: `${failure(error)} (${JSON.stringify(observations.runtime)})` });
  }
  for (const name of CHECK_NAMES) {
    const observed = observations.checks?.[name];
    try {
      if (!observed) throw new Error('no observation');
      if (!observed.ok) {
        const { name: errorName, message, statusCode } = observed.error;
        throw new Error(`${errorName}${statusCode ? ` (HTTP ${statusCode})` : ''}: ${message}`);
      }
      shapeCheck(name, observed.value, observations.checks);
      const expected = reference?.checks?.[name];
      if (expected?.ok) assert.deepEqual(observed.value, expected.value, 'equals the Node reference run');
      verdicts.push({ title: name, ok: true });
    } catch (error) {
      verdicts.push({ title: name, ok: false, reason: failure(error) });
    }
  }
  return verdicts;
}

/** Every check of `runtime` failed for one reason (the runtime could not run at all). */
export function allFailed(reason) {
  return ['runtime identity', ...CHECK_NAMES].map(title => ({ title, ok: false, reason }));
}
