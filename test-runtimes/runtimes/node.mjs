// Node 22 for the /v4 runs (ai@7 needs Node >= 22; the orchestrator's Node is 20): the v4 bundle under
// `node` in a clean environment, the reference the other runtimes' /v4 runs must equal.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBounded } from '../bounded-process.mjs';
import { readObservations } from './cli-output.mjs';
import { stageBundle } from './stage-bundle.mjs';

/** `options`: the run's (work dir, bundle, runner, gateway, environment) and `nodePath`, a Node 22. */
export async function runNode(options) {
  const { nodePath, siteURL, apiKey, redirectBase, baseEnv, timeoutMs } = options;
  const dir = await stageBundle({ ...options, name: 'node' });
  // The bundle is an ES module named .js.
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  const result = await runBounded(nodePath, ['runner.mjs', siteURL, apiKey, redirectBase], {
    cwd: dir,
    timeoutMs,
    env: baseEnv,
  });
  return readObservations('node', result, timeoutMs);
}
