import type { LanguageModelV3, SharedV3Warning } from '@ai-sdk/provider';
import type { LanguageModelV4 } from '@ai-sdk/provider-v4';
import type { CatalogById } from '../catalog/catalog-cache';
import type { UnigateCatalogEntry } from '../catalog/catalog-entry';
import { pipelineModel, type SpecVersion } from '../settings/model-kind';
import { capabilityWarnings } from '../catalog/catalog-entry';
import type { UnigateErrorKind } from '../errors/gateway-error';
import { isObjectRecord, isOneOf } from '../checks/values';
import { checkModelId, failArgument } from '../checks/validate-argument';
import {
  DEFAULT_FALLBACK_ON,
  UnigateFallbackLanguageModel,
  type UnigateFallbackOptions,
} from './unigate-fallback-model';
import { DEFAULT_FALLBACK_COOLDOWN_MS, type FallbackCooldowns, MAX_FALLBACK_COOLDOWN_MS } from './fallback-cooldowns';

const KINDS: readonly UnigateErrorKind[] = [
  'authentication',
  'permission',
  'not-found',
  'invalid-request',
  'rate-limit',
  'daily-limit',
  'server',
  'context-length',
  'network',
  'timeout',
];

/** What `gw.fallback` needs from its provider. */
export interface FallbackProviderParts {
  /** The provider's name (`unigate`): its own models' `provider` starts with it. */
  provider: string;
  /** The provider's default accessor, which applies its format rule to an id. */
  languageModel: (modelId: string) => LanguageModelV3;
  /** The catalog when it is already loaded; never loads. */
  cachedCatalog: () => CatalogById | undefined;
  /** The specification the entry speaks. Default `v3`. */
  spec?: SpecVersion;
  /** Another provider's model as a member of the entry's chains: one of the other spec adapted. */
  member: (model: LanguageModelV3 | LanguageModelV4) => LanguageModelV3;
  /** The provider's API key, which the chain redacts from whatever any member hands over. */
  secret: () => string | undefined;
  /** The provider's catalog entry of an id, loading the catalog when it is not yet (`gw.catalog.get`). */
  catalogEntry: (modelId: string, options: { abortSignal?: AbortSignal }) => Promise<UnigateCatalogEntry | undefined>;
  /** The provider's cool-downs, shared by every chain it makes. */
  cooldowns: FallbackCooldowns;
}

function isLanguageModel(value: unknown): value is LanguageModelV3 | LanguageModelV4 {
  return (
    isObjectRecord(value) &&
    (value.specificationVersion === 'v3' || value.specificationVersion === 'v4') &&
    typeof value.doGenerate === 'function'
  );
}

/** A V4 front of this package (`/v4`'s models): the pipeline model it shows, which the chain takes itself. */
function pipelineOf(value: unknown): LanguageModelV3 | undefined {
  if (!isObjectRecord(value) || !(pipelineModel in value)) return undefined;
  const model = value[pipelineModel];
  return isLanguageModel(model) && model.specificationVersion === 'v3' ? model : undefined;
}

function checkOn(on: unknown): readonly UnigateErrorKind[] {
  if (on === undefined) return DEFAULT_FALLBACK_ON;
  if (!Array.isArray(on)) failArgument('on', 'must be a list of error kinds', on);
  on.forEach((kind: unknown, index) => {
    if (!isOneOf(KINDS, kind)) failArgument(`on[${index}]`, `must be one of ${KINDS.join(', ')}`, kind);
  });
  return on;
}

/**
 * Checks the list and resolves it, before any request: ids with the provider's accessor, this package's
 * V4 fronts to their pipeline models, and other models of the entry's spec as they are; a model of the
 * other spec is adapted to the entry's.
 */
function resolveModels(models: unknown, parts: FallbackProviderParts): LanguageModelV3[] {
  if (!Array.isArray(models) || models.length === 0) {
    failArgument('models', 'must be a non-empty list of model ids or language models (V3 or V4)', models);
  }
  return models.map((model: unknown, index) => {
    if (typeof model === 'string') {
      checkModelId(model, `models[${index}]`);
      return parts.languageModel(model);
    }
    // A /v4 model's pipeline speaks V4's values: only a V4 chain takes it itself; a V3 chain adapts it.
    const pipeline = parts.spec === 'v4' ? pipelineOf(model) : undefined;
    if (pipeline !== undefined) return pipeline;
    if (isLanguageModel(model)) return parts.member(model);
    return failArgument(`models[${index}]`, 'must be a model id, a LanguageModelV3 or a LanguageModelV4', model);
  });
}

function checkCooldown(cooldownMs: unknown): number {
  if (cooldownMs === undefined) return DEFAULT_FALLBACK_COOLDOWN_MS;
  if (typeof cooldownMs !== 'number' || !(cooldownMs >= 0 && cooldownMs <= MAX_FALLBACK_COOLDOWN_MS)) {
    failArgument('cooldownMs', `must be a number of milliseconds from 0 to ${MAX_FALLBACK_COOLDOWN_MS}`, cooldownMs);
  }
  return cooldownMs;
}

/**
 * A member's context window by the catalog: this provider's models only (another provider's id may name
 * another model); `undefined` when the catalog does not say or cannot be loaded.
 */
function contextWindowOf(parts: FallbackProviderParts) {
  return async (model: LanguageModelV3, abortSignal?: AbortSignal): Promise<number | undefined> => {
    if (!model.provider.startsWith(`${parts.provider}.`)) return undefined;
    const entry = await parts.catalogEntry(model.modelId, { abortSignal }).catch(() => undefined);
    return entry?.contextWindow;
  };
}

/** The catalog's word on the provider's own models, when it is loaded: an image model cannot chat. */
function catalogWarnings(models: readonly LanguageModelV3[], parts: FallbackProviderParts): SharedV3Warning[] {
  const catalog = parts.cachedCatalog();
  if (catalog === undefined) return [];
  return models
    .filter(model => model.provider.startsWith(`${parts.provider}.`))
    .flatMap(model => capabilityWarnings(catalog.get(model.modelId), 'chat', undefined));
}

/** `gw.fallback(models, { on, cooldownMs })`: a language model that moves down the list on the kinds in `on`. */
export function createFallback(
  models: unknown,
  options: UnigateFallbackOptions | undefined,
  parts: FallbackProviderParts,
): LanguageModelV3 {
  const on = checkOn(options?.on);
  const cooldownMs = checkCooldown(options?.cooldownMs);
  const resolved = resolveModels(models, parts);
  return new UnigateFallbackLanguageModel(resolved, {
    provider: parts.provider,
    on,
    warnings: catalogWarnings(resolved, parts),
    secret: parts.secret,
    cooldownMs,
    cooldowns: parts.cooldowns,
    contextWindow: contextWindowOf(parts),
  });
}
