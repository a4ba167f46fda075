// The public surface, pinned: a name added to or dropped from either entry must be a decision, made here
// and noted in the CHANGELOG.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { entries, exportsOf, resolve, root } from './helpers/public-entries';

/** Names an entry exports only as types (no runtime value), sorted. */
const typeOnlyNames = (entry: string): string[] =>
  exportsOf(entry)
    .filter(symbol => !(resolve(symbol).flags & ts.SymbolFlags.Value))
    .map(symbol => symbol.name)
    .sort();

const ROOT_VALUES = [
  'UnigateVideoJobError',
  'VERSION',
  'costExceeds',
  'createUnigate',
  'postgresBudgetStore',
  'toSrt',
  'toVtt',
  'unigate',
  'unigateChatMetadata',
  'unigateCost',
  'unigateError',
  'unigateFallback',
  'unigateImageMetadata',
  'unigateMessagesMetadata',
  'unigateSpeechMetadata',
  'unigateTranscriptionMetadata',
  'unigateVideoMetadata',
];
const ROOT_TYPES = [
  'AnyLanguageModel',
  'LanguageModelOfSpecV4',
  'PostgresBudgetStore',
  'PostgresBudgetStoreSettings',
  'PostgresQuery',
  'UnigateBudget',
  'UnigateBudgetCall',
  'UnigateBudgetPeriod',
  'UnigateBudgetReservation',
  'UnigateBudgetStanding',
  'UnigateBudgetStore',
  'UnigateCacheControl',
  'UnigateCaching',
  'UnigateCatalog',
  'UnigateCatalogEntry',
  'UnigateCatalogPage',
  'UnigateCatalogProvider',
  'UnigateCatalogQuery',
  'UnigateChargeEnding',
  'UnigateChargeEvent',
  'UnigateChatChoice',
  'UnigateChatModelId',
  'UnigateChatProviderMetadata',
  'UnigateChatProviderOptions',
  'UnigateCompletedVideoJob',
  'UnigateCost',
  'UnigateCostEstimateRequest',
  'UnigateCostSource',
  'UnigateCostSteps',
  'UnigateCreatedVideoJob',
  'UnigateEmbeddingModelId',
  'UnigateEmbeddingProviderOptions',
  'UnigateErrorData',
  'UnigateErrorKind',
  'UnigateFallbackAttempt',
  'UnigateFallbackMetadata',
  'UnigateFallbackOptions',
  'UnigateFallbackSegment',
  'UnigateFallbackSkip',
  'UnigateFormat',
  'UnigateImageMetadata',
  'UnigateImageModelId',
  'UnigateImageProviderMetadata',
  'UnigateImageProviderOptions',
  'UnigateMessagesModelId',
  'UnigateMessagesProviderMetadata',
  'UnigateMessagesProviderOptions',
  'UnigateMetadataSource',
  'UnigateModel',
  'UnigateModelPrice',
  'UnigateModelType',
  'UnigatePriceTable',
  'UnigatePricing',
  'UnigateProvider',
  'UnigateProviderOf',
  'UnigateProviderSettings',
  'UnigateRequestOptions',
  'UnigateResume',
  'UnigateResumeMode',
  'UnigateResumeReason',
  'UnigateSpeechFormat',
  'UnigateSpeechModelId',
  'UnigateSpeechProviderMetadata',
  'UnigateSpeechProviderOptions',
  'UnigateSpeechVoice',
  'UnigateStreamCostSource',
  'UnigateStreamMetadataSource',
  'UnigateTranscriptionLanguage',
  'UnigateTranscriptionModelId',
  'UnigateTranscriptionProviderMetadata',
  'UnigateTranscriptionProviderOptions',
  'UnigateTranscriptionResponseFormat',
  'UnigateTranscriptionSegment',
  'UnigateVideoJob',
  'UnigateVideoJobRequestOptions',
  'UnigateVideoJobStatus',
  'UnigateVideoJobs',
  'UnigateVideoModelId',
  'UnigateVideoModelSettings',
  'UnigateVideoModelV3',
  'UnigateVideoProviderMetadata',
  'UnigateVideoProviderOptions',
  'UnigateVideoRequest',
  'UnigateVideoResponseInfo',
  'UnigateVideoStartResult',
  'UnigateVideoStatusResult',
  'UnigateVideoWaitOptions',
];
const TESTING_VALUES = ['EMULATOR_API_KEY', 'SAMPLE_MODELS', 'createUnigateEmulator'];
const TESTING_TYPES = [
  'UnigateEmulator',
  'UnigateEmulatorDownload',
  'UnigateEmulatorModel',
  'UnigateEmulatorOptions',
  'UnigateEmulatorRequestLogEntry',
  'UnigateEmulatorServer',
  'UnigateEmulatorSettings',
  'UnigateEmulatorVideoJobTiming',
];

describe('unigate-ai-provider exports', () => {
  it('these values', async () => {
    expect(Object.keys(await import('../src')).sort()).toEqual(ROOT_VALUES);
  });

  it('these types', () => {
    expect(typeOnlyNames(entries[0]!)).toEqual(ROOT_TYPES);
  });
});

describe('unigate-ai-provider/testing exports', () => {
  it('these values', async () => {
    expect(Object.keys(await import('../src/testing')).sort()).toEqual(TESTING_VALUES);
  });

  it('these types', () => {
    expect(typeOnlyNames(entries[1]!)).toEqual(TESTING_TYPES);
  });
});

describe('unigate-ai-provider/v4 exports', () => {
  it('the root entry’s values', async () => {
    expect(Object.keys(await import('../src/v4')).sort()).toEqual(ROOT_VALUES);
  });

  it('the root entry’s types, and its video model type', () => {
    expect(typeOnlyNames(entries[2]!)).toEqual([...ROOT_TYPES, 'UnigateVideoModelV4'].sort());
  });
});

/**
 * An app with the package.json as published under node_modules and an empty file at every path its
 * exports name, so Node and TypeScript resolve the specifiers exactly as in an app, build or no build.
 */
function appWithPackage(): string {
  const app = mkdtempSync(join(tmpdir(), 'unigate-exports-'));
  const dir = join(app, 'node_modules', 'unigate-ai-provider');
  const manifest = readFileSync(join(root, 'package.json'), 'utf8');
  const targets = JSON.stringify(JSON.parse(manifest).exports).match(/"\.\/dist\/[^"]+"/g) ?? [];
  for (const target of targets) {
    const file = join(dir, JSON.parse(target));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
  }
  writeFileSync(join(dir, 'package.json'), manifest);
  return app;
}

describe('unigate-ai-provider/v4 resolves as an ESM-only entry', () => {
  const app = appWithPackage();
  afterAll(() => rmSync(app, { recursive: true, force: true }));
  const inApp = (path: string) => join(app, 'node_modules', 'unigate-ai-provider', path);
  /** The declaration file TypeScript finds for `unigate-ai-provider/v4` from an importer of `mode`. */
  const typesFrom = (moduleResolution: ts.ModuleResolutionKind, mode: ts.ResolutionMode = ts.ModuleKind.ESNext) => {
    const module = moduleResolution === ts.ModuleResolutionKind.Node16 ? ts.ModuleKind.Node16 : ts.ModuleKind.ESNext;
    const options = { module, moduleResolution };
    const importer = join(app, mode === ts.ModuleKind.CommonJS ? 'app.cts' : 'app.mts');
    return ts.resolveModuleName('unigate-ai-provider/v4', importer, options, ts.sys, undefined, undefined, mode)
      .resolvedModule?.resolvedFileName;
  };

  it('import (Node) loads dist/v4/index.js', () => {
    const resolved = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "console.log(import.meta.resolve('unigate-ai-provider/v4'))"],
      { cwd: app, encoding: 'utf8' },
    );
    expect(resolved.trim()).toBe(`file://${inApp('dist/v4/index.js')}`);
  });

  it('require finds no ./v4 for CommonJS', () => {
    const require = createRequire(join(app, 'app.cjs'));
    expect(() => require.resolve('unigate-ai-provider/v4')).toThrow(
      expect.objectContaining({ code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' }),
    );
  });

  it('types: dist/v4/index.d.ts from ESM (node16 and bundler) and node10 (typesVersions); none from CommonJS', () => {
    expect(typesFrom(ts.ModuleResolutionKind.Node16)).toBe(inApp('dist/v4/index.d.ts'));
    expect(typesFrom(ts.ModuleResolutionKind.Bundler)).toBe(inApp('dist/v4/index.d.ts'));
    expect(typesFrom(ts.ModuleResolutionKind.Node10)).toBe(inApp('dist/v4/index.d.ts'));
    expect(typesFrom(ts.ModuleResolutionKind.Node16, ts.ModuleKind.CommonJS)).toBeUndefined();
  });
});
