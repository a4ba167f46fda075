// CI's size budget: the built root entry, min+gzip with ai and zod external, must stay within 25 KB,
// and the emulator must stay out of it (its own entry). Measured the same way as the benchmark's row.
import { readFileSync } from 'node:fs';
import { bundleSize } from '../bench/bundle-size';

const BUDGET_BYTES = 25_000;
const root = await bundleSize('dist/index.js');
const testing = await bundleSize('dist/testing/index.js');
if (root.gzipBytes === undefined || testing.gzipBytes === undefined) {
  console.error(`size check: could not bundle: ${root.error ?? testing.error}`);
  process.exit(1);
}
const leaked = readFileSync('dist/index.js', 'utf8').includes('createUnigateEmulator');
console.log(`root entry: ${(root.gzipBytes / 1000).toFixed(1)} KB min+gzip (budget ${BUDGET_BYTES / 1000} KB)`);
console.log(`testing entry, separate: ${(testing.gzipBytes / 1000).toFixed(1)} KB min+gzip`);
for (const { part, bytes } of root.parts ?? []) console.log(`  ${part}: ${(bytes / 1000).toFixed(1)} KB minified`);
if (root.gzipBytes > BUDGET_BYTES) {
  console.error(`size check: root entry ${root.gzipBytes} B exceeds the ${BUDGET_BYTES} B budget`);
  process.exit(1);
}
if (leaked) {
  console.error('size check: the emulator leaked into the root entry');
  process.exit(1);
}
