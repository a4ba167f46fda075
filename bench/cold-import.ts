/**
 * Cold import time: a fresh `node` per sample imports the built entry and prints how long the import
 * took. Runs are interleaved between entries. The first call after it (`measureFirstCall`): a fresh
 * `node` per sample imports the entry, makes a chat model and times its first `doGenerate`, which for
 * this package includes loading the calls it keeps out of the import (issue 32: the bench shows what the
 * first call of a kind pays).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { median, spread } from './measure';
import type { Series } from './interleave';

const root = fileURLToPath(new URL('..', import.meta.url));
export const OWN_DIST_ENTRY = join(root, 'dist/index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Makes sure dist/ exists and is not older than src/ (runs `npm run build`, at most 3 minutes).
 * Returns a note for the report, or throws when there is no dist to measure.
 */
export function ensureBuilt(allowBuild: boolean): string {
  const present = existsSync(OWN_DIST_ENTRY);
  const stale = present && statSync(OWN_DIST_ENTRY).mtimeMs < newestMtime(join(root, 'src'));
  if (present && !stale) return 'dist/ up to date';
  if (!allowBuild) {
    if (!present) throw new Error('dist/index.js is missing and --no-build was given');
    return 'dist/ is OLDER than src/ (--no-build): figure is for the old build';
  }
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', timeout: 180_000 });
  if (built.status === 0 && existsSync(OWN_DIST_ENTRY))
    return present ? 'dist/ rebuilt (was older than src/)' : 'dist/ built';
  const tail = `${built.stderr ?? ''}${built.stdout ?? ''}`.trim().split('\n').slice(-5).join(' | ');
  if (existsSync(OWN_DIST_ENTRY)) return `npm run build failed, measured the existing dist/: ${tail}`;
  throw new Error(`npm run build failed: ${tail}`);
}

function importOnce(entry: string): number {
  const script = `const t=performance.now(); await import(${JSON.stringify(pathToFileURL(entry).href)}); console.log(performance.now()-t)`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  const ms = Number(run.stdout.trim());
  if (run.status !== 0 || !Number.isFinite(ms))
    throw new Error(`import of ${entry} failed: ${run.stderr.trim().slice(0, 300)}`);
  return ms;
}

/** How one contender's fresh process makes its chat model: `m` is the imported entry, `url` the upstream. */
export interface FirstCallEntry {
  entry: string;
  /** An expression over `m`, `url` and `id` giving a chat model. */
  model: string;
}

function firstCallOnce({ entry, model }: FirstCallEntry, upstream: string, modelId: string): number {
  const script = [
    `const m = await import(${JSON.stringify(pathToFileURL(entry).href)});`,
    `const url = ${JSON.stringify(upstream)}, id = ${JSON.stringify(modelId)};`,
    `const model = ${model};`,
    "const prompt = [{ role: 'user', content: [{ type: 'text', text: 'Say something.' }] }];",
    'const t = performance.now(); const r = await model.doGenerate({ prompt });',
    "if (!r.content.some(part => part.type === 'text' && part.text.length > 0)) throw new Error('no text');",
    'console.log(performance.now() - t);',
  ].join('\n');
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  const ms = Number(run.stdout.trim());
  if (run.status !== 0 || !Number.isFinite(ms))
    throw new Error(`first call through ${entry} failed: ${run.stderr.trim().slice(0, 300)}`);
  return ms;
}

/** The first `doGenerate` after a cold import, per contender, interleaved like the import row. */
export function measureFirstCall(
  entries: Record<string, FirstCallEntry>,
  upstream: string,
  modelId: string,
  runs: number,
): Record<string, Series> {
  return measureFresh(Object.keys(entries), runs, name => firstCallOnce(entries[name], upstream, modelId));
}

export function measureColdImport(entries: Record<string, string>, runs: number): Record<string, Series> {
  return measureFresh(Object.keys(entries), runs, name => importOnce(entries[name]));
}

function measureFresh(names: string[], runs: number, sample: (name: string) => number): Record<string, Series> {
  const results: Record<string, Series> = {};
  for (const name of names) results[name] = { samples: [], median: Number.NaN, spread: 0 };
  // One untimed round first: the file system cache is warm for everyone alike.
  for (let r = -1; r < runs; r++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + Math.max(r, 0)) % names.length];
      const series = results[name];
      if (series.error) continue;
      try {
        const ms = sample(name);
        if (r >= 0) series.samples.push(ms);
      } catch (error) {
        series.error = error instanceof Error ? error.message : String(error);
      }
    }
  }
  for (const series of Object.values(results)) {
    series.median = median(series.samples);
    series.spread = spread(series.samples);
  }
  return results;
}
