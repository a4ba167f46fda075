// Which entry a README block imports the provider from (docs/readme-blocks.md, "Entries"): blocks are
// written for ai@7 and import `unigate-ai-provider/v4`, so every ai@7 example a reader copies imports
// from /v4. The lane runs a block on ai@7 as written, and on ai@6 with `/v4` taken off its imports: the
// one change the README tells an ai@6 reader to make. An `ai6-only` block imports the root entry itself,
// and so does the Quick start: a new user copies it before choosing an entry, on whichever `ai` npm picked
// (ai@6 on Node 20, ai@7 on Node 22), and the root entry runs on both (ai@7 adapts its V3 models).
import { lineLabel } from './extract-blocks.mjs';

const V4 = 'unigate-ai-provider/v4';
const ROOT = 'unigate-ai-provider';
/** The README's sections whose blocks import the root entry and run unchanged on both majors. */
const ROOT_ENTRY_SECTIONS = new Set(['Quick start']);

/** `from '<specifier>'` (single or double quotes), as an import or export names its module. */
const fromSpecifier = specifier => new RegExp(`(\\bfrom\\s*)(['"])${specifier.replace(/[/.]/g, '\\$&')}\\2`, 'g');

/** ai@7's names that ai@6 exports only under their experimental name (ai@7 deprecates those). */
const AI6_NAMES = { generateSpeech: 'experimental_generateSpeech', transcribe: 'experimental_transcribe' };
/** A one-line `import { ... } from 'ai'`: its opening, its names, its closing. */
const AI_IMPORT = /(\bimport\s*\{)([^}\n]*)(\}\s*from\s*(['"])ai\4)/g;

/** `name` or `name as alias` as ai@6 spells it: `experimental_generateSpeech as generateSpeech`. */
function ai6Specifier(specifier) {
  const [, lead, name, rest] = /^(\s*)([\w$]+)([^]*)$/.exec(specifier) ?? [];
  if (name === undefined || !Object.hasOwn(AI6_NAMES, name)) return specifier;
  return `${lead}${AI6_NAMES[name]}${/^\s+as\b/.test(rest) ? rest : ` as ${name}${rest}`}`;
}

/**
 * `code` as it runs on `major` (`ai6` | `ai7`): the same lines, for ai@6 importing the root entry, and
 * ai@7's `generateSpeech` and `transcribe` under the experimental names ai@6 has (the README says so).
 */
export function codeForMajor(code, major) {
  if (major !== 'ai6') return code;
  return code
    .replace(fromSpecifier(V4), `$1$2${ROOT}$2`)
    .replace(AI_IMPORT, (_, open, names, close) => `${open}${names.split(',').map(ai6Specifier).join(',')}${close}`);
}

/** The 1-based lines of `code` that import from `specifier`. */
function linesImporting(code, specifier) {
  const pattern = fromSpecifier(specifier);
  return code.split('\n').flatMap((line, i) => (line.match(pattern) ? [i + 1] : []));
}

/** The entry `block` must not import, and why. */
function wrongEntry(block) {
  if ((block.file ?? 'README.md') === 'README.md' && ROOT_ENTRY_SECTIONS.has(block.heading))
    return [V4, `is in the ${block.heading}, which imports unigate-ai-provider to run as copied on ai@6 and ai@7`];
  return block.majors.includes('ai7')
    ? [ROOT, 'runs on ai@7, so it imports unigate-ai-provider/v4']
    : [V4, 'is ai6-only, so it imports unigate-ai-provider'];
}

/**
 * The lane's check of the rule: no block run on ai@7 imports the root entry, except the Quick start's,
 * which import nothing else; no `ai6-only` block imports /v4 (which an ai@6 app cannot load). Each offence
 * names its page and line.
 */
export function entryCheck(blocks) {
  const offences = blocks.flatMap(block => {
    const [wrong, why] = wrongEntry(block);
    return linesImporting(block.code, wrong).map(
      line =>
        `${lineLabel(block.file ?? 'README.md', block.line + line - 1)}: block ${block.index} imports '${wrong}' but ${why}`,
    );
  });
  return {
    suite: 'readme package',
    title:
      'the Quick start imports the root entry, every other block run on ai@7 unigate-ai-provider/v4, every ai6-only block the root entry',
    ok: offences.length === 0,
    reason: offences.join(' | '),
  };
}
