// Every type that appears in an exported signature is itself exported, so users can name what they hold.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checker, entries, exportsOf, resolve, root, srcDir } from '../helpers/public-entries';

const inSource = (symbol: ts.Symbol): boolean =>
  (symbol.declarations ?? []).some(declaration => declaration.getSourceFile().fileName.startsWith(srcDir));

const isHidden = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some(
    modifier => modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword,
  );

/** The package's own symbols a declaration's public signature mentions (bodies and private members skipped). */
function referencedSymbols(declaration: ts.Node): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  const add = (symbol: ts.Symbol | undefined) => {
    if (symbol === undefined) return;
    const target = resolve(symbol);
    if (inSource(target)) found.push(target);
  };
  const addType = (type: ts.Type) => {
    add(type.aliasSymbol);
    add(type.getSymbol());
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) || isHidden(node) || ts.isPrivateIdentifier(node)) return;
    if (ts.isTypeReferenceNode(node)) add(checker.getSymbolAtLocation(node.typeName));
    else if (ts.isExpressionWithTypeArguments(node)) add(checker.getSymbolAtLocation(node.expression));
    else if (ts.isTypeQueryNode(node)) add(checker.getSymbolAtLocation(node.exprName));
    // A signature without annotations still has a type: the one a user sees in their editor.
    if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) && node.type === undefined) {
      addType(checker.getTypeAtLocation(node.name));
      return;
    }
    if (ts.isFunctionLike(node) && node.type === undefined && !ts.isConstructorDeclaration(node)) {
      const signature = checker.getSignatureFromDeclaration(node);
      if (signature !== undefined) addType(checker.getReturnTypeOfSignature(signature));
    }
    if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) {
      if (node.type !== undefined) visit(node.type);
      return; // initializers are implementation
    }
    ts.forEachChild(node, visit);
  };
  visit(declaration);
  return found;
}

/** `Name (file)` for each package type reachable from an entry's exports that the entry does not export. */
function unexportedTypes(entry: string): string[] {
  const exported = new Set(exportsOf(entry).map(resolve));
  const seen = new Set<ts.Symbol>();
  const missing: string[] = [];
  const queue = [...exported];
  while (queue.length > 0) {
    const symbol = queue.pop()!;
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    // A generic's type parameters (`Language` in `UnigateProviderOf<Language, ...>`) are not types to export.
    const isTypeParameter = (symbol.flags & ts.SymbolFlags.TypeParameter) !== 0;
    if (!exported.has(symbol) && !isTypeParameter && symbol.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Class)) {
      const file = symbol.declarations![0]!.getSourceFile().fileName.slice(root.length);
      missing.push(`${symbol.name} (${file})`);
    }
    for (const declaration of symbol.declarations ?? []) queue.push(...referencedSymbols(declaration));
  }
  return missing.sort();
}

describe('exported signatures', () => {
  it.each(entries.map(entry => [entry.slice(root.length), entry]))(
    '%s exports every type its exports mention',
    (_name, entry) => {
      expect(unexportedTypes(entry)).toEqual([]);
    },
  );
});
