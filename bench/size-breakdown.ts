/**
 * What the whole package (the root entry with every call it loads, src/index.ts bundled as `npm run size`
 * measures dist/index.js) is made of, min+gzip: the cost of each src/ folder, measured by bundling with that
 * folder's modules replaced by stubs exporting the same names (so what only that folder uses goes too), and
 * the cost of the package's own prose, the string literals of 40 characters or more (error and warning
 * texts), measured by emptying them. Run: npm run bench:size.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, buildSync, type Plugin } from 'esbuild';
import ts from 'typescript';
import { COMMON } from './bundle-size';

const root = fileURLToPath(new URL('..', import.meta.url));
const PROSE_CHARACTERS = 40;

async function gzipBytes(plugins: Plugin[] = []): Promise<number> {
  const result = await build({ ...COMMON, metafile: false, entryPoints: [join(root, 'src/index.ts')], plugins });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).byteLength;
}

/** The names a module exports (esbuild's own reading of it). */
function exportedNames(file: string): string[] {
  const result = buildSync({ entryPoints: [file], bundle: false, write: false, metafile: true, format: 'esm' });
  return Object.values(result.metafile.outputs)[0]?.exports ?? [];
}

/** Replaces every module under `folder` by one exporting the same names, each undefined. */
function stubbing(folder: string): Plugin {
  return {
    name: 'stub-folder',
    setup(plugin) {
      plugin.onLoad({ filter: /\.ts$/ }, args => {
        if (!args.path.startsWith(`${folder}/`)) return undefined;
        const names = exportedNames(args.path);
        const contents = names
          .map(name => (name === 'default' ? 'export default undefined;' : `export const ${name} = undefined;`))
          .join('\n');
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** The text of each string literal of PROSE_CHARACTERS or more in a src/ module, emptied. */
function withoutProse(): Plugin {
  return {
    name: 'empty-prose',
    setup(plugin) {
      plugin.onLoad({ filter: /\/src\/.*\.ts$/ }, args => {
        const text = readFileSync(args.path, 'utf8');
        const source = ts.createSourceFile(args.path, text, ts.ScriptTarget.Latest, true);
        const cuts: Array<[number, number]> = [];
        const visit = (node: ts.Node): void => {
          const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
          // A module specifier is a string too: left as it is.
          const specifier = literal && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent));
          if (literal && node.text.length >= PROSE_CHARACTERS && !specifier)
            cuts.push([node.getStart(source) + 1, node.end - 1]);
          else if (ts.isTemplateExpression(node) && node.getText(source).length >= PROSE_CHARACTERS) {
            cuts.push([node.head.getStart(source) + 1, node.head.end - 2]);
            for (const span of node.templateSpans) {
              cuts.push([
                span.literal.getStart(source) + 1,
                span.literal.end - (ts.isTemplateTail(span.literal) ? 1 : 2),
              ]);
            }
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
        let contents = text;
        for (const [start, end] of cuts.sort((a, b) => b[0] - a[0]))
          contents = contents.slice(0, start) + contents.slice(end);
        return { contents, loader: 'ts' };
      });
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const whole = await gzipBytes();
console.log(`whole package from src/index.ts: ${kb(whole)} min+gzip`);
const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
  .filter(entry => entry.isDirectory() && entry.name !== 'testing' && entry.name !== 'provider' && entry.name !== 'v4')
  .map(entry => entry.name);
const costs: Array<[string, number]> = [];
for (const folder of folders) costs.push([folder, whole - (await gzipBytes([stubbing(join(root, 'src', folder))]))]);
console.log('what each folder costs it (the folder stubbed out, with what only it uses):');
for (const [folder, bytes] of costs.sort((a, b) => b[1] - a[1])) console.log(`  src/${folder}: ${kb(bytes)}`);
const prose = whole - (await gzipBytes([withoutProse()]));
console.log(
  `the package's prose (string literals of ${PROSE_CHARACTERS}+ characters: error and warning texts): ${kb(prose)}; without any of it the whole would be ${kb(whole - prose)}`,
);
