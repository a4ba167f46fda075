// Turns README blocks into module files of a consumer project. A block keeps its lines exactly (so a
// compiler's line N is the block's line N); the names it uses without declaring, which an earlier
// block gave the reader, are imported at the end from readme-context.ts (imports are hoisted).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';

/** The names each AI SDK major exports differently; the context re-exports them under one name. */
const MAJOR_EXPORTS = {
  ai6: "export { experimental_generateSpeech as generateSpeech, experimental_transcribe as transcribe } from 'ai';",
  ai7: "export { generateSpeech, transcribe } from 'ai';",
};

function parse(name, code) {
  return ts.createSourceFile(name, code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
}

function bindingNames(name, into) {
  if (ts.isIdentifier(name)) into.add(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, into);
}

/** Adds the names `statement` declares (imports included) to `names`. */
function addDeclaredNames(statement, names) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.name) names.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
  } else if (ts.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) bindingNames(declaration.name, names);
  } else if (statement.name && ts.isIdentifier(statement.name)) {
    names.add(statement.name.text); // functions, classes, interfaces, types, enums
  }
}

/** Names a module declares at its top level. */
function declaredNames(source) {
  const names = new Set();
  for (const statement of source.statements) addDeclaredNames(statement, names);
  return names;
}

/** Names the context module exports. */
function exportedNames(source) {
  const names = new Set();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some(m => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      addDeclaredNames(statement, names);
    }
  }
  return names;
}

/** Whether `node` names a property (`{ prompt: x }`, `a.prompt`) rather than referring to a binding. */
function isPropertyName(node) {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent))
    return parent.name === node || parent.right === node;
  if (ts.isBindingElement(parent)) return parent.propertyName === node;
  return (
    (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) &&
    parent.name === node
  );
}

/** Identifiers that refer to a binding; shorthand `{ weather }` counts, `{ prompt: x }` does not. */
function usedIdentifiers(source) {
  const names = new Set();
  const visit = node => {
    if (ts.isIdentifier(node) && !isPropertyName(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

export function blockFileName(block) {
  return `block-${String(block.index).padStart(2, '0')}.ts`;
}

/** The context's source for `major`: the shared file plus the names that differ by major. */
export async function contextSource(major) {
  const shared = await readFile(new URL('./readme-context.ts', import.meta.url), 'utf8');
  return `${shared}\n${MAJOR_EXPORTS[major]}\n`;
}

/** Writes readme-context.ts and one file per block into `dir`; resolves with the block files' names. */
export async function writeBlockFiles(dir, blocks, context) {
  const available = exportedNames(parse('readme-context.ts', context));
  await writeFile(join(dir, 'readme-context.ts'), context);
  return Promise.all(
    blocks.map(async block => {
      const name = blockFileName(block);
      const source = parse(name, block.code);
      const declared = declaredNames(source);
      const wanted = [...usedIdentifiers(source)].filter(id => available.has(id) && !declared.has(id)).sort();
      const tail = wanted.length === 0 ? '' : `import { ${wanted.join(', ')} } from './readme-context.js';\n`;
      await writeFile(join(dir, name), `${block.code}\nexport {};\n${tail}`);
      return name;
    }),
  );
}
