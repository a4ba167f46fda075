// Type tests of the public API: checked by `npm run typecheck`, never run.
import type { EmbeddingModelV3, Experimental_VideoModelV3, LanguageModelV3, ProviderV3 } from '@ai-sdk/provider';
import { expectTypeOf } from 'vitest';
import {
  createUnigate,
  unigate,
  type UnigateCatalogEntry,
  type UnigateCatalogPage,
  type UnigateCost,
  type UnigateModelPrice,
  type UnigatePricing,
  type UnigateEmbeddingModelId,
  type UnigateFormat,
  type UnigateModel,
  type UnigateProvider,
  type UnigateSpeechModelId,
  type UnigateCompletedVideoJob,
  type UnigateCreatedVideoJob,
  type UnigateVideoJob,
  type UnigateVideoModelV3,
} from '../../src';
import type { LanguageModelV4, ProviderV4 } from '@ai-sdk/provider-v4';
import { createUnigate as createUnigateV4 } from '../../src/v4';

const gw = createUnigate({ apiKey: 'k', siteURL: 'https://gw.test' });

expectTypeOf(gw).toEqualTypeOf<UnigateProvider>();
expectTypeOf(unigate).toEqualTypeOf<UnigateProvider>();
expectTypeOf(gw).toExtend<ProviderV3>();
expectTypeOf(gw('any-model-id')).toEqualTypeOf<LanguageModelV3>();
expectTypeOf(gw.messages('claude-sonnet-4-5')).toEqualTypeOf<LanguageModelV3>();
// The wire format of gw(id): 'auto' (the default) or 'chat'; gw.chat / gw.messages force one.
createUnigate({ format: 'auto' });
createUnigate({ format: 'chat' });
expectTypeOf<UnigateFormat>().toEqualTypeOf<'auto' | 'chat'>();
// @ts-expect-error the messages format is forced per model with gw.messages(id), not by the setting
createUnigate({ format: 'messages' });
expectTypeOf(gw.embedding('text-embedding-3-small')).toEqualTypeOf<EmbeddingModelV3>();

// Model ids autocomplete the documented ones and still accept any string.
expectTypeOf<'text-embedding-3-large'>().toExtend<UnigateEmbeddingModelId>();
expectTypeOf<'tts-1-hd'>().toExtend<UnigateSpeechModelId>();
expectTypeOf<'a-model-added-tomorrow'>().toExtend<UnigateEmbeddingModelId>();

expectTypeOf(gw.listModels()).resolves.toEqualTypeOf<UnigateModel[]>();
expectTypeOf(gw.catalog.page()).resolves.toEqualTypeOf<UnigateCatalogPage>();
expectTypeOf(gw.catalog.entries()).toEqualTypeOf<AsyncIterable<UnigateCatalogEntry>>();
expectTypeOf<UnigateCatalogEntry['contextWindow']>().toEqualTypeOf<number | undefined>();

// @ts-expect-error the provider is a function, not a class
void new gw('gpt-4o-mini');
// @ts-expect-error misspelt settings are caught
createUnigate({ apikey: 'k' });
// @ts-expect-error the catalog query is typed
void gw.catalog.page({ pageSize: 10 });

// Video: a V3 video model with ai@7's start/status methods, and the jobs helper of provider-api.md.
expectTypeOf(gw.video('veo-3')).toEqualTypeOf<UnigateVideoModelV3>();
expectTypeOf(gw.videoModel('veo-3')).toExtend<Experimental_VideoModelV3>();
expectTypeOf(
  gw.videoJobs.create({ model: 'veo-3', prompt: 'p', aspectRatio: '16:9', duration: 5, user: 'u' }),
).resolves.toEqualTypeOf<UnigateCreatedVideoJob>();
expectTypeOf(gw.videoJobs.get('vid-1')).resolves.toEqualTypeOf<UnigateVideoJob>();
expectTypeOf(
  gw.videoJobs.wait('vid-1', {
    pollIntervalMs: 5_000,
    timeoutMs: 60_000,
    abortSignal: new AbortController().signal,
    onStatus: job => void job.status,
  }),
).resolves.toEqualTypeOf<UnigateCompletedVideoJob>();
expectTypeOf(
  gw.videoJobs.generate({ model: 'veo-3', prompt: 'p' }, { onStatus: () => {} }),
).resolves.toEqualTypeOf<UnigateCompletedVideoJob>();
gw.video('veo-3', { onStatus: job => void job.status });
expectTypeOf<UnigateCreatedVideoJob['status']>().toEqualTypeOf<'pending'>();
// @ts-expect-error a job needs a model and a prompt
void gw.videoJobs.create({ prompt: 'p' });

// Pricing: the setting's three forms, the cost shape, estimates before a call, one cached catalog entry.
createUnigate({ pricing: false });
createUnigate({ pricing: 'catalog', catalogCacheTtlMs: 60_000, catalogTimeoutMs: 5_000 });
createUnigate({
  pricing: { 'gpt-4o': { inputPerMillionTokens: 1.25, outputPerMillionTokens: 5 }, 'dall-e-3': { perImage: 0.04 } },
});
expectTypeOf<UnigatePricing>().toEqualTypeOf<false | 'catalog' | Record<string, UnigateModelPrice>>();
expectTypeOf<UnigateCost>().toEqualTypeOf<{
  input: number;
  output: number;
  total: number;
  unit: 'credits';
  cacheRead?: number;
  cacheWrite?: number;
  estimated?: true;
}>();
expectTypeOf(gw.estimateCost({ model: 'gpt-4o', inputTokens: 1000, outputTokens: 200 })).resolves.toEqualTypeOf<
  UnigateCost | undefined
>();
expectTypeOf(gw.estimateCost({ model: 'tts-1', characters: 1000 })).resolves.toEqualTypeOf<UnigateCost | undefined>();
expectTypeOf(gw.estimateCost({ model: 'whisper-1', minutes: 3 })).resolves.toEqualTypeOf<UnigateCost | undefined>();
expectTypeOf(gw.catalog.get('gpt-4o')).resolves.toEqualTypeOf<UnigateCatalogEntry | undefined>();
// @ts-expect-error an estimate needs an amount to price
void gw.estimateCost({ model: 'gpt-4o' });
// @ts-expect-error pricing is false, 'catalog' or a table
createUnigate({ pricing: true });

// unigate-ai-provider/v4: the same shape with V4 models, and a ProviderV4.
const gw4 = createUnigateV4();
expectTypeOf(gw4).toExtend<ProviderV4>();
expectTypeOf(gw4('any-model-id')).toEqualTypeOf<LanguageModelV4>();
expectTypeOf(gw4.fallback(['gpt-4o', gw('gpt-4o-mini')])).toEqualTypeOf<LanguageModelV4>();
