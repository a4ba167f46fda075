import type { ReadmeBlock } from './extract-blocks.mjs';
export function blockFileName(block: Pick<ReadmeBlock, 'index'>): string;
export function contextSource(major: 'ai6' | 'ai7'): Promise<string>;
export function writeBlockFiles(dir: string, blocks: ReadmeBlock[], context: string): Promise<string[]>;
