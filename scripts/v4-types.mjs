// After the build: dist/v4's declarations import V4 types from '@ai-sdk/provider-v4', the dev alias
// this repository compiles against (its own @ai-sdk/provider is 3.x, for the root entry). An ai@7 app
// has @ai-sdk/provider 4 under its own name, so the alias is renamed to it. Fails if nothing was renamed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../dist/v4', import.meta.url));
let renamed = 0;
for (const file of readdirSync(dir).filter(name => name.endsWith('.d.ts'))) {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replaceAll("'@ai-sdk/provider-v4'", "'@ai-sdk/provider'");
  if (next !== text) {
    writeFileSync(path, next);
    renamed++;
  }
}
if (renamed === 0) {
  console.error('v4-types: no declaration file in dist/v4 names @ai-sdk/provider-v4');
  process.exit(1);
}
// Code and declarations only: a source map's sourcesContent is the sources as written, alias and all.
const shipped = readdirSync(dir).filter(name => /\.(js|d\.ts)$/.test(name));
if (shipped.some(name => readFileSync(join(dir, name), 'utf8').includes('@ai-sdk/provider-v4'))) {
  console.error('v4-types: a file in dist/v4 still names @ai-sdk/provider-v4');
  process.exit(1);
}
