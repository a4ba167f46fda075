// The pages whose TypeScript blocks the README lane checks: the README, then every page of docs/ by name.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractBlocks } from './extract-blocks.mjs';

/** The pages, as paths from the repository's root. */
export async function docPages(root) {
  const docs = (await readdir(join(root, 'docs'))).filter(name => name.endsWith('.md')).sort();
  return ['README.md', ...docs.map(name => `docs/${name}`)];
}

/** Every block of every page, numbered from 1 across the pages. */
export async function readDocBlocks(root) {
  const blocks = [];
  for (const page of await docPages(root)) {
    blocks.push(...extractBlocks(await readFile(join(root, page), 'utf8'), page, blocks.length + 1));
  }
  return blocks;
}
