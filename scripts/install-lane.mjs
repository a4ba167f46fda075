// npm test's install lane: what a user gets from `npm install git+<url>` before the package is on npm.
// It installs this repository's committed HEAD by git+file URL into a fresh consumer project (npm
// clones it, installs its devDependencies and runs `prepare`, which builds dist/), then imports the
// package with `import` and with `require` and makes one call against its emulator.
//
// The consumer's `ai` is linked from this repository's node_modules rather than installed: `ai` is no
// dependency of the package, and the link is the exact ai@6 the other lanes test with, needs no
// network and adds no install time. The package's own dependencies (and zod, its peer) are installed
// by npm as a user's install would, preferring the npm cache that `npm ci` filled.
// Writes .test-results/install.json. Uncommitted changes are not in a git install: commit first.
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBounded } from '../test-runtimes/bounded-process.mjs';
import { writeLaneReport } from './lane-report.mjs';
import { cleanNpmEnv, PACKED_FILES } from './readme/consumer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const INSTALL_TIMEOUT_MS = 900_000;
const RUN_TIMEOUT_MS = 30_000;
const SUITE = 'install from git';

const CALL = `
  const emulator = createUnigateEmulator();
  const { text } = await generateText({ model: createUnigate(emulator.settings)('gpt-4o-mini'), prompt: 'Say hi' });`;
const ESM_CHECK = `import { generateText } from 'ai';
import { createUnigate } from 'unigate-ai-provider';
import { createUnigateEmulator } from 'unigate-ai-provider/testing';
${CALL}
console.log(JSON.stringify({ text, entry: import.meta.resolve('unigate-ai-provider') }));
`;
const CJS_CHECK = `const { generateText } = require('ai');
const { createUnigate } = require('unigate-ai-provider');
const { createUnigateEmulator } = require('unigate-ai-provider/testing');
(async () => {${CALL}
  console.log(JSON.stringify({ text, entry: require.resolve('unigate-ai-provider') }));
})().catch(error => { console.error(error); process.exit(1); });
`;

async function git(args) {
  const result = await runBounded('git', args, { cwd: root, timeoutMs: 30_000, env: process.env });
  if (result.code !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

async function install(consumer, spec) {
  await writeFile(
    join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'install-check', private: true }, null, 2)}\n`,
  );
  const args = ['install', spec, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
  const result = await runBounded('npm', args, { cwd: consumer, timeoutMs: INSTALL_TIMEOUT_MS, env: cleanNpmEnv() });
  if (result.code === 0) return { ok: true };
  const how = result.timedOut ? `timed out after ${INSTALL_TIMEOUT_MS} ms` : `exited with code ${result.code}`;
  return {
    ok: false,
    reason: `npm install ${how}: ${`${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-12).join(' | ')}`,
  };
}

async function builtFiles(packageDir) {
  const missing = [];
  for (const file of PACKED_FILES) await stat(join(packageDir, file)).catch(() => missing.push(file));
  const hasSources = await stat(join(packageDir, 'src')).then(
    () => true,
    () => false,
  );
  const ok = missing.length === 0 && !hasSources;
  return { ok, reason: `missing: ${missing.join(', ') || 'nothing'}${hasSources ? '; src/ was installed too' : ''}` };
}

async function importCheck(consumer, file, source, entry) {
  await writeFile(join(consumer, file), source);
  const result = await runBounded(process.execPath, [file], {
    cwd: consumer,
    timeoutMs: RUN_TIMEOUT_MS,
    env: { PATH: process.env.PATH },
  });
  if (result.code !== 0)
    return { ok: false, reason: `exited with code ${result.code}: ${result.stderr.trim().slice(0, 600)}` };
  const { text, entry: loaded } = JSON.parse(result.stdout.trim().split('\n').pop());
  const ok = typeof text === 'string' && text.length > 0 && loaded.replace(/\\/g, '/').endsWith(entry);
  return { ok, reason: `loaded ${loaded} (expected …${entry}) and generateText gave ${JSON.stringify(text)}` };
}

async function laneChecks(consumer) {
  const sha = await git(['rev-parse', 'HEAD']);
  if ((await git(['status', '--porcelain'])) !== '')
    console.log(`install: uncommitted changes are not tested; installing HEAD ${sha}`);
  const spec = `git+file://${root.replace(/\/$/, '')}#${sha}`;
  const installed = {
    suite: SUITE,
    title: `npm install git+file://<this repository>#${sha.slice(0, 12)} succeeds`,
    ...(await install(consumer, spec)),
  };
  if (!installed.ok) return [installed];
  const packageDir = join(consumer, 'node_modules', 'unigate-ai-provider');
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  await symlink(join(root, 'node_modules', 'ai'), join(consumer, 'node_modules', 'ai'), 'dir');
  return [
    installed,
    {
      suite: SUITE,
      title: `the installed package (${version}) has dist/ built by prepare, and no sources`,
      ...(await builtFiles(packageDir)),
    },
    {
      suite: SUITE,
      title: 'import (ESM) loads dist/index.js and generateText works',
      ...(await importCheck(consumer, 'check.mjs', ESM_CHECK, 'dist/index.js')),
    },
    {
      suite: SUITE,
      title: 'require (CJS) loads dist/index.cjs and generateText works',
      ...(await importCheck(consumer, 'check.cjs', CJS_CHECK, 'dist/index.cjs')),
    },
  ];
}

async function main() {
  const startTime = Date.now();
  const consumer = await mkdtemp(join(tmpdir(), 'unigate-install-'));
  let checks;
  try {
    checks = await laneChecks(consumer);
  } catch (error) {
    checks = [{ suite: SUITE, title: 'setup', ok: false, reason: String(error?.stack ?? error) }];
  } finally {
    await rm(consumer, { recursive: true, force: true });
  }
  const failed = await writeLaneReport(join(root, '.test-results', 'install.json'), checks, startTime);
  const seconds = ((Date.now() - startTime) / 1000).toFixed(1);
  console.log(`install: ${checks.length - failed} passed, ${failed} failed in ${seconds}s`);
  return failed === 0 ? 0 : 1;
}

main().then(
  code => process.exit(code),
  error => {
    console.error(`install: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
