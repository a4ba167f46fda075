// Bun: the bundle under `bun`, with auto-install off (the bundle has no package imports).
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runBounded } from '../bounded-process.mjs';
import { readObservations } from './cli-output.mjs';

export async function runBun({
  binDir,
  bundlePath,
  runnerPath,
  workDir,
  siteURL,
  apiKey,
  redirectBase,
  baseEnv,
  timeoutMs,
}) {
  const dir = join(workDir, 'bun');
  await mkdir(dir, { recursive: true });
  await copyFile(bundlePath, join(dir, 'smoke-checks.js'));
  await copyFile(runnerPath, join(dir, 'runner.mjs'));
  const result = await runBounded(join(binDir, 'bun'), ['--no-install', 'runner.mjs', siteURL, apiKey, redirectBase], {
    cwd: dir,
    timeoutMs,
    env: { ...baseEnv, DO_NOT_TRACK: '1', NO_COLOR: '1', BUN_INSTALL_CACHE_DIR: join(dir, 'cache') },
  });
  return readObservations('bun', result, timeoutMs);
}
