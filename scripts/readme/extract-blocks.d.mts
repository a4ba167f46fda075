export interface ReadmeBlock {
  /** 1-based, in README order. */
  index: number;
  /** The README line of the block's first code line. */
  line: number;
  /** The nearest heading above the block. */
  heading: string;
  code: string;
  /** The AI SDK majors the block is for: `ai6`, `ai7`. */
  majors: string[];
  /** The reason of a `// readme: typecheck-only` marker, else null. */
  typecheckOnly: string | null;
  /** The `// prints:` lines, in order. */
  prints: string[];
}
export function extractBlocks(markdown: string): ReadmeBlock[];
export function comparePrints(prints: string[], stdout: string): string | undefined;
