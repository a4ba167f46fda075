// The Node 22 the ai@7 runs of the lanes use (ai@7 and @ai-sdk/provider 4 need Node >= 22; the
// machine's Node is 20): the README lane, the install lane and the runtimes lane take it from npx.
import { fileURLToPath } from 'node:url';
import { runBounded } from '../test-runtimes/bounded-process.mjs';
import { cleanNpmEnv } from './readme/consumer.mjs';

export const NODE22 = 'node@22.23.3';
const root = fileURLToPath(new URL('..', import.meta.url));

/** The path of a Node 22 binary from npx (downloaded once, then from npx's cache). */
export async function node22Path() {
  const args = ['-y', '-p', NODE22, '--', 'node', '-p', 'process.execPath'];
  const result = await runBounded('npx', args, { cwd: root, timeoutMs: 300_000, env: cleanNpmEnv() });
  if (result.code !== 0) throw new Error(`npx ${NODE22} failed (${result.code}): ${result.stderr.trim().slice(-400)}`);
  return result.stdout.trim().split('\n').pop();
}
