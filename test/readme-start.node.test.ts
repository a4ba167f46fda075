// The README's start: a quick start a new user can read in one screen, then a table of capabilities
// that reaches every topic's page in docs/, so the README stays short as the package grows. (The README
// lane runs the quick start and every block of docs/.)
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headingAnchors } from './helpers/markdown-anchors';

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

  it('is at most 400 lines, and keeps the two commands CI runs', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(400);
    expect(README).toContain('npm ci && npm run demo');
    expect(README).toContain('npm ci && npm test');
  });

  it('has a table of capabilities, each row linking its page in docs/, at a heading that page has', () => {
    const table = sectionLines(README, 'What it does').filter(
      line => line.startsWith('| ') && !line.startsWith('| capability'),
    );
    const rows = table.filter(line => !/^\|[-| ]+\|$/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) expect(row, row).toMatch(/\]\(docs\/[\w.-]+\.md(#[\w-]+)?\)/);
    for (const topic of [
      'streaming.md',
      'resume.md',
      'costs-and-pricing.md',
      'telemetry.md',
      'budgets.md',
      'fallback.md',
      'errors-and-retries.md',
      'emulator.md',
      'ai7.md',
    ])
      expect(
        rows.some(row => row.includes(`(docs/${topic}`)),
        topic,
      ).toBe(true);
  });

  it('links only to docs pages and headings that exist', () => {
    const links = [...README.matchAll(/\]\((docs\/[\w.-]+\.md)(?:#([\w-]+))?\)/g)].map(([, file, anchor]) => ({
      file: file!,
      anchor,
    }));
    expect(links.length).toBeGreaterThan(15);
    const missing = links.filter(({ file, anchor }) => {
      const path = new URL(`../${file}`, import.meta.url);
      if (!existsSync(path)) return true;
      return anchor !== undefined && !headingAnchors(readFileSync(path, 'utf8')).has(anchor);
    });
    expect(missing).toEqual([]);
  });

  it('every in-page link of the README reaches a heading', () => {
    const anchors = headingAnchors(README);
    const targets = [...README.matchAll(/\]\(#([\w-]+)\)/g)].map(match => match[1]!);
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter(target => !anchors.has(target))).toEqual([]);
  });
});
