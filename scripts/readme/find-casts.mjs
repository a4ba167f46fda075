// Finds the type assertions of README blocks: `x as T` (`as const` included) and `<T>x`. A reader copies a
// block into their own code, so a cast there teaches them to silence the compiler where the package
// gives a typed way (unigateError, unigateSpeechMetadata, ...); the README lane fails on any.
import ts from 'typescript';

/** The casts of `block`'s code, each with its README line and its text. */
export function castsIn(block) {
  const source = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = node => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ line: block.line + line, text: node.getText(source).replace(/\s+/g, ' ') });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The lane's check: no block holds a cast; the reason names each one's README line. */
export function castCheck(blocks) {
  const casts = blocks.flatMap(castsIn);
  return {
    suite: 'readme package',
    title: 'no README block casts (`x as T`, `<T>x`): user code reads results through typed helpers',
    ok: casts.length === 0,
    reason: casts.map(cast => `README line ${cast.line}: ${cast.text}`).join(' | '),
  };
}
