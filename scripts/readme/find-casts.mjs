// Finds the type assertions of the blocks of the README and docs/: `x as T` (`as const` included) and `<T>x`. A reader copies a
// block into their own code, so a cast there teaches them to silence the compiler where the package
// gives a typed way (unigateError, unigateSpeechMetadata, ...); the README lane fails on any.
import ts from 'typescript';
import { lineLabel } from './extract-blocks.mjs';

/** The casts of `block`'s code, each with its page's line and its text. */
export function castsIn(block) {
  const source = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = node => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({
        line: block.line + line,
        text: node.getText(source).replace(/\s+/g, ' '),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The lane's check: no block holds a cast; the reason names each one's page and line. */
export function castCheck(blocks) {
  const casts = blocks.flatMap(block => castsIn(block).map(cast => ({ ...cast, file: block.file })));
  return {
    suite: 'readme package',
    title: 'no block of the README or docs/ casts (`x as T`, `<T>x`): user code reads results through typed helpers',
    ok: casts.length === 0,
    reason: casts.map(cast => `${lineLabel(cast.file, cast.line)}: ${cast.text}`).join(' | '),
  };
}
