// Runs README blocks, each in its own Node process and its own scratch directory (where it may write
// hello.opus and finds talk.wav), against the emulator on loopback: UNIGATE_SITE_URL points at it and
// UNIGATE_API_KEY is any key, as the README's "Testing with the emulator" section says.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { runBounded } from '../../test-runtimes/bounded-process.mjs';
import { blockFileName } from './block-files.mjs';
import { comparePrints } from './extract-blocks.mjs';

const RUN_TIMEOUT_MS = 60_000;

/** Compiles the consumer's TypeScript (blocks and context) to .js beside it; types are tsc's job. */
export async function compileBlocks(blocksDir, files) {
  await build({
    entryPoints: [...files, 'readme-context.ts'].map(file => join(blocksDir, file)),
    outdir: blocksDir,
    format: 'esm',
    platform: 'node',
    target: 'node18',
    sourcemap: 'inline', // with --enable-source-maps, a stack trace gives the block's own line
    logLevel: 'silent',
  });
}

/** A one-second 16 kHz mono WAV tone: the `talk.wav` the transcription block reads. */
function talkWav() {
  const rate = 16_000;
  const samples = rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / rate)), 44 + i * 2);
  return wav;
}

/** Runs one block; resolves with `{ ok, reason?, compared }`. */
export async function runBlock({ block, blocksDir, scratchDir, nodePath, siteURL }) {
  await mkdir(scratchDir, { recursive: true });
  await writeFile(join(scratchDir, 'talk.wav'), talkWav());
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: scratchDir,
    LANG: 'C.UTF-8',
    UNIGATE_SITE_URL: siteURL,
    UNIGATE_API_KEY: 'my-app-key',
  };
  const file = join(blocksDir, blockFileName(block).replace(/\.ts$/, '.js'));
  const result = await runBounded(nodePath, ['--enable-source-maps', file], {
    cwd: scratchDir,
    env,
    timeoutMs: RUN_TIMEOUT_MS,
  });
  if (result.timedOut) return { ok: false, reason: `did not finish within ${RUN_TIMEOUT_MS} ms`, compared: false };
  if (result.code !== 0) {
    const stderr = result.stderr
      .trim()
      .split('\n')
      .filter(line => !line.startsWith('    at '))
      .slice(0, 8)
      .join(' | ');
    return { ok: false, reason: `exited with code ${result.code}: ${stderr}`, compared: false };
  }
  if (block.prints.length === 0) return { ok: true, compared: false };
  const mismatch = comparePrints(block.prints, result.stdout);
  return mismatch ? { ok: false, reason: mismatch, compared: true } : { ok: true, compared: true };
}

/** Runs `tasks` (functions returning promises) with at most `limit` at a time, in order of results. */
export async function inPool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
