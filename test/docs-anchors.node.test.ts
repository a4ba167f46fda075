import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchors, headingSlug } from './helpers/markdown-anchors';

// Comments cite the wire facts as `docs/<file>.md#<anchor>`. Every such citation must resolve to a file
// in docs/ with a heading of that anchor, so a renamed heading or a moved fact breaks this test, not a
// reader's trust. The service's own documents live outside the repository: citing them is refused.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = join(ROOT, 'docs');
const CITING_TREES = ['src', 'test', 'scripts', 'bench', 'examples', 'test-runtimes'];
const CODE_FILE = /\.[cm]?[jt]s$/;
const CITATION = /\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g;
// Spelled in pieces so this file does not cite them itself.
const OUTSIDE_SPECS = ['gateway-api', 'wire-conventions'].map(name => `${name}.md`);

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return CODE_FILE.test(entry.name) ? [path] : [];
  });
}

interface Citation {
  where: string;
  file: string;
  anchor?: string;
}

function citationsIn(path: string): Citation[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(CITATION)].map(match => {
    const line = text.slice(0, match.index).split('\n').length;
    return { where: `${relative(ROOT, path)}:${line}`, file: match[1], anchor: match[2] };
  });
}

/** Citations that name a missing file or a heading the file does not have, as `where -> target`. */
function unresolved(citations: Citation[]): string[] {
  const anchorsOf = new Map<string, Set<string> | undefined>();
  const anchors = (file: string) => {
    if (!anchorsOf.has(file)) {
      const path = join(DOCS, file);
      anchorsOf.set(file, existsSync(path) ? headingAnchors(readFileSync(path, 'utf8')) : undefined);
    }
    return anchorsOf.get(file);
  };
  return citations
    .filter(({ file, anchor }) => {
      const known = anchors(file);
      return known === undefined || (anchor !== undefined && !known.has(anchor));
    })
    .map(({ where, file, anchor }) => `${where} -> ${file}${anchor === undefined ? '' : `#${anchor}`}`);
}

const sourceFiles = CITING_TREES.flatMap(tree => codeFiles(join(ROOT, tree)));
const sourceCitations = sourceFiles.flatMap(citationsIn);

describe('docs anchors', () => {
  it('slugs headings the way GitHub does', () => {
    expect(headingSlug('Speech formats and content types')).toBe('speech-formats-and-content-types');
    expect(headingSlug('`GET /models`: the list')).toBe('get-models-the-list');
    expect(headingSlug('Errors inside a stream ')).toBe('errors-inside-a-stream');
    expect([...headingAnchors('# A\n## Limits\n```\n## Not a heading\n```\n### Limits\n')]).toEqual([
      'a',
      'limits',
      'limits-1',
    ]);
  });

  it('every docs file and anchor cited in the code exists', () => {
    // The comments cite the docs widely; an empty list would mean the pattern broke.
    expect(sourceCitations.length).toBeGreaterThan(50);
    expect(unresolved(sourceCitations)).toEqual([]);
  });

  it('links between the docs pages resolve', () => {
    const pages = readdirSync(DOCS).filter(name => name.endsWith('.md'));
    const links = pages.flatMap(page => {
      const text = readFileSync(join(DOCS, page), 'utf8');
      return [...text.matchAll(/\]\(([\w.-]*\.md)?(?:#([\w-]+))?\)/g)].map(match => ({
        where: `docs/${page}`,
        file: match[1] ?? page,
        anchor: match[2],
      }));
    });
    expect(links.length).toBeGreaterThan(0);
    expect(unresolved(links)).toEqual([]);
  });

  it('nothing cites the specification files kept outside the repository', () => {
    const offenders = sourceFiles.flatMap(path => {
      const text = readFileSync(path, 'utf8');
      return OUTSIDE_SPECS.filter(name => text.includes(name)).map(name => `${relative(ROOT, path)} cites ${name}`);
    });
    expect(offenders).toEqual([]);
  });
});
