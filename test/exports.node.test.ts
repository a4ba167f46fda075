// The public surface, pinned: a name added to or dropped from either entry must be a decision, made here
// and noted in the CHANGELOG.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { entries, exportsOf, resolve } from './helpers/public-entries';

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
  'PostgresBudgetStore',
  'PostgresBudgetStoreSettings',
  'PostgresQuery',
  'UnigateBudget',
  'UnigateBudgetCall',
  'UnigateBudgetPeriod',
  'UnigateBudgetStore',
  'UnigateCacheControl',
  'UnigateCaching',
  'UnigateCatalog',
  'UnigateCatalogEntry',
  'UnigateCatalogPage',
  'UnigateCatalogProvider',
  'UnigateCatalogQuery',
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
  'UnigateProviderSettings',
  'UnigateRequestOptions',
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
