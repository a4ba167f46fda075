// The README's start: a quick start a new user can read in one screen, then contents that reach every
// section, so the reference below stays findable as it grows. (The README lane runs the quick start.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headingAnchors, headingSlug } from './helpers/markdown-anchors';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The `##` headings outside code fences, with their line index. */
function sections(markdown: string): Array<{ title: string; index: number }> {
  let fenced = false;
  return markdown.split('\n').flatMap((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced && line.startsWith('## ') ? [{ title: line.slice(3).trim(), index }] : [];
  });
}

/** The lines of the `##` section titled `title`, its heading included, without the blank lines that end it. */
function sectionLines(markdown: string, title: string): string[] {
  const all = sections(markdown);
  const at = all.findIndex(section => section.title === title);
  if (at === -1) return [];
  const lines = markdown.split('\n').slice(all[at]!.index, all[at + 1]?.index);
  while (lines.at(-1)?.trim() === '') lines.pop();
  return lines;
}

describe('README start', () => {
  it('opens with a quick start of at most 25 lines: the emulator first, then the gateway', () => {
    expect(sections(README)[0]?.title).toBe('Quick start');
    const quickStart = sectionLines(README, 'Quick start');
    expect(quickStart.length).toBeGreaterThan(10);
    expect(quickStart.length).toBeLessThanOrEqual(25);
    const text = quickStart.join('\n');
    expect(text).toContain('npm install ');
    expect(text.indexOf('createUnigateEmulator().settings')).toBeLessThan(text.indexOf("unigate('gpt-4o-mini')"));
    expect(text.match(/await generateText\(/g)).toHaveLength(2);
    expect(text.match(/= streamText\(/g)).toHaveLength(2);
  });

  it('then contents that link every other ## section, in order, each to a heading the README has', () => {
    const contents = sectionLines(README, 'Contents').slice(1).join('\n');
    const links = [...contents.matchAll(/^- \[(.+)\]\(#([\w-]+)\)$/gm)].map(([, title, anchor]) => ({ title, anchor }));
    const titles = sections(README)
      .map(section => section.title)
      .filter(title => title !== 'Quick start' && title !== 'Contents');
    expect(links.map(link => link.title)).toEqual(titles);
    expect(links.map(link => link.anchor)).toEqual(titles.map(headingSlug));
    const anchors = headingAnchors(README);
    expect(links.filter(link => !anchors.has(link.anchor!))).toEqual([]);
  });

  it('every in-page link of the README reaches a heading', () => {
    const anchors = headingAnchors(README);
    const targets = [...README.matchAll(/\]\(#([\w-]+)\)/g)].map(match => match[1]!);
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.filter(target => !anchors.has(target))).toEqual([]);
  });
});
