// CI's size budget: what an app loads when it imports the built root entry (the entry and its static
// imports; ai and zod external), min+gzip, must stay within 30 KB; the whole package, that entry with every
// call it loads with import() bundled in (what an edge bundle carries), within WHOLE_BUDGET_BYTES; and the
// emulator must stay out of everything the root can load (it is its own entry). Measured the same way as
// the benchmark's row.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleSize, lazyChunkSizes, type BundleSize, wholeSize } from '../bench/bundle-size';

// The root held every export at once, 52.8 KB of a 53 KB budget, after spend that holds and agent loops
// (it was 35 KB for seven model kinds, then 48 KB, @ai-sdk/openai's own size). The ai@7 line (issue 25)
// asks 48 KB: code reached only inside async calls (budget reserve and settle, the fallback chain, the
// video, image and embedding calls) is now loaded with import() on first use, so it is no longer paid on
// import. Those chunks are printed below, so nothing is hidden; an app's bundler still keeps only what it imports.
// Issue 32 asks 30 KB (@ai-sdk/openai-compatible is 22.3 KB whole): every kind's calls load on first use,
// chat and messages included, and so do the catalog's requests and the cost estimate.
const BUDGET_BYTES = 30_000;
// Issue 41 asks 60 KB for the whole package (it was 54.1 KB at turn 5, 67.5 KB at turn 6, 70.4 KB when this
// check came, 77.0 KB after turn 7's endings, spend controls and routing). Turn 8 cut it to 74.1 KB with behaviour
// unchanged (provider-utils' request helpers replaced by the one fetch path, code both formats wrote made one);
// `npm run bench:size` shows why 60 KB is not in reach without removing features: the package's error and
// warning texts cost 7.2 KB, and without any of them the whole would still be 67.2 KB. The budget is the figure
// measured, rounded up a little, so the whole cannot grow unseen; the target stays the issue's.
const WHOLE_TARGET_BYTES = 60_000;
const WHOLE_BUDGET_BYTES = 74_500;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function fail(message: string): never {
  console.error(`size check: ${message}`);
  process.exit(1);
}

function measured(size: BundleSize): number {
  if (size.gzipBytes === undefined) fail(`could not bundle ${size.entry}: ${size.error}`);
  return size.gzipBytes;
}

/** Prints the lazily loaded chunks of an entry; returns the files the entry can load, eagerly or not. */
async function printChunks(name: string, size: BundleSize, eager: number): Promise<string[]> {
  const lazy = await lazyChunkSizes(size);
  if (lazy.chunks.length === 0) return size.inputs ?? [];
  console.log(`  ${name}'s chunks loaded with import() on first use (min+gzip, without what the entry loads):`);
  for (const { chunk, gzipBytes } of lazy.chunks) console.log(`    ${chunk}: ${kb(gzipBytes)}`);
  const total = lazy.chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  console.log(
    `    all ${lazy.chunks.length} chunks, each gzipped alone: ${kb(total)}; ${name} with every chunk: ${kb(eager + total)}`,
  );
  return [...(size.inputs ?? []), ...lazy.inputs];
}

const root = await bundleSize('dist/index.js');
const rootBytes = measured(root);
console.log(`root entry, loaded on import: ${kb(rootBytes)} min+gzip (budget ${kb(BUDGET_BYTES)})`);
const rootFiles = await printChunks('root', root, rootBytes);
for (const { part, bytes } of root.parts ?? []) console.log(`  ${part}: ${kb(bytes)} minified`);

if (existsSync('dist/v4/index.js')) {
  const v4 = await bundleSize('dist/v4/index.js');
  const v4Bytes = measured(v4);
  console.log(`v4 entry, loaded on import: ${kb(v4Bytes)} min+gzip`);
  await printChunks('v4', v4, v4Bytes);
}
const whole = await wholeSize('dist/index.js');
const wholeBytes = measured(whole);
console.log(
  `whole package, the root entry with every call it loads: ${kb(wholeBytes)} min+gzip (budget ${kb(WHOLE_BUDGET_BYTES)}, target ${kb(WHOLE_TARGET_BYTES)}); its largest files, minified:`,
);
for (const { part, bytes } of (whole.parts ?? []).slice(0, 12)) console.log(`  ${part}: ${kb(bytes)}`);
const testing = await bundleSize('dist/testing/index.js');
console.log(`testing entry, separate: ${kb(measured(testing))} min+gzip`);

if (rootBytes > BUDGET_BYTES) fail(`root entry ${rootBytes} B exceeds the ${BUDGET_BYTES} B budget`);
if (wholeBytes > WHOLE_BUDGET_BYTES)
  fail(`the whole package ${wholeBytes} B exceeds the ${WHOLE_BUDGET_BYTES} B budget`);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const leaked = rootFiles.filter(
  file => file.startsWith(dist) && readFileSync(file, 'utf8').includes('createUnigateEmulator'),
);
if (leaked.length > 0) fail(`the emulator leaked into what the root entry loads: ${leaked.join(', ')}`);
