import type { ReadmeBlock } from './extract-blocks.mjs';
export function docPages(root: string): Promise<string[]>;
export function readDocBlocks(root: string): Promise<ReadmeBlock[]>;
