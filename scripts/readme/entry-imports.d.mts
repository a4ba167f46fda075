import type { ReadmeBlock } from './extract-blocks.mjs';
export function codeForMajor(code: string, major: 'ai6' | 'ai7'): string;
export function entryCheck(blocks: ReadmeBlock[]): { suite: string; title: string; ok: boolean; reason: string };
