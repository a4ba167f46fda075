import type { ReadmeBlock } from './extract-blocks.mjs';
export function castsIn(block: Pick<ReadmeBlock, 'code' | 'line'>): Array<{ line: number; text: string }>;
export function castCheck(blocks: ReadmeBlock[]): { suite: string; title: string; ok: boolean; reason: string };
