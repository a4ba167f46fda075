// npm test's install lane: the package installed as a user installs it, each way into a fresh project.
//
// From the packed tarball (what a registry install downloads): the committed HEAD is cloned and packed
// there (`prepack` builds dist/ and strips the repository-only fields from package.json, see
// scripts/pack-manifest.mjs; a clone of its own, so the lane can run beside the README lane's pack).
// The packed package.json must hold no install script, and installing the tarball must make npm print
// no install-scripts warning for the package.
//
// From git (`npm install git+<url>` before the package is on npm): HEAD by git+file URL. npm clones it,
// installs its devDependencies and runs `prepare`, which builds dist/. npm 11 then lists the package
// under "install scripts not yet covered by allowScripts"; `npm install-scripts approve` cannot record
// a git dependency outside GitHub, GitLab and Bitbucket ("no trusted identity"), and the README's
// `npm pkg set "allowScripts[<url>]=true" --json` does: a fresh install after it is quiet.
//
// The tarball goes into two apps, in one step each, as the README's install line puts it (`npm install
// unigate-ai-provider ai zod`): an ai@6 app, which loads the root entry (import and require), and an ai@7
// app, which loads `unigate-ai-provider/v4` (import; on Node 22, as ai@7 needs). Each makes one
// generateText against the emulator. @ai-sdk/provider and @ai-sdk/provider-utils are peers of the
// package, so each app must end with exactly one copy of each, the one its `ai` uses (3.x and 4.x for
// ai@6, 4.x and 5.x for ai@7): the ai@6 app after the `npm dedupe` the README gives it, since npm gives the
// peer the newest provider-utils 4.x while ai@6 pins its own. The lane prints what each app installed
// (docs/install-footprint.md records it). npm installs everything, `ai` at the ranges of this
// repository's devDependencies, preferring the cache `npm ci` filled.
//
// The git install's `ai` is linked from this repository's node_modules (the exact ai@6 the other lanes
// test with). Writes .test-results/install.json. Uncommitted changes are not tested: commit first.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { runBounded } from '../test-runtimes/bounded-process.mjs';
import { writeLaneReport } from './lane-report.mjs';
import { node22Path } from './node22.mjs';
import { cleanNpmEnv, PACKED_FILES } from './readme/consumer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const NAME = 'unigate-ai-provider';
const INSTALL_TIMEOUT_MS = 900_000;
const PACK_TIMEOUT_MS = 300_000;
const RUN_TIMEOUT_MS = 30_000;
const PACKED = 'install from the packed tarball';
const GIT = 'install from git';
// The packed clone's origin: the packed manifest's `repository` comes from it, without the credentials.
const CLONE_REMOTE = 'https://lane:secret@git.example.test/team/unigate-ai-provider.git';
const CLONE_REPOSITORY = { type: 'git', url: 'git+https://git.example.test/team/unigate-ai-provider.git' };
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

const CALL = `
  const emulator = createUnigateEmulator();
  const model = createUnigate(emulator.settings)('gpt-4o-mini');
  const { text } = await generateText({ model, prompt: 'Say hi' });`;
const esmCheck = (entry = NAME) => `import { generateText } from 'ai';
import { createUnigate } from '${entry}';
import { createUnigateEmulator } from 'unigate-ai-provider/testing';
${CALL}
console.log(JSON.stringify({ text, spec: model.specificationVersion, entry: import.meta.resolve('${entry}') }));
`;
const CJS_CHECK = `const { generateText } = require('ai');
const { createUnigate } = require('unigate-ai-provider');
const { createUnigateEmulator } = require('unigate-ai-provider/testing');
(async () => {${CALL}
  console.log(JSON.stringify({ text, spec: model.specificationVersion, entry: require.resolve('unigate-ai-provider') }));
})().catch(error => { console.error(error); process.exit(1); });
`;

async function run(command, args, cwd, timeoutMs = 30_000) {
  const env = command === 'npm' ? cleanNpmEnv() : process.env;
  const result = await runBounded(command, args, { cwd, timeoutMs, env });
  const output = `${result.stdout}\n${result.stderr}`.trim();
  const how = result.timedOut ? `timed out after ${timeoutMs} ms` : `exited with code ${result.code}`;
  return {
    ok: result.code === 0,
    stdout: result.stdout,
    output,
    reason: `${command} ${args[0]} ${how}: ${tail(output)}`,
  };
}

const tail = (output, lines = 12) => output.split('\n').slice(-lines).join(' | ');

async function git(args, cwd = root) {
  const result = await run('git', args, cwd);
  if (!result.ok) throw new Error(result.reason);
  return result.stdout.trim();
}

/** The entry npm's install-scripts warning gives this package (`name@version (event: command)`), if any. */
function scriptWarningFor(output) {
  if (!output.includes('install scripts not yet covered by allowScripts')) return undefined;
  return output
    .split('\n')
    .find(line => /^npm warn install-scripts\s+unigate-ai-provider@/.test(line))
    ?.replace(/^npm warn install-scripts\s+/, '');
}

/** A fresh consumer project; `manifest` adds fields to its package.json. */
async function consumerIn(dir, manifest = {}) {
  await mkdir(dir, { recursive: true });
  const json = { name: 'install-check', private: true, ...manifest };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(json, null, 2)}\n`);
  return dir;
}

async function npmInstall(consumer, ...specs) {
  const args = ['install', ...specs, '--prefer-offline', '--no-audit', '--no-fund'];
  return run('npm', args, consumer, INSTALL_TIMEOUT_MS);
}

async function builtFiles(packageDir) {
  const missing = [];
  for (const file of PACKED_FILES) await stat(join(packageDir, file)).catch(() => missing.push(file));
  const hasSources = existsSync(join(packageDir, 'src'));
  const ok = missing.length === 0 && !hasSources;
  return { ok, reason: `missing: ${missing.join(', ') || 'nothing'}${hasSources ? '; src/ was installed too' : ''}` };
}

/** Runs `source` as `file` in the app; it must load `entry` (a dist/ file) and give a text and models of `spec`. */
async function importCheck(consumer, file, source, { entry, spec = 'v3', node = process.execPath }) {
  await writeFile(join(consumer, file), source);
  const result = await runBounded(node, [file], {
    cwd: consumer,
    timeoutMs: RUN_TIMEOUT_MS,
    env: { PATH: process.env.PATH },
  });
  if (result.code !== 0)
    return { ok: false, reason: `exited with code ${result.code}: ${result.stderr.trim().slice(0, 600)}` };
  const { text, spec: made, entry: loaded } = JSON.parse(result.stdout.trim().split('\n').pop());
  const ok = typeof text === 'string' && text.length > 0 && made === spec && loaded.replace(/\\/g, '/').endsWith(entry);
  return {
    ok,
    reason: `loaded ${loaded} (expected …${entry}), made ${made} models (expected ${spec}) and generateText gave ${JSON.stringify(text)}`,
  };
}

/** The root entry's ESM and CJS checks of an installed package (`ai` already in the app). */
async function rootLoadChecks(suite, consumer) {
  return [
    {
      suite,
      title: 'import (ESM) loads dist/index.js, V3 models, and generateText works',
      ...(await importCheck(consumer, 'check.mjs', esmCheck(), { entry: 'dist/index.js' })),
    },
    {
      suite,
      title: 'require (CJS) loads dist/index.cjs, V3 models, and generateText works',
      ...(await importCheck(consumer, 'check.cjs', CJS_CHECK, { entry: 'dist/index.cjs' })),
    },
  ];
}

/** The git install's checks: `ai` linked in from this repository first. */
async function loadChecks(suite, consumer) {
  await symlink(join(root, 'node_modules', 'ai'), join(consumer, 'node_modules', 'ai'), 'dir');
  return rootLoadChecks(suite, consumer);
}

/** `npm pack` in a clone of HEAD (node_modules linked from this checkout): the tarball and the checks on it. */
async function packClone(work, sha) {
  const clone = join(work, 'clone');
  await git(['clone', '--quiet', root, clone]);
  await git(['checkout', '--quiet', sha], clone);
  await git(['remote', 'set-url', 'origin', CLONE_REMOTE], clone);
  await symlink(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work], clone, PACK_TIMEOUT_MS);
  if (!packed.ok) return { checks: [{ suite: PACKED, title: 'npm pack succeeds', ok: false, reason: packed.reason }] };
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
  const tarball = join(work, filename);
  const manifest = JSON.parse(await git(['show', `${sha}:package.json`]));
  const shipped = JSON.parse((await run('tar', ['-xzOf', tarball, 'package/package.json'], work)).stdout);
  const left = await git(['status', '--porcelain', '--untracked-files=no'], clone);
  const scripts = INSTALL_SCRIPTS.filter(event => shipped.scripts?.[event] !== undefined);
  // A repository in package.json itself would win over the remote.
  const {
    allowScripts,
    repository = CLONE_REPOSITORY,
    scripts: { prepare, ...otherScripts },
    ...rest
  } = manifest;
  const { repository: shippedRepository, ...shippedRest } = shipped;
  const checks = [
    {
      suite: PACKED,
      title: 'the packed package.json has no install script and no allowScripts; the rest is the repository’s',
      ok: scripts.length === 0 && isDeepStrictEqual(shippedRest, { ...rest, scripts: otherScripts }),
      reason: `install scripts: ${scripts.join(', ') || 'none'}; allowScripts: ${JSON.stringify(shipped.allowScripts)}; packed: ${JSON.stringify(shippedRest).slice(0, 400)}`,
    },
    {
      suite: PACKED,
      title: 'its repository is the clone’s origin remote, without the credentials in it',
      ok: isDeepStrictEqual(shippedRepository, repository),
      reason: `repository: ${JSON.stringify(shippedRepository)}`,
    },
    {
      suite: PACKED,
      title: 'after the pack (postpack), the checkout’s package.json is the committed one again',
      ok: left === '' && !existsSync(join(clone, '.package.json.before-pack')),
      reason: `git status in the clone: ${JSON.stringify(left)}`,
    },
  ];
  return { tarball, checks };
}

/** The entry's check in the ai@7 app: `/v4`, imported on Node 22. */
async function v4LoadChecks(suite, consumer, node22) {
  const check = esmCheck(`${NAME}/v4`);
  const options = { entry: 'dist/v4/index.js', spec: 'v4', node: await node22 };
  return [
    {
      suite,
      title:
        'import (ESM, Node 22) of unigate-ai-provider/v4 loads dist/v4/index.js, V4 models, and generateText works',
      ...(await importCheck(consumer, 'check.mjs', check, options)),
    },
  ];
}

/**
 * The apps the tarball goes into, each with `ai` at the range of this repository's devDependency of
 * that major, and the majors of the one copy of the peers its `ai` brings. Both install all three at
 * once, as the README's install line does. With ai@6, npm gives the package's peers the newest in range
 * (provider-utils 4.0.66 when this was written) while ai@6 pins its own (4.0.65 in ai@6.0.326), so
 * provider-utils can be there more than once; the README says to run `npm dedupe`, and so does the app.
 */
async function apps() {
  const { devDependencies } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const ai6 = `ai@${devDependencies.ai}`;
  const ai7 = devDependencies.ai7.replace(/^npm:/, '');
  return [
    { name: 'ai@6 app', ai: ai6, alongside: [ai6, 'zod'], dedupe: true, peers: [3, 4], load: rootLoadChecks },
    { name: 'ai@7 app', ai: ai7, alongside: [ai7, 'zod'], dedupe: false, peers: [4, 5], load: v4LoadChecks },
  ];
}

/** Every package in `dir`'s node_modules, nested ones included: `{ name, version, path }`. */
async function installedPackages(dir, found = []) {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return found;
  for (const entry of await readdir(modules)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@')
      ? (await readdir(join(modules, entry))).map(name => `${entry}/${name}`)
      : [entry];
    for (const name of names) {
      const path = join(modules, name);
      if (!existsSync(join(path, 'package.json'))) continue;
      const { version } = JSON.parse(await readFile(join(path, 'package.json'), 'utf8'));
      found.push({ name, version, path });
      await installedPackages(path, found);
    }
  }
  return found;
}

const PEERS = ['@ai-sdk/provider', '@ai-sdk/provider-utils'];

/** Prints what the app holds (`when`: after which step); resolves with every installed package. */
async function printInstalled(app, consumer, when) {
  const packages = await installedPackages(consumer);
  const shown = packages
    .filter(({ name }) => name === 'ai' || name === 'zod' || name.startsWith('@ai-sdk/') || name === NAME)
    .map(({ name, version }) => `${name}@${version}`)
    .sort();
  console.log(`install: the ${app.name} holds ${packages.length} packages ${when}: ${shown.join(', ')}`);
  return packages;
}

/** What the app installed, printed; the check: one copy of each peer, of the majors its `ai` uses. */
async function footprintCheck(suite, app, consumer) {
  const packages = await printInstalled(app, consumer, app.dedupe ? 'after npm dedupe' : 'after the install');
  const copies = PEERS.map(peer => packages.filter(({ name }) => name === peer));
  const ok = copies.every((found, i) => found.length === 1 && Number(found[0].version.split('.')[0]) === app.peers[i]);
  const where = copies
    .flat()
    .map(({ name, version, path }) => `${name}@${version} at ${path.slice(consumer.length + 1)}`);
  return {
    suite,
    title: `one copy each of ${PEERS.join(' and ')}, ${app.peers.map(major => `${major}.x`).join(' and ')} (${app.ai}'s)`,
    ok,
    reason: where.join('; '),
  };
}

/** The app's installs (see apps()) in a fresh project, then its footprint and its entry's load checks. */
async function appChecks(work, tarball, app, node22) {
  const suite = `${PACKED}: ${app.name}`;
  const consumer = await consumerIn(join(work, app.name.replace(/\W+/g, '-')));
  const installed = await npmInstall(consumer, tarball, ...app.alongside);
  const title = ['npm install <tarball>', ...app.alongside].join(' ');
  const checks = [{ suite, title: `${title} succeeds`, ...installed }];
  if (!installed.ok) return checks;
  const warned = scriptWarningFor(installed.output);
  checks.push({
    suite,
    title: 'npm prints no install-scripts warning for the package',
    ok: warned === undefined,
    reason: `npm listed ${warned}`,
  });
  if (app.dedupe) {
    await printInstalled(app, consumer, 'after the install');
    const deduped = await run(
      'npm',
      ['dedupe', '--prefer-offline', '--no-audit', '--no-fund'],
      consumer,
      INSTALL_TIMEOUT_MS,
    );
    checks.push({ suite, title: 'then npm dedupe succeeds', ...deduped });
    if (!deduped.ok) return checks;
  }
  return [...checks, await footprintCheck(suite, app, consumer), ...(await app.load(suite, consumer, node22))];
}

async function packedChecks(work, sha) {
  const node22 = node22Path();
  node22.catch(() => {});
  const { tarball, checks } = await packClone(work, sha);
  if (tarball === undefined) return checks;
  for (const app of await apps()) checks.push(...(await appChecks(work, tarball, app, node22)));
  return checks;
}

/** The README's approval of a git dependency, then a fresh install of the same project. */
async function approvedInstall(consumer, url) {
  const approve = await run('npm', ['install-scripts', 'approve', NAME], consumer);
  const approveChecks = [
    {
      suite: GIT,
      title:
        '`npm install-scripts approve unigate-ai-provider` cannot record a git+file dependency (no trusted identity)',
      ok: !approve.ok && approve.output.includes('no trusted identity'),
      reason: `npm install-scripts approve ${approve.ok ? 'succeeded' : 'failed otherwise'}: ${tail(approve.output, 4)}`,
    },
  ];
  const set = await run('npm', ['pkg', 'set', `allowScripts[${url}]=true`, '--json'], consumer);
  const written = JSON.parse(await readFile(join(consumer, 'package.json'), 'utf8')).allowScripts;
  await rm(join(consumer, 'node_modules'), { recursive: true, force: true });
  await rm(join(consumer, 'package-lock.json'), { force: true });
  const again = set.ok ? await npmInstall(consumer) : set;
  const warned = again.ok ? scriptWarningFor(again.output) : undefined;
  const built = again.ok ? await builtFiles(join(consumer, 'node_modules', NAME)) : again;
  return [
    ...approveChecks,
    {
      suite: GIT,
      title: `after \`npm pkg set "allowScripts[<url>]=true" --json\`, a fresh install builds dist/ and prints no install-scripts warning for it`,
      ok: again.ok && warned === undefined && built.ok,
      reason: `allowScripts ${JSON.stringify(written)}; ${again.ok ? `npm listed ${warned}; ${built.reason}` : again.reason}`,
    },
  ];
}

async function gitChecks(work, sha) {
  const url = `git+file://${root.replace(/\/$/, '')}`;
  const consumer = await consumerIn(join(work, 'git-app'));
  const installed = await npmInstall(consumer, `${url}#${sha}`);
  const checks = [{ suite: GIT, title: `npm install ${url}#${sha.slice(0, 12)} succeeds`, ...installed }];
  if (!installed.ok) return checks;
  const packageDir = join(consumer, 'node_modules', NAME);
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  const warned = scriptWarningFor(installed.output);
  checks.push(
    {
      suite: GIT,
      title: `the installed package (${version}) has dist/ built by prepare, and no sources`,
      ...(await builtFiles(packageDir)),
    },
    {
      suite: GIT,
      title: 'before approval npm lists it under "install scripts not yet covered by allowScripts" (its prepare)',
      ok: warned?.startsWith(`${NAME}@${version} (prepare: `) === true,
      reason: `npm listed ${warned}`,
    },
    ...(await loadChecks(GIT, consumer)),
  );
  return [...checks, ...(await approvedInstall(consumer, url))];
}

async function laneChecks(work) {
  const sha = await git(['rev-parse', 'HEAD']);
  if ((await git(['status', '--porcelain'])) !== '')
    console.log(`install: uncommitted changes are not tested; installing HEAD ${sha}`);
  const packed = await packedChecks(work, sha);
  return [...packed, ...(await gitChecks(work, sha))];
}

async function main() {
  const startTime = Date.now();
  const work = await mkdtemp(join(tmpdir(), 'unigate-install-'));
  let checks;
  try {
    checks = await laneChecks(work);
  } catch (error) {
    checks = [{ suite: GIT, title: 'setup', ok: false, reason: String(error?.stack ?? error) }];
  } finally {
    await rm(work, { recursive: true, force: true });
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
