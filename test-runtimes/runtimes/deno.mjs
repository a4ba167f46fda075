// Deno: the bundle under `deno run`, allowed to reach only the loopback host:ports of the gateway, the
// redirect check's server and its foreign host (so a leak would arrive there and be seen, not be denied).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runBounded } from '../bounded-process.mjs';
import { readObservations } from './cli-output.mjs';
import { stageBundle } from './stage-bundle.mjs';

export async function runDeno({
  binDir,
  bundlePath,
  runnerPath,
  workDir,
  siteURL,
  apiKey,
  redirectBase,
  foreignURL,
  baseEnv,
  timeoutMs,
}) {
  const hosts = [siteURL, redirectBase, foreignURL].map(url => new URL(url).host).join(',');
  const dir = await stageBundle({ workDir, name: 'deno', bundlePath, runnerPath });
  await mkdir(join(dir, 'cache'), { recursive: true });
  const result = await runBounded(
    join(binDir, 'deno'),
    [
      'run',
      '--no-prompt',
      '--no-config',
      '--no-lock',
      '--no-remote',
      '--no-npm',
      `--allow-net=${hosts}`,
      'runner.mjs',
      siteURL,
      apiKey,
      redirectBase,
    ],
    {
      cwd: dir,
      timeoutMs,
      env: { ...baseEnv, DENO_DIR: join(dir, 'cache'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    },
  );
  return readObservations('deno', result, timeoutMs);
}
