// The package's entries (the root, testing and /v4), compiled once with the TypeScript compiler for tests
// of the public surface.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const srcDir = `${root}src/`;
export const entries = [`${srcDir}index.ts`, `${srcDir}testing/index.ts`, `${srcDir}v4/index.ts`];

export const program = ts.createProgram(entries, {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
});
export const checker = program.getTypeChecker();

/** The symbol an export names (through `export { x as y }` and re-exports). */
export const resolve = (symbol: ts.Symbol): ts.Symbol =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

/** The exports of one entry, as the compiler sees them. */
export const exportsOf = (entry: string): ts.Symbol[] =>
  checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!);
