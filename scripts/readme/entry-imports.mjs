// Which entry a README block imports the provider from (docs/readme-blocks.md, "Entries"): blocks are
// written for ai@7 and import `unigate-ai-provider/v4`, so every ai@7 example a reader copies imports
// from /v4. The lane runs a block on ai@7 as written, and on ai@6 with `/v4` taken off its imports: the
// one change the README tells an ai@6 reader to make. An `ai6-only` block imports the root entry itself.
const V4 = 'unigate-ai-provider/v4';
const ROOT = 'unigate-ai-provider';

/** `from '<specifier>'` (single or double quotes), as an import or export names its module. */
const fromSpecifier = specifier => new RegExp(`(\\bfrom\\s*)(['"])${specifier.replace(/[/.]/g, '\\$&')}\\2`, 'g');

/** `code` as it runs on `major` (`ai6` | `ai7`): the same lines, for ai@6 importing the root entry. */
export function codeForMajor(code, major) {
  return major === 'ai6' ? code.replace(fromSpecifier(V4), `$1$2${ROOT}$2`) : code;
}

/** The 1-based lines of `code` that import from `specifier`. */
function linesImporting(code, specifier) {
  const pattern = fromSpecifier(specifier);
  return code.split('\n').flatMap((line, i) => (line.match(pattern) ? [i + 1] : []));
}

/**
 * The lane's check of the rule: no block run on ai@7 imports the root entry, and no `ai6-only` block
 * imports /v4 (which an ai@6 app cannot load). Each offence names its README line.
 */
export function entryCheck(blocks) {
  const offences = blocks.flatMap(block => {
    const ai7 = block.majors.includes('ai7');
    const [wrong, why] = ai7
      ? [ROOT, 'runs on ai@7, so it imports unigate-ai-provider/v4']
      : [V4, 'is ai6-only, so it imports unigate-ai-provider'];
    return linesImporting(block.code, wrong).map(
      line => `README line ${block.line + line - 1}: block ${block.index} imports '${wrong}' but ${why}`,
    );
  });
  return {
    suite: 'readme package',
    title: 'every block run on ai@7 imports unigate-ai-provider/v4, every ai6-only block the root entry',
    ok: offences.length === 0,
    reason: offences.join(' | '),
  };
}
