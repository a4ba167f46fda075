import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeForMajor } from '../../scripts/readme/entry-imports.mjs';
import { readDocBlocks } from '../../scripts/readme/doc-pages.mjs';
import { comparePrints } from '../../scripts/readme/extract-blocks.mjs';
import { createUnigateEmulator, type UnigateEmulator, type UnigateEmulatorServer } from '../../src/testing';
import { startPostgres, type TestPostgres } from '../helpers/embedded-postgres';

// The onCharge ledger block of docs/telemetry.md, run as a reader would run it: its own process, its own pg pool on
// DATABASE_URL (a real Postgres started here), the emulator on UNIGATE_SITE_URL. The README lane
// type-checks the block but cannot run it (no Postgres there); its marker names this file. Node 20 lane
// only: the block runs on the root entry (ai@6), as the lane's ai@6 run would.
const THIS_FILE = 'test/budget/postgres-ledger.node.test.ts';
const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

let postgres: TestPostgres;
let emulator: UnigateEmulator;
let gateway: UnigateEmulatorServer;
let scratch: string;

beforeAll(async () => {
  emulator = createUnigateEmulator();
  [postgres, gateway] = await Promise.all([startPostgres(), emulator.listen()]);
  // Inside the repository, so the block's `pg` and `ai` resolve from its node_modules.
  await mkdir(join(root, '.test-results'), { recursive: true });
  scratch = await mkdtemp(join(root, '.test-results', 'postgres-ledger-'));
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await postgres?.stop();
  await rm(scratch, { recursive: true, force: true });
}, 30_000);

/** The block whose typecheck-only marker names this file, its entry import pointed at this checkout's src/. */
async function ledgerBlock() {
  const blocks = await readDocBlocks(root);
  const found = blocks.filter(block => block.typecheckOnly?.includes(THIS_FILE));
  expect(found.map(block => block.heading)).toEqual(['Every charge, as it happens (`onCharge`)']);
  const entry = pathToFileURL(join(root, 'src/index.ts')).href;
  const code = codeForMajor(found[0].code, 'ai6').replace(/from 'unigate-ai-provider'/, `from '${entry}'`);
  expect(code).toContain(entry);
  return { code, prints: found[0].prints };
}

describe("docs/telemetry.md's onCharge ledger on a real Postgres", () => {
  it('writes one row per call, and the rows add up to the results’ costs', async () => {
    const { code, prints } = await ledgerBlock();
    const file = join(scratch, 'ledger.ts');
    await writeFile(file, code);
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      DATABASE_URL: postgres.url,
      UNIGATE_SITE_URL: gateway.url,
      UNIGATE_API_KEY: 'my-app-key',
    };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], { cwd: scratch, env, timeout: 60_000 });
    expect(comparePrints(prints, stdout)).toBeUndefined();

    const { rows } = await postgres.pool.query(
      'SELECT model, kind, ended, credits, exact, bucket, request_id, attempt FROM unigate_charges ORDER BY at',
    );
    const chatCalls = emulator.requests.filter(entry => entry.path === '/v1/chat/completions');
    expect(chatCalls.map(({ model, status }) => ({ model, status }))).toEqual([
      { model: 'gpt-4o-mini', status: 200 },
      { model: 'gpt-4o-mini', status: 200 },
    ]);
    const call = { model: 'gpt-4o-mini', kind: 'language', ended: 'completed', exact: true, bucket: null, attempt: 1 };
    expect(rows).toEqual([
      { ...call, credits: expect.any(Number), request_id: expect.any(String) },
      { ...call, credits: expect.any(Number), request_id: expect.any(String) },
    ]);
    // The block prints the ledger's sum and the sum of unigateCost(result) of its calls.
    const printed = /^ledger: 2 calls, (\S+) credits; results: (\S+) credits$/.exec(stdout.trim());
    const ledgerSum = rows.reduce((total: number, row: { credits: number }) => total + row.credits, 0);
    expect(Number(printed?.[1])).toBe(ledgerSum);
    expect(Number(printed?.[2])).toBe(ledgerSum);
    expect(ledgerSum).toBeGreaterThan(0);
    expect(new Set(rows.map((row: { request_id: string }) => row.request_id)).size).toBe(2);
  }, 60_000);
});
