#!/usr/bin/env node
// The files a module loads when it is imported: its static value imports, followed transitively
// (`import type`, type-only specifiers and `import()` are not followed: they load nothing, or load later).
// Prints the count of files and lines, and with --list each file.
// Usage: node scripts/count-import-closure.mjs [--list] src/chat/unigate-chat-language-model.ts [...]
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { resolveSpecifier } from './check-import-cycles.mjs';

const args = process.argv.slice(2);
const list = args.includes('--list');
const entries = args.filter(arg => !arg.startsWith('--'));
if (entries.length === 0) {
  console.error('usage: count-import-closure.mjs [--list] FILE [FILE...]');
  process.exit(2);
}

/** True when the declaration loads its module at run time. */
function loadsValue(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (clause === undefined) return true; // import './x'
    if (clause.isTypeOnly) return false;
    if (clause.name !== undefined) return true;
    const bindings = clause.namedBindings;
    if (bindings === undefined || ts.isNamespaceImport(bindings)) return true;
    // `import { type A } from './x'` loads ./x anyway under verbatim module syntax only when a value is named;
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

function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const targets = [];
  for (const statement of source.statements) {
    if (!loadsValue(statement)) continue;
    const target = resolveSpecifier(file, statement.moduleSpecifier.text);
    if (target !== undefined) targets.push(target);
  }
  return targets;
}

for (const entry of entries) {
  const seen = new Set();
  const queue = [resolve(entry)];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...valueImports(file));
  }
  const files = [...seen].sort();
  const lines = files.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length, 0);
  console.log(`${entry}: ${files.length} files, ${lines} lines in its static value import closure`);
  if (list) for (const file of files) console.log(`  ${relative(process.cwd(), file)}`);
}
