#!/usr/bin/env node
// Fails when the files of src/ import each other in a cycle, type-only imports and re-exports included,
// or when a file imports from a folder of a higher layer than its own: the layers of
// docs/architecture.md point one way (LAYERS below is its table), and a cycle is where they stop doing so.
// Prints each cycle (its strongly connected set of files, and one loop through it) and each upward import.
// Usage: node scripts/check-import-cycles.mjs [--max=0] [dir]
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * docs/architecture.md's layer table, bottom up: the folders of src/ in each layer. A file may import
 * from its own layer and the layers below, never from a higher one.
 */
export const LAYERS = [
  { layer: 'checks', folders: ['checks'] },
  { layer: 'settings and types', folders: ['settings'] },
  { layer: 'errors', folders: ['errors'] },
  { layer: 'transport', folders: ['transport'] },
  { layer: 'streams', folders: ['streams'] },
  { layer: 'prompt', folders: ['prompt'] },
  { layer: 'catalog', folders: ['catalog'] },
  { layer: 'pricing', folders: ['pricing'] },
  { layer: 'model call', folders: ['model-call'] },
  { layer: 'resume', folders: ['resume'] },
  { layer: 'kinds', folders: ['chat', 'messages', 'embedding', 'speech', 'transcription', 'image', 'video'] },
  { layer: 'wrappers', folders: ['fallback', 'budget', 'spec-adapters'] },
  { layer: 'provider', folders: ['provider', 'v4'] },
];

/** Files still at the top of src/, by the folder they belong in (`src/settings/`, `src/provider/`). */
export const TOP_LEVEL_FILES = {
  'public-api.ts': 'provider',
  'index.ts': 'provider',
};

/** The emulator (`src/testing/`) stands apart: it imports nothing from the other folders, nor they from it. */
export const APART = 'testing';

/**
 * The folder a file of `root` counts as: its first folder under `root`, or for a file at the top, the
 * folder `TOP_LEVEL_FILES` names. Undefined for a file the table does not place.
 */
export function folderOf(file, root) {
  const parts = relative(root, file).split(sep);
  return parts.length === 1 ? TOP_LEVEL_FILES[parts[0]] : parts[0];
}

/** The index of a folder's layer in LAYERS, or -1 when the table does not name it. */
export function layerIndex(folder) {
  return LAYERS.findIndex(({ folders }) => folders.includes(folder));
}

/** `file` is a `*-types.ts` file whose imports are all leaf type files themselves (none, at the bottom). */
function isLeafTypeFile(graph, file, known = new Map()) {
  if (!file.endsWith('-types.ts')) return false;
  if (!known.has(file)) {
    known.set(file, false); // in progress: a cycle is no leaf
    known.set(
      file,
      (graph.get(file) ?? []).every(target => isLeafTypeFile(graph, target, known)),
    );
  }
  return known.get(file);
}

/**
 * The imports of `graph` (file -> files it imports) that break the layer table: into a higher layer,
 * from one kind into another, into or out of the emulator, and any file in a folder the table does not place (one entry per file).
 */
export function layerViolations(graph, root) {
  const problems = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file, root);
    if (from === APART) {
      for (const target of targets)
        if (folderOf(target, root) !== APART) problems.push({ file, target, why: 'the emulator imports only itself' });
      continue;
    }
    const fromLayer = layerIndex(from);
    if (fromLayer < 0) {
      problems.push({ file, why: `folder ${from ?? '(top level)'} is in no layer of the table` });
      continue;
    }
    for (const target of targets) {
      const to = folderOf(target, root);
      // A leaf type file (`*-types.ts` importing nothing from the package but other leaf type files) keeps a
      // feature's public types beside it: it carries nothing upward, so any layer may import it.
      if (to !== APART && isLeafTypeFile(graph, target)) continue;
      if (to === APART) problems.push({ file, target, why: 'nothing imports the emulator' });
      else if (LAYERS[fromLayer].layer === 'kinds' && layerIndex(to) === fromLayer && to !== from)
        problems.push({ file, target, why: 'a kind imports another kind' });
      else if (layerIndex(to) > fromLayer)
        problems.push({ file, target, why: `${LAYERS[fromLayer].layer} imports ${LAYERS[layerIndex(to)].layer}` });
    }
  }
  return problems;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [resolve(path)] : [];
  });
}

/** The file a relative specifier names: `./x` is `x.ts` or `x/index.ts`. Packages are not ours. */
export function resolveSpecifier(from, specifier) {
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

// Tarjan's strongly connected components: every component of two or more files (or a file importing
// itself) is a cycle.
/** Every strongly connected set of two or more files (or a file importing itself) of `graph`. */
export function cyclesOf(graph) {
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
  for (const file of graph.keys()) if (!indices.has(file)) connect(file);
  return components;
}

/** One loop through a component, by breadth-first search back to its first file. */
function loopThrough(graph, component) {
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

function main() {
  const args = process.argv.slice(2);
  const maxArg = args.find(arg => arg.startsWith('--max='));
  const max = maxArg === undefined ? 0 : Number(maxArg.slice(6));
  const root = resolve(args.find(arg => !arg.startsWith('--')) ?? 'src');
  if (!Number.isInteger(max) || max < 0) {
    console.error('usage: check-import-cycles.mjs [--max=0] [dir]');
    process.exit(2);
  }
  const graph = new Map(sourceFiles(root).map(file => [file, importsOf(file)]));
  const components = cyclesOf(graph);
  const shown = file => relative(process.cwd(), file);
  for (const component of components) {
    console.log(`cycle of ${component.length} file(s): ${component.map(shown).sort().join(', ')}`);
    console.log(`  e.g. ${loopThrough(graph, component).map(shown).join(' -> ')}`);
  }
  const inCycles = components.reduce((sum, component) => sum + component.length, 0);
  console.log(
    `${components.length} import cycle(s) in ${shown(root)}/ (${inCycles} files), type imports included; the limit is ${max}.`,
  );
  const upward = layerViolations(graph, root);
  for (const { file, target, why } of upward)
    console.log(`layer: ${shown(file)}${target ? ` -> ${shown(target)}` : ''}: ${why}`);
  console.log(`${upward.length} import(s) against the layer table (docs/architecture.md); the limit is 0.`);
  process.exit(components.length > max || upward.length > 0 ? 1 : 0);
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) main();
