import type { LanguageModelV3, SharedV3Warning } from '@ai-sdk/provider';
import type { CatalogById } from '../catalog/catalog-cache';
import type { SpecVersion } from '../spec/spec-version';
import { capabilityWarnings } from '../catalog/capability-warnings';
import type { UnigateErrorKind } from '../internal/gateway-error';
import { isObjectRecord, isOneOf } from '../internal/narrow';
import { checkModelId } from '../internal/check-model-id';
import { failArgument } from '../internal/validate-argument';
import {
  DEFAULT_FALLBACK_ON,
  UnigateFallbackLanguageModel,
  type UnigateFallbackOptions,
} from './unigate-fallback-model';

const KINDS: readonly UnigateErrorKind[] = [
  'authentication',
  'permission',
  'not-found',
  'invalid-request',
  'rate-limit',
  'daily-limit',
  'server',
];

/** What `gw.fallback` needs from its provider. */
export interface FallbackProviderParts {
  /** The provider's name (`unigate`): its own models' `provider` starts with it. */
  provider: string;
  /** The provider's default accessor, which applies its format rule to an id. */
  languageModel: (modelId: string) => LanguageModelV3;
  /** The catalog when it is already loaded; never loads. */
  cachedCatalog: () => CatalogById | undefined;
  /** The specification the entry speaks: members of the other one are adapted. Default `v3`. */
  spec?: SpecVersion;
}

function isLanguageModel(value: unknown): value is LanguageModelV3 {
  return isObjectRecord(value) && value.specificationVersion === 'v3' && typeof value.doGenerate === 'function';
}

function checkOn(on: unknown): readonly UnigateErrorKind[] {
  if (on === undefined) return DEFAULT_FALLBACK_ON;
  if (!Array.isArray(on)) failArgument('on', 'must be a list of error kinds', on);
  on.forEach((kind: unknown, index) => {
    if (!isOneOf(KINDS, kind)) failArgument(`on[${index}]`, `must be one of ${KINDS.join(', ')}`, kind);
  });
  return on;
}

/** Checks the list and resolves ids with the provider's accessor, before any request. */
function resolveModels(models: unknown, parts: FallbackProviderParts): LanguageModelV3[] {
  if (!Array.isArray(models) || models.length === 0) {
    failArgument('models', 'must be a non-empty list of model ids or LanguageModelV3 models', models);
  }
  return models.map((model: unknown, index) => {
    if (typeof model === 'string') {
      checkModelId(model, `models[${index}]`);
      return parts.languageModel(model);
    }
    if (isLanguageModel(model)) return model;
    return failArgument(`models[${index}]`, 'must be a model id or a LanguageModelV3 (specificationVersion v3)', model);
  });
}

/** The catalog's word on the provider's own models, when it is loaded: an image model cannot chat. */
function catalogWarnings(models: readonly LanguageModelV3[], parts: FallbackProviderParts): SharedV3Warning[] {
  const catalog = parts.cachedCatalog();
  if (catalog === undefined) return [];
  return models
    .filter(model => model.provider.startsWith(`${parts.provider}.`))
    .flatMap(model => capabilityWarnings(catalog.get(model.modelId), 'chat', undefined));
}

/** `gw.fallback(models, { on })`: a language model that moves down the list on the kinds in `on`. */
export function createFallback(
  models: unknown,
  options: UnigateFallbackOptions | undefined,
  parts: FallbackProviderParts,
): LanguageModelV3 {
  const on = checkOn(options?.on);
  const resolved = resolveModels(models, parts);
  return new UnigateFallbackLanguageModel(resolved, {
    provider: parts.provider,
    on,
    warnings: catalogWarnings(resolved, parts),
  });
}
