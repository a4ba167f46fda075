#!/usr/bin/env node
// Counts type assertions (`x as T`, `<T>x`; `as const` excluded) per 1,000 non-blank lines, so the
// cast density can be compared with the anchors (@ai-sdk/openai, @ai-sdk/anthropic).
// Usage: node scripts/count-casts.mjs [--list] [dir...]   (default: src, without src/testing/)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const roots = args.filter(arg => !arg.startsWith('--'));
if (roots.length === 0) roots.push('src');
// The emulator is test tooling, not provider code.
const excluded = `${join('src', 'testing')}${sep}`;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (`${path}${sep}`.startsWith(excluded) || path.startsWith(excluded)) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isAsConst = node =>
  ts.isTypeReferenceNode(node.type) && ts.isIdentifier(node.type.typeName) && node.type.typeName.text === 'const';

let casts = 0;
let lines = 0;
const found = [];
for (const file of roots.flatMap(sourceFiles)) {
  const text = readFileSync(file, 'utf8');
  lines += text.split('\n').filter(line => line.trim() !== '').length;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = node => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node)) {
      casts += 1;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative('.', file)}:${line + 1}: ${node.getText().replace(/\s+/g, ' ').slice(0, 100)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
if (list) for (const entry of found) console.log(entry);
const density = lines === 0 ? 0 : (casts * 1000) / lines;
console.log(`${casts} casts in ${lines} non-blank lines: ${density.toFixed(1)} per 1,000 lines`);
