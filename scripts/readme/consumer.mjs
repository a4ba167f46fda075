// A fresh consumer project for the README lane: the PACKED package (the tarball `npm pack` makes, as
// a user would download it) unpacked into node_modules, and everything else a user would install
// linked from this repository's node_modules, so the lane needs no network: `ai` is the repo's ai@6,
// or its ai@7 (the `ai7` alias) under the name `ai`.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runBounded } from '../../test-runtimes/bounded-process.mjs';

const PACK_TIMEOUT_MS = 240_000;

/** Files an installed or packed package must hold: the root and testing entries, ESM and CJS, with types; /v4, ESM. */
export const PACKED_FILES = [
  ...['index', 'testing/index'].flatMap(entry => ['js', 'cjs', 'd.ts', 'd.cts'].map(ext => `dist/${entry}.${ext}`)),
  'dist/v4/index.js',
  'dist/v4/index.d.ts',
];

/** Environment for a child npm: without the npm_* variables of the `npm test` that started the lane. */
export function cleanNpmEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false', ...extra };
}

function failure(what, result, timeoutMs) {
  const how = result.timedOut ? `timed out after ${timeoutMs} ms` : `exited with code ${result.code}`;
  const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-12).join(' | ');
  return new Error(`${what} ${how}: ${tail}`);
}

/** `npm pack` of the repository (its `prepare` builds dist/ if stale); resolves with the tarball's path. */
export async function packPackage(root, destination) {
  const args = ['pack', '--json', '--pack-destination', destination];
  const result = await runBounded('npm', args, { cwd: root, timeoutMs: PACK_TIMEOUT_MS, env: cleanNpmEnv() });
  if (result.code !== 0) throw failure('npm pack', result, PACK_TIMEOUT_MS);
  const [{ filename, files }] = JSON.parse(result.stdout.slice(result.stdout.indexOf('[')));
  return { tarball: join(destination, filename), files: files.map(file => file.path) };
}

async function link(root, consumer, name, from = name) {
  const target = join(consumer, 'node_modules', name);
  await mkdir(dirname(target), { recursive: true });
  await symlink(join(root, 'node_modules', from), target, 'dir');
}

/** What a reader installs for a block beside this package: the onCharge ledger block's Postgres client. */
const BLOCK_PACKAGES = ['pg', '@types/pg'];

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  },
  include: ['blocks/*.ts'],
};

/**
 * Makes `dir` a consumer project of the packed package with `ai` linked from `aiFrom` (`ai` or `ai7`
 * in the repo's node_modules): package.json (ESM), a strict tsconfig, and node_modules. The package's
 * dependencies and peers are linked from the repo's node_modules, or from `peersFrom[name]` there.
 */
export async function createConsumer({ root, dir, tarball, aiFrom, peersFrom = {} }) {
  const packageDir = join(dir, 'node_modules', 'unigate-ai-provider');
  await mkdir(packageDir, { recursive: true });
  const untar = await runBounded('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], {
    timeoutMs: 60_000,
  });
  if (untar.code !== 0) throw failure(`tar -xzf ${tarball}`, untar, 60_000);
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  const deps = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  for (const name of [...deps, '@types/node', ...BLOCK_PACKAGES]) await link(root, dir, name, peersFrom[name]);
  await link(root, dir, 'ai', aiFrom);
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'readme-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  await writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  await mkdir(join(dir, 'blocks'), { recursive: true });
}
