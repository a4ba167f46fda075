import { NoSuchModelError } from '@ai-sdk/provider';
import { NON_CHAT_MODEL_IDS } from './unigate-model-ids';

/** The kinds of model the provider makes, each with its own accessor (`chat`, `embedding`, ...). */
export type ModelKind = 'chat' | keyof typeof NON_CHAT_MODEL_IDS;

function isNonChatKind(kind: string): kind is keyof typeof NON_CHAT_MODEL_IDS {
  return Object.hasOwn(NON_CHAT_MODEL_IDS, kind);
}

const NON_CHAT_KINDS = Object.keys(NON_CHAT_MODEL_IDS).filter(isNonChatKind);

const NOUNS: Record<ModelKind, string> = {
  chat: 'a chat model',
  embedding: 'an embedding model',
  image: 'an image model',
  speech: 'a text-to-speech model',
  transcription: 'a speech-to-text (transcription) model',
  video: 'a video model',
};

function isModelKind(kind: string): kind is ModelKind {
  return Object.hasOwn(NOUNS, kind);
}

const quote = (id: string) => `'${id.replace(/[\\']/g, '\\$&')}'`;

/** The non-chat kinds the package documents `id` as (src/settings/unigate-model-ids.ts); empty for any other id. */
function documentedKinds(id: string): ModelKind[] {
  return NON_CHAT_KINDS.filter(kind => NON_CHAT_MODEL_IDS[kind].includes(id));
}

/** The provider call that makes a model of `kind` for `id`, e.g. `embedding('text-embedding-3-small')`. */
export function accessorCall(kind: ModelKind, id: string): string {
  return kind === 'chat' ? `chat(${quote(id)}) or messages(${quote(id)})` : `${kind}(${quote(id)})`;
}

/**
 * The accessor for a kind as the gateway names it in an error ("'x' is an embedding model"). Its catalog
 * type `audio` covers speech and transcription: the documented ids tell which, else both are named.
 */
export function accessorForGatewayType(type: string, id: string): string | undefined {
  const kind = type.toLowerCase();
  if (kind === 'audio') {
    const audio = documentedKinds(id).filter(known => known === 'speech' || known === 'transcription');
    return audio.length === 1 ? accessorCall(audio[0], id) : `speech(${quote(id)}) or transcription(${quote(id)})`;
  }
  return isModelKind(kind) ? accessorCall(kind, id) : undefined;
}

/**
 * Refuses, before any request, an id the package itself lists as another kind only: the gateway answers
 * such a call with an error, and every request spends daily quota. Ids it does not list pass (the gateway
 * adds models often and decides).
 */
export function checkModelKind(id: string, used: 'language' | 'speech'): void {
  const kinds = documentedKinds(id);
  if (kinds.length === 0 || (used === 'speech' && kinds.includes('speech'))) return;
  const accessors = kinds.map(kind => accessorCall(kind, id)).join(' or ');
  const accepted =
    used === 'speech' ? ` The speech models the package lists: ${NON_CHAT_MODEL_IDS.speech.join(', ')}.` : '';
  throw new NoSuchModelError({
    modelId: id,
    modelType: used === 'speech' ? 'speechModel' : 'languageModel',
    message:
      `Model ${quote(id)} is ${NOUNS[kinds[0]]}, not ${used === 'speech' ? 'a text-to-speech' : 'a language'} model: ` +
      `use ${accessors} on the provider. No request was sent.${accepted}`,
  });
}
