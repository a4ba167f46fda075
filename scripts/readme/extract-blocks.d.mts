export interface ReadmeBlock {
  /** 1-based, in the order of the pages (the README, then docs/ by name) and of the blocks in each. */
  index: number;
  /** The page, from the repository's root: `README.md`, `docs/budgets.md`. */
  file: string;
  /** The page's line of the block's first code line. */
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
export function lineLabel(file: string, line: number): string;
export function extractBlocks(markdown: string, file?: string, firstIndex?: number): ReadmeBlock[];
export function comparePrints(prints: string[], stdout: string): string | undefined;
