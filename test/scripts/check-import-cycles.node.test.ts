// The import check (scripts/check-import-cycles.mjs, run by `npm run check:cycles` and CI): cycles, and
// imports against docs/architecture.md's layer table, on a small src/ of its own and on the real one.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LAYERS, layerViolations, TOP_LEVEL_FILES } from '../../scripts/check-import-cycles.mjs';

const script = join(__dirname, '../../scripts/check-import-cycles.mjs');
let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A src/ of `files` (path -> source) in a fresh folder; the check's exit code and output on it. */
function check(files: Record<string, string>): { code: number; output: string } {
  root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  try {
    return {
      code: 0,
      output: execFileSync(process.execPath, [script, join(root, 'src')], { cwd: root, encoding: 'utf8' }),
    };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, output: failed.stdout };
  }
}

describe('check-import-cycles', () => {
  it('passes imports that point down the table or stay in their layer', () => {
    const result = check({
      'src/checks/narrow.ts': 'export const a = 1;',
      'src/errors/gateway-error.ts': "import { a } from '../checks/narrow';\nexport const b = a;",
      'src/chat/model.ts':
        "import { b } from '../errors/gateway-error';\nimport type { C } from './types';\nexport const c = b;",
      'src/chat/types.ts': 'export type C = number;',
      'src/provider/unigate-provider.ts': "import { c } from '../chat/model';\nexport const d = c;",
    });
    expect(result).toEqual({
      code: 0,
      output:
        '0 import cycle(s) in src/ (0 files), type imports included; the limit is 0.\n' +
        '0 import(s) against the layer table (docs/architecture.md); the limit is 0.\n',
    });
  });

  it("lets any layer import a feature's leaf type file (*-types.ts importing nothing), and no other file above it", () => {
    const result = check({
      'src/budget/budget-types.ts': 'export type Budget = { maxCredits: number };',
      'src/budget/budget-guard.ts':
        "import type { Budget } from './budget-types';\nexport const guard = (b: Budget) => b;",
      'src/settings/unigate-provider-settings.ts':
        "import type { Budget } from '../budget/budget-types';\nexport type Settings = { budget?: Budget };",
      'src/pricing/cost-types.ts':
        "import type { Settings } from '../settings/unigate-provider-settings';\nexport type C = Settings;",
      'src/streams/stream-extras.ts': "import type { C } from '../pricing/cost-types';\nexport type E = C;",
      // A leaf may import leaves (a diamond included): still a leaf.
      'src/resume/resume-types.ts': 'export type R = 1;',
      'src/pricing/price-types.ts': "import type { R } from '../resume/resume-types';\nexport type P = R;",
      'src/budget/charge-types.ts':
        "import type { Budget } from './budget-types';\nimport type { P } from '../pricing/price-types';\nimport type { R } from '../resume/resume-types';\nexport type Charge = [Budget, P, R];",
      'src/streams/stream-state.ts': "import type { Charge } from '../budget/charge-types';\nexport type S = Charge;",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('1 import(s) against the layer table');
    expect(result.output).toContain('stream-extras.ts');
    expect(result.output).not.toContain('unigate-provider-settings.ts ->');
  });

  it('fails on an import from a higher layer, type imports and import() included, naming both layers, one kind into another, and a cycle inside a layer', () => {
    const result = check({
      'src/transport/gateway-request.ts': "import type { S } from '../streams/sse-reader';\nexport type R = S;",
      'src/streams/sse-reader.ts': 'export type S = string;',
      'src/prompt/file-part-data.ts': "export const load = () => import('../chat/model');",
      'src/chat/model.ts': "import type { T } from '../messages/types';\nexport const m: T = 1;",
      'src/messages/types.ts': 'export type T = number;',
      'src/settings/spec-version.ts': "import { d } from '../provider/unigate-provider';\nexport const v = d;",
      'src/provider/unigate-provider.ts': 'export const d = 1;',
      'src/video/a.ts': "import { b } from './b';\nexport const a = b;",
      'src/video/b.ts': "import type { a } from './a';\nexport const b = 1 as unknown as typeof a;",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('cycle of 2 file(s): src/video/a.ts, src/video/b.ts\n');
    expect(
      result.output
        .split('\n')
        .filter(line => line.startsWith('layer:'))
        .sort(),
    ).toEqual([
      'layer: src/chat/model.ts -> src/messages/types.ts: a kind imports another kind',
      'layer: src/prompt/file-part-data.ts -> src/chat/model.ts: prompt imports kinds',
      'layer: src/settings/spec-version.ts -> src/provider/unigate-provider.ts: settings and types imports provider',
      'layer: src/transport/gateway-request.ts -> src/streams/sse-reader.ts: transport imports streams',
    ]);
    expect(result.output).toContain('4 import(s) against the layer table (docs/architecture.md); the limit is 0.');
  });

  it('keeps the emulator apart and places every folder (in process, on a graph of its own)', () => {
    const at = (path: string) => join('/r/src', path);
    const graph = new Map([
      [at('testing/emulator.ts'), [at('checks/narrow.ts')]],
      [at('checks/narrow.ts'), [at('testing/emulator.ts')]],
      [at('newfolder/x.ts'), []],
      [at('loose.ts'), []],
      [at('index.ts'), [at('v4/index.ts'), at('chat/model.ts')]],
    ]);
    expect(layerViolations(graph, '/r/src')).toEqual([
      { file: at('testing/emulator.ts'), target: at('checks/narrow.ts'), why: 'the emulator imports only itself' },
      { file: at('checks/narrow.ts'), target: at('testing/emulator.ts'), why: 'nothing imports the emulator' },
      { file: at('newfolder/x.ts'), why: 'folder newfolder is in no layer of the table' },
      { file: at('loose.ts'), why: 'folder (top level) is in no layer of the table' },
    ]);
  });

  it("places every folder and top-level file of the real src/, and its table is docs/architecture.md's", () => {
    const src = join(__dirname, '../../src');
    const placed = new Set(LAYERS.flatMap(({ folders }) => folders));
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      if (entry.isDirectory()) expect(entry.name === 'testing' || placed.has(entry.name), entry.name).toBe(true);
      else expect(Object.keys(TOP_LEVEL_FILES), entry.name).toContain(entry.name);
    }
    const doc = readFileSync(join(__dirname, '../../docs/architecture.md'), 'utf8');
    const table = doc.split('\n').filter(line => /^\| [A-Z]/.test(line) && line.includes('`src/'));
    const documented = table.map(line => [...line.split('|')[2].matchAll(/`src\/([a-z0-9-]+)\/`/g)].map(m => m[1]));
    expect(documented).toEqual(LAYERS.map(({ folders }) => folders));
  });
});
