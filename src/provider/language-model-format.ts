import type { UnigateCatalogEntry } from '../catalog/catalog-entry';
import { failArgument } from '../internal/validate-argument';
import type { UnigateFormat } from '../settings/unigate-provider-settings';

/** The values of the `format` setting. */
export const UNIGATE_FORMATS: readonly UnigateFormat[] = ['auto', 'chat'];

/** The two wire formats a language model can speak. */
export type LanguageWireFormat = 'chat' | 'messages';

/** The `format` setting: checked when the provider is created, so a typo fails before any model exists. */
export function checkFormat(value: unknown): void {
  if (value === undefined || UNIGATE_FORMATS.includes(value as UnigateFormat)) return;
  failArgument('format', `expected ${UNIGATE_FORMATS.map(format => JSON.stringify(format)).join(' or ')}`, value);
}

/**
 * The Anthropic family: ids starting `claude-`, or any id the loaded catalog lists under the Anthropic
 * provider (its provider names are capitalised, its provider filter lower case: compared lower case).
 */
function isAnthropicFamily(modelId: string, entry: UnigateCatalogEntry | undefined): boolean {
  return (
    (typeof modelId === 'string' && modelId.toLowerCase().startsWith('claude-')) ||
    entry?.provider?.trim().toLowerCase() === 'anthropic'
  );
}

/**
 * The wire format of `gw(id)` and `gw.languageModel(id)`: under `'auto'`, the messages format for the
 * Anthropic family, which keeps thinking signatures, `top_k` and its tool choice that a translation to
 * chat completions loses; chat completions for every other id, and for every id under `'chat'`.
 * Decided when the model is created, from the id and the catalog entry when the catalog is already loaded:
 * creating a model never loads anything.
 */
export function chooseLanguageFormat(
  modelId: string,
  format: UnigateFormat = 'auto',
  entry: UnigateCatalogEntry | undefined = undefined,
): LanguageWireFormat {
  return format === 'auto' && isAnthropicFamily(modelId, entry) ? 'messages' : 'chat';
}
