// workerd: the bundle as an ES-module Worker WITHOUT nodejs_compat, on a random loopback port. Its
// global fetch may reach 127.0.0.1 only (a network service allowing just that address).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBounded } from '../bounded-process.mjs';
import { stageBundle } from './stage-bundle.mjs';

/** A date the installed workerd supports; no compatibility flags, so no Node APIs. */
const COMPATIBILITY_DATE = '2025-06-01';

function configFor(gatewayHost) {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "smoke", worker = .smokeWorker),
    (name = "loopback", network = (allow = ["${gatewayHost}/32"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "smoke")],
);

const smokeWorker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "smoke-checks.js", esModule = embed "smoke-checks.js"),
  ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = [],
  globalOutbound = "loopback",
);
`;
}

/** Resolves the port workerd reports on its control fd once the socket listens. */
function listenPort(child) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdio[3].setEncoding('utf8').on('data', chunk => {
      buffered += chunk;
      for (const line of buffered.split('\n')) {
        try {
          const event = JSON.parse(line);
          if (event.event === 'listen' && event.socket === 'http') resolve(event.port);
        } catch {
          // A partial line: wait for more.
        }
      }
    });
    child.on('close', () => reject(new Error('workerd exited before listening')));
  });
}

export async function runWorkerd({
  binDir,
  bundlePath,
  workerPath,
  workDir,
  siteURL,
  apiKey,
  redirectBase,
  baseEnv,
  timeoutMs,
}) {
  const dir = await stageBundle({
    workDir,
    name: 'workerd',
    bundlePath,
    runnerPath: workerPath,
    runnerName: 'worker.mjs',
  });
  await writeFile(join(dir, 'config.capnp'), configFor(new URL(siteURL).hostname));
  const result = await runBounded(join(binDir, 'workerd'), ['serve', 'config.capnp', '--control-fd=3'], {
    cwd: dir,
    timeoutMs,
    env: baseEnv,
    extraFds: 1,
    until: async child => {
      const port = await listenPort(child);
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteURL, apiKey, redirectBase }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`worker answered HTTP ${response.status}: ${body.slice(0, 500)}`);
      return JSON.parse(body);
    },
  });
  if (result.untilResult && 'value' in result.untilResult) return result.untilResult.value;
  const how = result.timedOut
    ? `timed out after ${timeoutMs} ms`
    : (result.untilResult?.error?.message ?? `exited with code ${result.code}`);
  const log = result.stderr.trim().split('\n').slice(-8).join(' | ');
  throw new Error(`workerd ${how}${log ? `: ${log}` : ''}`);
}
