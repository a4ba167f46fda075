// Bun: the bundle under `bun`, with auto-install off (the bundle has no package imports).
import { join } from 'node:path';
import { runBounded } from '../bounded-process.mjs';
import { readObservations } from './cli-output.mjs';
import { stageBundle } from './stage-bundle.mjs';

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
  const dir = await stageBundle({ workDir, name: 'bun', bundlePath, runnerPath });
  const result = await runBounded(join(binDir, 'bun'), ['--no-install', 'runner.mjs', siteURL, apiKey, redirectBase], {
    cwd: dir,
    timeoutMs,
    env: { ...baseEnv, DO_NOT_TRACK: '1', NO_COLOR: '1', BUN_INSTALL_CACHE_DIR: join(dir, 'cache') },
  });
  return readObservations('bun', result, timeoutMs);
}
