// npm test's README lane: every ```ts block of README.md and of the pages of docs/ is type-checked in
// strict mode against the PACKED package in a fresh consumer project, once with ai@6 on Node 20 and once
// with ai@7 on Node 22, and every block that can run is run against the emulator, its printed lines
// compared with the page's `// prints:` comments. `node scripts/readme-lane.mjs docs/budgets.md ...`
// checks only the blocks of the pages named. Markers: docs/readme-blocks.md. Writes .test-results/readme.json
// (counted in npm test's totals) and .test-results/readme-blocks.md (what was done with each block).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeLaneReport } from './lane-report.mjs';
import { blockTable } from './readme/block-table.mjs';
import { blockFileName, contextSource, writeBlockFiles } from './readme/block-files.mjs';
import { createConsumer, PACKED_FILES, packPackage } from './readme/consumer.mjs';
import { readDocBlocks } from './readme/doc-pages.mjs';
import { lineLabel } from './readme/extract-blocks.mjs';
import { castCheck } from './readme/find-casts.mjs';
import { codeForMajor, entryCheck } from './readme/entry-imports.mjs';
import { compileBlocks, inPool, runBlock } from './readme/run-blocks.mjs';
import { NODE22, node22Path } from './node22.mjs';
import { typecheckConsumer } from './readme/typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, '.test-results');
const PARALLEL_RUNS = 4;
// Each major's app: its `ai`, and the copies of the package's peers that `ai` brings (an ai@7 app has
// ai@7's @ai-sdk/provider 4 and provider-utils 5, which /v4's types and code import).
const AI7_PEERS = {
  '@ai-sdk/provider': 'ai7/node_modules/@ai-sdk/provider',
  '@ai-sdk/provider-utils': 'ai7/node_modules/@ai-sdk/provider-utils',
};
const MAJORS = [
  { id: 'ai6', label: 'ai@6, Node 20', aiFrom: 'ai', peersFrom: {} },
  { id: 'ai7', label: 'ai@7, Node 22', aiFrom: 'ai7', peersFrom: AI7_PEERS },
];

function packCheck(files) {
  const missing = PACKED_FILES.filter(file => !files.includes(file));
  const stray = files.filter(file => /^(src|test|scripts|examples|bench)\//.test(file));
  const ok = missing.length === 0 && stray.length === 0;
  const reason = `missing ${missing.join(', ') || 'nothing'}; not meant for the package: ${stray.slice(0, 5).join(', ') || 'nothing'}`;
  return {
    suite: 'readme package',
    title:
      'npm pack holds dist/ (ESM, CJS and types of the root and testing entries, ESM and types of /v4) and no sources',
    ok,
    reason,
  };
}

/** Type-checks a major's blocks; fills `outcome[block.index][major.id].typecheck`. */
async function typecheckMajor(major, blocks, outcome, checks) {
  const { byFile, other } = await typecheckConsumer(root, major.dir);
  const contextErrors = byFile.get('readme-context.ts') ?? [];
  checks.push({
    suite: `readme ${major.label}`,
    title: 'the context the lane gives the blocks (scripts/readme/readme-context.ts) and tsc itself',
    ok: contextErrors.length === 0 && other.length === 0,
    reason: [...contextErrors.map(d => `line ${d.line}: ${d.message}`), ...other].join(' | '),
  });
  for (const block of blocks) {
    const errors = byFile.get(blockFileName(block)) ?? [];
    const reason = errors.map(d => `${lineLabel(block.file, block.line + d.line - 1)}: ${d.message}`).join(' | ');
    outcome[block.index][major.id].typecheck = { ok: errors.length === 0, reason };
  }
}

/** The major's app with its blocks, each importing the entry of that major (scripts/readme/entry-imports.mjs). */
async function prepareMajor(major, blocks, tarball, workDir) {
  major.dir = join(workDir, major.id);
  await createConsumer({ root, dir: major.dir, tarball, aiFrom: major.aiFrom, peersFrom: major.peersFrom });
  const own = blocks.map(block => ({ ...block, code: codeForMajor(block.code, major.id) }));
  const context = codeForMajor(await contextSource(major.id), major.id);
  const files = await writeBlockFiles(join(major.dir, 'blocks'), own, context);
  await compileBlocks(join(major.dir, 'blocks'), files);
}

function runTasks(majors, blocksByMajor, outcome, siteURL, workDir) {
  return majors.flatMap(major =>
    blocksByMajor.get(major.id).map(block => async () => {
      if (block.typecheckOnly) return;
      const scratchDir = join(workDir, 'scratch', `${major.id}-${block.index}`);
      const run = await runBlock({
        block,
        blocksDir: join(major.dir, 'blocks'),
        scratchDir,
        nodePath: major.node,
        siteURL,
      });
      outcome[block.index][major.id].run = run;
    }),
  );
}

/** Awaits `promise`, then prints how long `what` took. */
async function timed(what, promise) {
  const start = Date.now();
  const value = await promise;
  console.log(`readme: ${what} in ${((Date.now() - start) / 1000).toFixed(1)}s`);
  return value;
}

async function laneChecks(blocks, outcome, workDir) {
  const checks = [];
  const node22 = node22Path();
  node22.catch(() => {});
  const { tarball, files } = await timed('npm pack', packPackage(root, workDir));
  checks.push(packCheck(files));
  const blocksByMajor = new Map(
    MAJORS.map(major => [major.id, blocks.filter(block => block.majors.includes(major.id))]),
  );
  const prepared = Promise.all(MAJORS.map(major => prepareMajor(major, blocksByMajor.get(major.id), tarball, workDir)));
  await timed('two consumer projects with the blocks, compiled', prepared);
  MAJORS[0].node = process.execPath;
  MAJORS[1].node = await timed(`${NODE22} from npx`, node22);
  const typechecked = Promise.all(
    MAJORS.map(major => typecheckMajor(major, blocksByMajor.get(major.id), outcome, checks)),
  );
  await timed('tsc, once per major', typechecked);

  const testing = await import(
    pathToFileURL(join(MAJORS[0].dir, 'node_modules/unigate-ai-provider/dist/testing/index.js')).href
  );
  const server = await testing.createUnigateEmulator().listen();
  try {
    const tasks = runTasks(MAJORS, blocksByMajor, outcome, server.url, workDir);
    await timed(`the runs, ${PARALLEL_RUNS} at a time`, inPool(tasks, PARALLEL_RUNS));
  } finally {
    await server.close();
  }
  return checks;
}

function blockChecks(blocks, outcome) {
  return MAJORS.flatMap(major =>
    blocks
      .filter(block => block.majors.includes(major.id))
      .flatMap(block => {
        const { typecheck, run } = outcome[block.index][major.id];
        const name = `block ${block.index} (${lineLabel(block.file, block.line)}, ${block.heading})`;
        const suite = `readme ${major.label}`;
        const own = [];
        if (typecheck) own.push({ suite, title: `${name} type-checks`, ...typecheck });
        if (run)
          own.push({ suite, title: `${name} runs${run.compared ? ' and prints what its page shows' : ''}`, ...run });
        return own;
      }),
  );
}

async function main() {
  const startTime = Date.now();
  const pages = process.argv.slice(2);
  const blocks = (await readDocBlocks(root)).filter(block => pages.length === 0 || pages.includes(block.file));
  const outcome = Object.fromEntries(blocks.map(block => [block.index, { ai6: {}, ai7: {} }]));
  const workDir = await mkdtemp(join(tmpdir(), 'unigate-readme-'));
  let checks;
  try {
    checks = await laneChecks(blocks, outcome, workDir);
  } catch (error) {
    checks = [{ suite: 'readme package', title: 'setup', ok: false, reason: String(error?.stack ?? error) }];
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  checks.push(castCheck(blocks), entryCheck(blocks), ...blockChecks(blocks, outcome));
  const table = blockTable(blocks, outcome, MAJORS);
  await mkdir(results, { recursive: true });
  await writeFile(join(results, 'readme-blocks.md'), table);
  console.log(table);
  const failed = await writeLaneReport(join(results, 'readme.json'), checks, startTime);
  const seconds = ((Date.now() - startTime) / 1000).toFixed(1);
  const pageCount = new Set(blocks.map(block => block.file)).size;
  console.log(
    `readme: ${checks.length - failed} passed, ${failed} failed in ${seconds}s (${blocks.length} blocks on ${pageCount} pages)`,
  );
  return failed === 0 ? 0 : 1;
}

main().then(
  code => process.exit(code),
  error => {
    console.error(`readme: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
