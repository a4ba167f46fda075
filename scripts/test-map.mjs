#!/usr/bin/env node
// Which tests cover each file of src/ (the emulator, src/testing/, aside), found from the file's name:
// 1. same name: test/**/<name>.test.ts (.node.test.ts, .types.ts), the name with or without `unigate-`;
// 2. imports it: the test files whose imports (import() included) resolve to the file;
// 3. declared: for a file that neither finds (wire types, shells, code reached through another file),
//    the tests named in DECLARED below.
// The map is the table between the test-map markers of docs/testing.md. `npm run test:map` rewrites it;
// without --write the script only checks it (test/scripts/test-map.node.test.ts runs the same check): it
// fails when a source file has no test, a declared test is missing, or the table is stale.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { resolveSpecifier } from './check-import-cycles.mjs';

/** Tests of the files whose name finds none and which no test imports: each named by what it covers. */
export const DECLARED = {
  'src/budget/budget-admission.ts': ['test/budget/budget-limits.test.ts', 'test/budget/budget-reservation.test.ts'],
  'src/budget/budget-types.ts': ['test/budget/budget-limits.test.ts', 'test/types/public-api.types.ts'],
  'src/budget/charge-types.ts': ['test/budget/charge-events.test.ts', 'test/types/public-api.types.ts'],
  'src/budget/budget-calls.ts': ['test/budget/budget-charges.test.ts', 'test/budget/budget-limits.test.ts'],
  'src/budget/budget-models.ts': ['test/budget/budget-model-kinds.test.ts'],
  'src/budget/budget-store-calls.ts': ['test/budget/budget-stores.test.ts'],
  'src/budget/budget-store-guard.ts': ['test/budget/budget-stores.test.ts', 'test/budget/budget-limits.test.ts'],
  'src/catalog/catalog-api-types.ts': ['test/catalog/catalog.test.ts'],
  'src/catalog/catalog-entry.ts': ['test/catalog/catalog.test.ts', 'test/catalog/catalog-cache.test.ts'],
  'src/catalog/catalog-requests.ts': ['test/catalog/catalog.test.ts', 'test/catalog/catalog-arguments.test.ts'],
  'src/chat/chat-api-types.ts': ['test/chat/chat-generate.test.ts', 'test/chat/chat-stream.test.ts'],
  'src/chat/unigate-chat-language-model.ts': ['test/chat/chat-request.test.ts', 'test/chat/chat-ai-sdk.test.ts'],
  'src/fallback/create-fallback.ts': ['test/fallback/unigate-fallback-model.test.ts'],
  'src/fallback/fallback-failure.ts': ['test/fallback/fallback-foreign-errors.test.ts'],
  'src/fallback/fallback-stream.ts': ['test/fallback/fallback-own-stream.test.ts'],
  'src/fallback/run-fallback.ts': ['test/fallback/unigate-fallback-model.test.ts'],
  'src/image/image-api-types.ts': ['test/image/image-model-calls.test.ts'],
  'src/messages/messages-api-types.ts': [
    'test/messages/messages-generate.test.ts',
    'test/messages/messages-stream.test.ts',
  ],
  'src/messages/unigate-messages-language-model.ts': [
    'test/messages/messages-request.test.ts',
    'test/messages/messages-ai-sdk.test.ts',
  ],
  'src/model-call/model-context.ts': [
    'test/messages/messages-cache-breakpoints.test.ts',
    'test/provider/language-model-format.test.ts',
  ],
  'src/pricing/price-types.ts': ['test/pricing/check-pricing.test.ts', 'test/types/public-api.types.ts'],
  'src/resume/resume-types.ts': ['test/messages/messages-resume.test.ts', 'test/chat/unigate-chat-options.test.ts'],
  'src/provider/check-settings.ts': ['test/unigate-provider.test.ts'],
  'src/provider/unigate-provider-shape.ts': ['test/unigate-provider.test.ts', 'test/types/public-api.types.ts'],
  'src/settings/model-kind.ts': ['test/checks/check-model-id.test.ts'],
  'src/settings/unigate-provider-settings.ts': ['test/unigate-provider.test.ts', 'test/types/public-api.types.ts'],
  'src/spec-adapters/v3-as-v4-calls.ts': ['test/spec-adapters/v3-as-v4.test.ts'],
  'src/spec-adapters/v4-as-v3-calls.ts': ['test/spec-adapters/v4-as-v3.test.ts'],
  'src/streams/stream-state.ts': ['test/chat/chat-stream.test.ts', 'test/messages/messages-stream.test.ts'],
  'src/transcription/transcription-api-types.ts': ['test/transcription/transcription-model-calls.test.ts'],
  'src/v4/spec-view.ts': ['test/v4/unigate-language-model-v4.test.ts', 'test/v4/interrupted-stream.test.ts'],
  'src/v4/unigate-models-v4.ts': ['test/v4/unigate-language-model-v4.test.ts', 'test/v4/unigate-provider-v4.test.ts'],
  'src/video/video-api-types.ts': ['test/video/video-model.test.ts', 'test/video/video-jobs.test.ts'],
  'src/video/video-job.ts': ['test/video/video-jobs.test.ts', 'test/video/video-model.test.ts'],
};

const START = '<!-- test-map:start -->';
const END = '<!-- test-map:end -->';
const TEST_FILE = /\.(node\.)?test\.ts$|\.types\.ts$/;

function walk(dir) {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The files `file` imports (value, type or import()), as paths from `root`. */
function importsOf(root, file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  const found = new Set();
  for (const { fileName } of importedFiles) {
    const target = resolveSpecifier(resolve(root, file), fileName);
    if (target !== undefined) found.add(relative(root, target));
  }
  return found;
}

const stem = file => basename(file).replace(TEST_FILE, '').replace(/\.ts$/, '');

/** One row per source file: `{ source, tests, how }`, `how` being 'same name', 'imports it', 'declared' or 'none'. */
export function testMap(root, declared = DECLARED) {
  const sources = walk(join(root, 'src'))
    .map(file => relative(root, file))
    .filter(file => file.endsWith('.ts') && !file.startsWith('src/testing/'))
    .sort();
  const tests = walk(join(root, 'test'))
    .map(file => relative(root, file))
    .filter(file => TEST_FILE.test(file))
    .sort();
  const imports = new Map(tests.map(test => [test, importsOf(root, test)]));
  return sources.map(source => {
    const names = [stem(source), stem(source).replace(/^unigate-/, '')];
    const same = tests.filter(test => names.includes(stem(test)));
    if (same.length > 0) return { source, tests: same, how: 'same name' };
    const importing = tests.filter(test => imports.get(test).has(source));
    if (importing.length > 0) return { source, tests: importing, how: 'imports it' };
    if (declared[source]) return { source, tests: declared[source], how: 'declared' };
    return { source, tests: [], how: 'none' };
  });
}

/** The table as docs/testing.md holds it. */
export function renderMap(rows) {
  const counts = ['same name', 'imports it', 'declared'].map(how => rows.filter(row => row.how === how).length);
  const lines = [
    `${rows.length} source files: ${counts[0]} by a test of the same name, ${counts[1]} by the tests that import them, ${counts[2]} declared in \`scripts/test-map.mjs\`.`,
    '',
    '| source file | tests | found by |',
    '| --- | --- | --- |',
    ...rows.map(
      ({ source, tests, how }) => `| \`${source}\` | ${tests.map(test => `\`${test}\``).join(', ')} | ${how} |`,
    ),
  ];
  return `${START}\n${lines.join('\n')}\n${END}`;
}

/** What is wrong with the map of `root`: sources without tests, declared tests that do not exist, a stale table. */
export function mapProblems(root, declared = DECLARED) {
  const rows = testMap(root, declared);
  const problems = rows
    .filter(row => row.how === 'none')
    .map(
      row =>
        `${row.source} has no test: add test/<folder>/${stem(row.source)}.test.ts, or name its tests in DECLARED (scripts/test-map.mjs)`,
    );
  for (const row of rows.filter(row => row.how === 'declared'))
    for (const test of row.tests.filter(test => !existsSync(join(root, test))))
      problems.push(`${row.source}: the declared test ${test} does not exist`);
  // A declared file that now has a test of its name, or one importing it, is found that way: no harm.
  for (const source of Object.keys(declared).filter(source => !rows.some(row => row.source === source)))
    problems.push(`DECLARED names ${source}, which is not in src/ any more: remove it`);
  const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8');
  const current = doc.slice(doc.indexOf(START), doc.indexOf(END) + END.length);
  if (current !== renderMap(rows)) problems.push('docs/testing.md: the test map is stale: run npm run test:map');
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const root = resolve(new URL('..', import.meta.url).pathname);
  if (process.argv.includes('--write')) {
    const path = join(root, 'docs/testing.md');
    const doc = readFileSync(path, 'utf8');
    const table = renderMap(testMap(root));
    const start = doc.indexOf(START);
    writeFileSync(
      path,
      start === -1
        ? `${doc.trimEnd()}\n\n${table}\n`
        : doc.slice(0, start) + table + doc.slice(doc.indexOf(END) + END.length),
    );
  }
  const problems = mapProblems(root);
  for (const problem of problems) console.error(`test map: ${problem}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
