// npm run test:runtimes: smoke tests of the BUILT package in workerd, Deno, Bun and headless
// Chromium (plus Node, whose run is the reference the others must equal), against the package's
// emulator on loopback: once through the root entry with ai@6, once through /v4 with ai@7 (Node 22
// for its reference run, which must also equal the root's). Prints "runtime check: ok|FAIL reason" per check, writes a vitest-like
// report to .test-results/runtimes.json and exits non-zero on any failure.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { bundleChecks } from './bundle-checks.mjs';
import { withTimeout } from './bounded-process.mjs';
import { REDIRECT_PREFIX, startForeignServer, startGatewayServer } from './gateway-server.mjs';
import { allFailed, judge } from './judge-observations.mjs';
import { runBun } from './runtimes/bun.mjs';
import { runChromium } from './runtimes/chromium.mjs';
import { runDeno } from './runtimes/deno.mjs';
import { runNode } from './runtimes/node.mjs';
import { runWorkerd } from './runtimes/workerd.mjs';
import { node22Path } from '../scripts/node22.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const binDir = join(root, 'node_modules', '.bin');
const reportFile = join(root, '.test-results', 'runtimes.json');
const RUNTIME_TIMEOUT_MS = 90_000;
const RUNTIMES = ['node', 'workerd', 'deno', 'bun', 'chromium'];

function timed(promise) {
  const start = Date.now();
  const done = outcome => ({ ...outcome, startTime: start, endTime: Date.now() });
  return promise.then(
    observations => done({ observations }),
    error => done({ error }),
  );
}

function writeReport(results, startTime) {
  const testResults = results.map(({ runtime, verdicts, startTime: begin, endTime }) => ({
    name: `test-runtimes/${runtime}`,
    status: verdicts.every(v => v.ok) ? 'passed' : 'failed',
    message: '',
    startTime: begin,
    endTime,
    assertionResults: verdicts.map(v => ({
      ancestorTitles: [runtime],
      title: v.title,
      fullName: `${runtime} ${v.title}`,
      status: v.ok ? 'passed' : 'failed',
      failureMessages: v.ok ? [] : [v.reason],
    })),
  }));
  const all = results.flatMap(r => r.verdicts);
  const passed = all.filter(v => v.ok).length;
  const report = {
    numTotalTestSuites: results.length,
    numPassedTestSuites: testResults.filter(t => t.status === 'passed').length,
    numFailedTestSuites: testResults.filter(t => t.status === 'failed').length,
    numTotalTests: all.length,
    numPassedTests: passed,
    numFailedTests: all.length - passed,
    numPendingTests: 0,
    numTodoTests: 0,
    startTime,
    success: passed === all.length,
    testResults,
  };
  return mkdir(join(root, '.test-results'), { recursive: true }).then(() =>
    writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`),
  );
}

async function main() {
  const startTime = Date.now();
  const cleanups = [];
  let results;
  try {
    results = await runAll(cleanups);
  } catch (error) {
    results = setupFailed(`setup failed: ${error?.stack ?? error}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
  for (const { runtime, verdicts } of results) {
    for (const v of verdicts) console.log(`${runtime} ${v.title}: ${v.ok ? 'ok' : `FAIL ${v.reason}`}`);
  }
  await writeReport(results, startTime);
  const all = results.flatMap(r => r.verdicts);
  const failed = all.filter(v => !v.ok).length;
  const times = results.map(r => `${r.runtime} ${((r.endTime - r.startTime) / 1000).toFixed(1)}s`).join(', ');
  console.log(
    `runtimes: ${all.length - failed} passed, ${failed} failed in ${((Date.now() - startTime) / 1000).toFixed(1)}s (${times})`,
  );
  return failed === 0 ? 0 : 1;
}

/** The entries every runtime loads: the root (with ai@6) and /v4 (with ai@7), each its own bundle. */
const ENTRIES = [
  { id: 'root', spec: 'v3', bundle: 'smoke-checks.js', label: runtime => runtime, run: runtime => runtime },
  {
    id: 'v4',
    spec: 'v4',
    bundle: 'smoke-checks-v4.js',
    label: runtime => `${runtime} /v4`,
    run: runtime => `${runtime}v4`,
  },
];

/** Every runtime failed for one setup reason. */
function setupFailed(reason) {
  const now = Date.now();
  return ENTRIES.flatMap(entry =>
    RUNTIMES.map(runtime => ({
      runtime: entry.label(runtime),
      verdicts: allFailed(reason),
      startTime: now,
      endTime: now,
    })),
  );
}

/** One entry's runs in workerd, Deno, Bun and Chromium, each against its own redirect path. */
function runtimeRuns(entry, { common, pageServer }) {
  const redirectBase = runtime => `${pageServer.url}${REDIRECT_PREFIX}${entry.run(runtime)}`;
  const own = { ...common, bundlePath: join(common.workDir, entry.bundle), workDir: join(common.workDir, entry.id) };
  return Promise.all([
    timed(runWorkerd({ ...own, redirectBase: redirectBase('workerd'), workerPath: join(here, 'workerd-worker.mjs') })),
    timed(runDeno({ ...own, redirectBase: redirectBase('deno'), runnerPath: join(here, 'cli-runner.mjs') })),
    timed(runBun({ ...own, redirectBase: redirectBase('bun'), runnerPath: join(here, 'cli-runner.mjs') })),
    timed(
      runChromium({
        pageOrigin: pageServer.url,
        apiKey: common.apiKey,
        timeoutMs: RUNTIME_TIMEOUT_MS,
        bundleName: entry.bundle,
        run: entry.run('chromium'),
      }),
    ),
  ]);
}

/**
 * Judges one entry's runs, Node's first: each runtime against that entry's Node run; Node's /v4 run
 * against Node's root run (the same package through either entry gives the same results).
 */
function judged(entry, [reference, ...runs], { foreign, rootReference }) {
  return [reference, ...runs].map((run, index) => {
    const runtime = RUNTIMES[index];
    const against = runtime === 'node' ? rootReference : reference.observations;
    const verdicts = run.error
      ? allFailed(String(run.error.message ?? run.error))
      : judge(runtime, run.observations, against, {
          spec: entry.spec,
          // Requests that reached the foreign host from this run (its name is in the redirect's path),
          // and any the path does not attribute.
          foreignRequests: foreign.requests.filter(
            request => request.runtime === entry.run(runtime) || request.runtime === undefined,
          ),
        });
    return { runtime: entry.label(runtime), verdicts, startTime: run.startTime, endTime: run.endTime };
  });
}

/** The bundles of both entries, in `workDir`; logs their sizes. */
async function bundleEntries(workDir) {
  for (const entry of ENTRIES) {
    const bytes = await bundleChecks(join(workDir, entry.bundle), entry.id);
    console.log(`runtimes: bundled ${entry.id} entry + its ai for the runtimes (${(bytes / 1024).toFixed(0)} KiB)`);
  }
}

async function runAll(cleanups) {
  try {
    console.log(`runtimes: ${await buildIfStale()}`);
  } catch (error) {
    return setupFailed(error.message);
  }
  const testing = await import(pathToFileURL(join(root, 'dist/testing/index.js')).href);
  if (typeof testing.createUnigateEmulator !== 'function') {
    return setupFailed('dist/testing/index.js does not export createUnigateEmulator');
  }
  const node22 = node22Path();
  node22.catch(() => {});
  const workDir = await mkdtemp(join(tmpdir(), 'unigate-runtimes-'));
  cleanups.push(() => rm(workDir, { recursive: true, force: true }));
  try {
    await bundleEntries(workDir);
  } catch (error) {
    return setupFailed(`bundling failed: ${error.message.split('\n').slice(0, 6).join(' ')}`);
  }

  const emulator = testing.createUnigateEmulator();
  const apiKey = testing.EMULATOR_API_KEY;
  // The emulator's own loopback server, for the runtimes that fetch like a server does.
  const server = await emulator.listen();
  cleanups.push(() => server.close());
  // The redirect check's foreign host: every request that reaches it is a leak.
  const foreign = await startForeignServer();
  cleanups.push(() => foreign.close());
  // The page's origin: serves the page and the bundles, the emulator on the same origin, and the
  // redirect check's redirects (to the foreign host, or onto this origin).
  const bundles = Object.fromEntries(ENTRIES.map(entry => [entry.bundle, join(workDir, entry.bundle)]));
  const pageServer = await startGatewayServer({ handler: emulator.handler, bundles, foreignURL: foreign.url });
  cleanups.push(() => pageServer.close());

  const siteURL = server.url;
  // A clean environment: no UNIGATE_* variable can leak in, and caches stay in the temp dir.
  const home = join(workDir, 'home');
  await mkdir(home, { recursive: true });
  const baseEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: workDir, LANG: 'C.UTF-8' };
  const common = { binDir, workDir, siteURL, apiKey, foreignURL: foreign.url, baseEnv, timeoutMs: RUNTIME_TIMEOUT_MS };
  const context = { common, pageServer };

  // The root entry: Node (this process, ai@6) is the reference.
  const { observe } = await import('./smoke-checks.mjs');
  const rootBase = `${pageServer.url}${REDIRECT_PREFIX}node`;
  const reference = await timed(
    withTimeout(observe({ siteURL, apiKey, redirectBase: rootBase }), RUNTIME_TIMEOUT_MS, 'node'),
  );
  const rootRuns = [reference, ...(await runtimeRuns(ENTRIES[0], context))];
  // /v4: Node 22 runs its bundle (ai@7) for the reference.
  const [, v4] = ENTRIES;
  const v4Reference = await timed(
    node22.then(nodePath =>
      runNode({
        ...common,
        workDir: join(workDir, v4.id),
        nodePath,
        bundlePath: join(workDir, v4.bundle),
        runnerPath: join(here, 'cli-runner.mjs'),
        redirectBase: `${pageServer.url}${REDIRECT_PREFIX}${v4.run('node')}`,
      }),
    ),
  );
  const v4Runs = [v4Reference, ...(await runtimeRuns(v4, context))];
  return [
    ...judged(ENTRIES[0], rootRuns, { foreign }),
    ...judged(v4, v4Runs, { foreign, rootReference: reference.observations }),
  ];
}

main().then(
  code => process.exit(code),
  error => {
    console.error(`runtimes: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
