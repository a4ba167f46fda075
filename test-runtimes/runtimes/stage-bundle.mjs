// A runtime's own directory in the run's work dir: the bundle as smoke-checks.js (what the runner and
// the worker import) beside the file that runs it.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Makes `workDir/name` with the bundle and `runnerPath` (as `runnerName`) in it; resolves with its path. */
export async function stageBundle({ workDir, name, bundlePath, runnerPath, runnerName = 'runner.mjs' }) {
  const dir = join(workDir, name);
  await mkdir(dir, { recursive: true });
  await copyFile(bundlePath, join(dir, 'smoke-checks.js'));
  await copyFile(runnerPath, join(dir, runnerName));
  return dir;
}
