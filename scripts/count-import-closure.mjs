#!/usr/bin/env node
// What a reader (and the runtime) must follow to understand a module, in three figures:
// - static: its value imports, followed transitively: what importing it loads (`import type`,
//   type-only specifiers and `import()` load nothing then);
// - import(): the same with every `import('./literal')` followed too: what its calls can load;
// - through the context: what a model reaches with no import at all, through the context createUnigate
//   hands it (src/model-call/model-context.ts): the modules whose types the context names (pricing, the
//   catalog and its cache, the connection), with their own import() closures, less what the model's
//   import() closure already holds. They are counted apart, not added to the import() figure.
// Usage: node scripts/count-import-closure.mjs [--list] [FILE...]; with no FILE, the chat and messages
// language models. --list prints each closure's files.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { resolveSpecifier } from './check-import-cycles.mjs';

const LANGUAGE_MODELS = ['src/chat/unigate-chat-language-model.ts', 'src/messages/unigate-messages-language-model.ts'];
const CONTEXT = 'src/model-call/model-context.ts';

const args = process.argv.slice(2);
const list = args.includes('--list');
const named = args.filter(arg => !arg.startsWith('--'));
const entries = named.length > 0 ? named : LANGUAGE_MODELS;

/** True when the declaration loads its module at run time. */
function loadsValue(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (clause === undefined) return true; // import './x'
    if (clause.isTypeOnly) return false;
    if (clause.name !== undefined) return true;
    const bindings = clause.namedBindings;
    if (bindings === undefined || ts.isNamespaceImport(bindings)) return true;
    // bundlers drop an import whose every specifier is a type.
    return bindings.elements.some(element => !element.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly || node.moduleSpecifier === undefined) return false;
    const clause = node.exportClause;
    if (clause === undefined || ts.isNamespaceExport(clause)) return true;
    return clause.elements.some(element => !element.isTypeOnly);
  }
  return false;
}

const parsed = new Map();
/** The file's imports: `value` (static value imports), `lazy` (`import('./x')`), `types` (`import type`). */
function importsOf(file) {
  if (parsed.has(file)) return parsed.get(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = { value: [], lazy: [], types: [] };
  const add = (kind, specifier) => {
    const target = resolveSpecifier(file, specifier);
    if (target !== undefined) found[kind].push(target);
  };
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier)
      add(loadsValue(statement) ? 'value' : 'types', statement.moduleSpecifier.text);
  }
  const visit = node => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      add('lazy', node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, found);
  return found;
}

/** The files reached from `starts` through the import kinds named. */
function closure(starts, kinds) {
  const seen = new Set();
  const queue = starts.map(file => resolve(file));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const imports = importsOf(file);
    for (const kind of kinds) queue.push(...imports[kind]);
  }
  return seen;
}

function figure(files) {
  const lines = [...files].reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length, 0);
  return `${files.size} files, ${lines} lines`;
}

function print(title, files) {
  console.log(`  ${title}`);
  if (list) for (const file of [...files].sort()) console.log(`    ${relative(process.cwd(), file)}`);
}

const contextModules = importsOf(resolve(CONTEXT)).types;
for (const entry of entries) {
  const direct = closure([entry], ['value']);
  const loaded = closure([entry], ['value', 'lazy']);
  console.log(entry);
  print(`static: ${figure(direct)} (loaded when it is imported)`, direct);
  print(`import(): ${figure(loaded)} (what its calls can load, import() followed)`, loaded);
  if (!loaded.has(resolve(CONTEXT)) && !closure([entry], ['value', 'lazy', 'types']).has(resolve(CONTEXT))) continue;
  const reached = new Set([...closure(contextModules, ['value', 'lazy'])].filter(file => !loaded.has(file)));
  print(`through the context: ${figure(reached)} more (pricing, catalog, connection: ${CONTEXT})`, reached);
}
