// Builds dist/ only when it is missing or older than its sources. It is the package's `prepare`
// script, so a git install (which has no dist/) builds, while `npm pack`, `attw --pack` and the test
// lanes after `npm ci` (which already built) don't build again. `npm run build` always builds.
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBounded } from '../test-runtimes/bounded-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUILD_TIMEOUT_MS = 180_000;
const OUTPUTS = [
  ...['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts'].flatMap(file => [`dist/${file}`, `dist/testing/${file}`]),
  'dist/v4/index.js',
  'dist/v4/index.d.ts',
];
const INPUTS = ['src', 'tsup.config.ts', 'tsconfig.json', 'package.json'];

async function newestMtime(path) {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

async function isFresh() {
  const outputs = OUTPUTS.map(file => join(root, file));
  if (!outputs.every(existsSync)) return false;
  const built = Math.min(...(await Promise.all(outputs.map(file => stat(file)))).map(info => info.mtimeMs));
  const inputs = INPUTS.map(file => join(root, file)).filter(existsSync);
  return built >= Math.max(...(await Promise.all(inputs.map(newestMtime))));
}

/** Resolves with what it did; throws with the end of the build's output if the build fails. */
export async function buildIfStale() {
  if (await isFresh()) return 'dist is up to date';
  const result = await runBounded('npm', ['run', 'build'], {
    cwd: root,
    timeoutMs: BUILD_TIMEOUT_MS,
    env: process.env,
  });
  if (result.code !== 0) {
    const how = result.timedOut ? `timed out after ${BUILD_TIMEOUT_MS} ms` : `exited with code ${result.code}`;
    const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-10).join(' | ');
    throw new Error(`npm run build ${how}: ${tail}`);
  }
  return 'built dist';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale().then(
    what => console.log(`build: ${what}`),
    error => {
      console.error(`build: ${error.message}`);
      process.exit(1);
    },
  );
}
