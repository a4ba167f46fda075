// The package.json that `npm pack` and `npm publish` ship, set by the `prepack` and `postpack` scripts.
//
// The repository's package.json keeps two things for the repository alone: `prepare`, which builds
// dist/ when the package is installed from git (npm runs a git dependency's `prepare` in its clone),
// and `allowScripts`, the repository's approval of its development packages' install scripts (npm
// reads it only in the project being installed). In the tarball neither means anything: scripts/ is
// not packed, and dist/ is already in it. A `prepare` there would also make npm 11 list the package
// under "install scripts not yet covered by allowScripts" on every install from the tarball.
//
// The repository has no URL of its own in this checkout's files: `repository` is whatever remote it
// was cloned from. So when package.json has no `repository`, the packed one gets the URL of the
// checkout's `origin` remote (a network URL only, without any credentials in it); npm derives
// `homepage` and `bugs` from it on publish for the hosts it knows (GitHub, GitLab, Bitbucket).
// Without such a remote the field stays out: no host is made up.
//
//   node scripts/pack-manifest.mjs strip     (prepack) builds dist/ if stale, since `prepare` no longer
//                                             runs during the pack, then writes package.json without
//                                             them, the original kept in BACKUP
//   node scripts/pack-manifest.mjs restore   (postpack) puts the original back
//
// One pack at a time in a checkout: `strip` refuses to start while BACKUP exists, which is also what an
// interrupted pack leaves (`restore` then puts the original back). The install lane packs a clone of its
// own, so it can run beside the README lane's pack.
import { existsSync } from 'node:fs';
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBounded } from '../test-runtimes/bounded-process.mjs';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MANIFEST = join(root, 'package.json');
export const BACKUP = join(root, '.package.json.before-pack');

/**
 * package.json's `repository` for a git remote URL: `{ type: 'git', url }` for a network URL (https,
 * ssh, git, or scp-like `user@host:path`) with any user name and password removed from https URLs;
 * undefined for a local path or `file:` URL, which means nothing to anyone else.
 */
export function repositoryOf(remote) {
  const url = remote?.trim() ?? '';
  if (/^(https?|ssh|git\+ssh|git):\/\//.test(url)) {
    const parsed = new URL(url);
    if (parsed.protocol.startsWith('http')) {
      parsed.username = '';
      parsed.password = '';
    } else parsed.password = '';
    const text = parsed.href;
    return { type: 'git', url: /^(git|git\+ssh):/.test(text) ? text : `git+${text}` };
  }
  const scp = /^(?:([\w.-]+)@)?([\w.-]+):(?!\/\/)(.+)$/.exec(url);
  if (scp === null || /^[a-z]$/i.test(scp[2])) return undefined; // `C:\...` is a Windows path
  return { type: 'git', url: `git+ssh://${scp[1] === undefined ? '' : `${scp[1]}@`}${scp[2]}/${scp[3]}` };
}

/**
 * The manifest as packed: without the `prepare` script and the `allowScripts` policy, and with
 * `repository` from the checkout's remote when it has none (see above).
 */
export function packedManifest(manifest, remote) {
  const { allowScripts, ...rest } = manifest;
  const { prepare, ...scripts } = manifest.scripts ?? {};
  const packed = manifest.scripts === undefined ? rest : { ...rest, scripts };
  const repository = manifest.repository ?? repositoryOf(remote);
  return repository === undefined ? packed : { ...packed, repository };
}

/** The URL of the checkout's `origin` remote, or undefined. */
async function originUrl() {
  const result = await runBounded('git', ['remote', 'get-url', 'origin'], {
    cwd: root,
    timeoutMs: 10_000,
    env: process.env,
  });
  return result.code === 0 ? result.stdout.trim() : undefined;
}

// package.json's time is the original's throughout: build-if-stale.mjs reads it, and a pack changes nothing
// that dist/ is built from.
async function writeKeepingTime(path, text, { atime, mtime }) {
  await writeFile(path, text);
  await utimes(path, atime, mtime);
}

/** Puts the original package.json back, when a pack left it aside. */
export async function restore() {
  if (!existsSync(BACKUP)) return 'package.json is the original';
  await writeKeepingTime(MANIFEST, await readFile(BACKUP, 'utf8'), await stat(BACKUP));
  await rm(BACKUP);
  return 'package.json restored';
}

export async function strip() {
  if (existsSync(BACKUP)) {
    throw new Error(
      `${BACKUP} exists: another pack is running here, or one was interrupted (then \`node scripts/pack-manifest.mjs restore\` puts the original package.json back)`,
    );
  }
  const built = await buildIfStale();
  const original = await readFile(MANIFEST, 'utf8');
  const times = await stat(MANIFEST);
  await writeKeepingTime(BACKUP, original, times);
  const packed = packedManifest(JSON.parse(original), await originUrl());
  await writeKeepingTime(MANIFEST, `${JSON.stringify(packed, null, 2)}\n`, times);
  return `${built}; package.json stripped for the pack`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = { strip, restore }[process.argv[2]];
  if (command === undefined) {
    console.error('usage: node scripts/pack-manifest.mjs strip|restore');
    process.exit(2);
  }
  command().then(
    what => console.error(`pack-manifest: ${what}`),
    error => {
      console.error(`pack-manifest: ${error.message}`);
      process.exit(1);
    },
  );
}
