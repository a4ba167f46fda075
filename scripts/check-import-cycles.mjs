#!/usr/bin/env node
// Fails when the files of src/ import each other in a cycle, type-only imports and re-exports included:
// the layers of docs/architecture.md point one way, and a cycle is where they stop doing so.
// Prints each cycle (its strongly connected set of files, and one loop through it).
// Usage: node scripts/check-import-cycles.mjs [--max=0] [dir]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const maxArg = args.find(arg => arg.startsWith('--max='));
const max = maxArg === undefined ? 0 : Number(maxArg.slice(6));
const root = args.find(arg => !arg.startsWith('--')) ?? 'src';
if (!Number.isInteger(max) || max < 0) {
  console.error('usage: check-import-cycles.mjs [--max=0] [dir]');
  process.exit(2);
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [resolve(path)] : [];
  });
}

/** The file a relative specifier names: `./x` is `x.ts` or `x/index.ts`. Packages are not ours. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Every file `file` imports or re-exports from, `import type` and `import('…')` types included. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const targets = new Set();
  const visit = node => {
    let specifier;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      specifier = node.moduleSpecifier;
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier = node.argument.literal;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      specifier = node.arguments[0];
    if (specifier !== undefined && ts.isStringLiteral(specifier)) {
      const target = resolveSpecifier(file, specifier.text);
      if (target !== undefined) targets.add(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...targets];
}

const files = sourceFiles(root);
const graph = new Map(files.map(file => [file, importsOf(file)]));

// Tarjan's strongly connected components: every component of two or more files (or a file importing
// itself) is a cycle.
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function connect(file) {
  indices.set(file, index);
  lowlinks.set(file, index);
  index++;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!indices.has(next)) {
      connect(next);
      lowlinks.set(file, Math.min(lowlinks.get(file), lowlinks.get(next)));
    } else if (onStack.has(next)) lowlinks.set(file, Math.min(lowlinks.get(file), indices.get(next)));
  }
  if (lowlinks.get(file) === indices.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component);
  }
}
for (const file of files) if (!indices.has(file)) connect(file);

/** One loop through a component, by breadth-first search back to its first file. */
function loopThrough(component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = file; at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

const shown = file => relative(process.cwd(), file);
for (const component of components) {
  console.log(`cycle of ${component.length} file(s): ${component.map(shown).sort().join(', ')}`);
  console.log(`  e.g. ${loopThrough(component).map(shown).join(' -> ')}`);
}
const inCycles = components.reduce((sum, component) => sum + component.length, 0);
console.log(
  `${components.length} import cycle(s) in ${root}/ (${inCycles} files), type imports included; the limit is ${max}.`,
);
process.exit(components.length > max ? 1 : 0);
