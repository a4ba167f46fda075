// Reads the TypeScript blocks of a Markdown file (the README and every page of docs/), with the markers
// that tell the README lane what to do with each (see docs/readme-blocks.md):
//   // readme: ai6-only | ai7-only       type-check and run it with that AI SDK major only
//   // readme: typecheck-only <reason>   type-check it, never run it (the reason says why)
//   // prints: <line>                    a line the block prints, in order; a trailing "..." matches a prefix
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;
const TS_LANGS = new Set(['ts', 'typescript']);
const MARKER = /^\s*\/\/\s*readme:\s*(ai6-only|ai7-only|typecheck-only)\b\s*(.*)$/;
const PRINTS = /\/\/\s*prints:\s?(.*)$/;

/** How a message names a line of `file`: `README line 12`, `docs/budgets.md line 40`. */
export function lineLabel(file, line) {
  return `${file === 'README.md' ? 'README' : file} line ${line}`;
}

/**
 * Every ```ts block of `markdown` (the text of `file`, a path from the repository's root), numbered from
 * `firstIndex`, with `line` the 1-based line of its first code line.
 */
export function extractBlocks(markdown, file = 'README.md', firstIndex = 1) {
  const lines = markdown.split('\n');
  const blocks = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const headingMatch = /^(#{1,6})\s+(.*)$/.exec(lines[i]);
    if (headingMatch) heading = headingMatch[2].trim();
    const fence = FENCE.exec(lines[i]);
    if (!fence) continue;
    const close = lines.findIndex(
      (line, j) => j > i && line.trim().startsWith(fence[2]) && line.trim().replace(/[`~]/g, '') === '',
    );
    if (close === -1) throw new Error(`${lineLabel(file, i + 1)}: the code fence is never closed`);
    if (TS_LANGS.has(fence[3])) {
      const code = lines.slice(i + 1, close).join('\n');
      blocks.push({
        index: firstIndex + blocks.length,
        file,
        line: i + 2,
        heading,
        code,
        ...readMarkers(code, i + 2, file),
      });
    }
    i = close;
  }
  return blocks;
}

function readMarkers(code, firstLine, file) {
  const majors = new Set(['ai6', 'ai7']);
  let typecheckOnly = null;
  const prints = [];
  code.split('\n').forEach((line, offset) => {
    const marker = MARKER.exec(line);
    if (!marker && /^\s*\/\/\s*readme:/.test(line)) {
      throw new Error(`${lineLabel(file, firstLine + offset)}: unknown marker ${JSON.stringify(line.trim())}`);
    }
    if (marker) {
      const [, kind, rest] = marker;
      if (kind === 'ai6-only') majors.delete('ai7');
      else if (kind === 'ai7-only') majors.delete('ai6');
      else {
        if (rest.trim() === '')
          throw new Error(`${lineLabel(file, firstLine + offset)}: typecheck-only needs a reason`);
        typecheckOnly = rest.trim();
      }
      return;
    }
    const printed = PRINTS.exec(line);
    if (printed) prints.push(printed[1].trimEnd());
  });
  if (majors.size === 0) throw new Error(`${lineLabel(file, firstLine)}: a block can't be both ai6-only and ai7-only`);
  return { majors: [...majors], typecheckOnly, prints };
}

/** Whether the printed `stdout` shows exactly the `prints` lines; returns a reason when it does not. */
export function comparePrints(prints, stdout) {
  const actual = stdout.replace(/\n$/, '').split('\n');
  if (stdout === '') actual.length = 0;
  for (let i = 0; i < Math.max(prints.length, actual.length); i++) {
    const want = prints[i];
    const got = actual[i];
    if (want === undefined) return `printed more than the README shows: line ${i + 1} is ${JSON.stringify(got)}`;
    if (got === undefined) return `printed ${actual.length} line(s), the README shows ${prints.length}`;
    const matches = want.endsWith('...') ? got.startsWith(want.slice(0, -3)) : got === want;
    if (!matches)
      return `line ${i + 1}: the README shows ${JSON.stringify(want)}, the block printed ${JSON.stringify(got)}`;
  }
  return undefined;
}
