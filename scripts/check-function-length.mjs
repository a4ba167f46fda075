#!/usr/bin/env node
// Fails when a function in src/ is longer than the limit, and prints the longest ones either way.
// A function's length runs from its declaration line to its closing brace, closures inside included.
// Usage: node scripts/check-function-length.mjs [--max=120] [--top=10] [dir...]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const found = args.find(arg => arg.startsWith(`--${name}=`));
  return found === undefined ? fallback : Number(found.slice(name.length + 3));
};
const max = option('max', 120);
const top = option('top', 10);
const roots = args.filter(arg => !arg.startsWith('--'));
if (roots.length === 0) roots.push('src');
if (!Number.isInteger(max) || max < 1 || !Number.isInteger(top) || top < 0) {
  console.error('usage: check-function-length.mjs [--max=120] [--top=10] [dir...]');
  process.exit(2);
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

// The name a reader would search for: the declaration's own, or what it is assigned to.
function nameOf(node) {
  if (node.name !== undefined) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    parent !== undefined &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  ) {
    return parent.name.getText();
  }
  return '<anonymous>';
}

function functionsIn(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = node => {
    // Signatures without a body (overloads, interface methods) are not functions one can split.
    if (ts.isFunctionLike(node) && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, line: first + 1, name: nameOf(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const functions = roots
  .flatMap(sourceFiles)
  .flatMap(functionsIn)
  .sort((a, b) => b.lines - a.lines);
const over = functions.filter(fn => fn.lines > max);
const where = fn => `${relative(process.cwd(), fn.file)}:${fn.line}`;

console.log(`Longest functions (${functions.length} in ${roots.join(', ')}; limit ${max} lines):`);
for (const fn of functions.slice(0, Math.max(top, over.length))) {
  console.log(`${fn.lines > max ? 'OVER' : '  ok'} ${String(fn.lines).padStart(4)}  ${fn.name}  ${where(fn)}`);
}
if (over.length > 0) {
  console.error(`${over.length} function(s) over ${max} lines: split them by event or by concern.`);
  process.exit(1);
}
