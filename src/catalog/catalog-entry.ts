// The catalog's entry types and the model kinds: the cache, pricing and the capability checks read them
// without importing the catalog client (and so the transport).

/** The kinds of model the catalog lists. */
export type UnigateModelType = 'chat' | 'audio' | 'embedding' | 'image' | 'video' | (string & {});

/** One priced entry of the public catalog, normalised: numeric strings are numbers. */
export interface UnigateCatalogEntry {
  id: string;
  /** The upstream provider's name. */
  provider: string;
  type: UnigateModelType;
  /** Context size in tokens; `undefined` when the catalog does not publish it. */
  contextWindow?: number;
  /** Price per 1M input tokens; 0 means free. */
  inputPrice?: number;
  /** Price per 1M output tokens; 0 means free. */
  outputPrice?: number;
  /** Marks recently added models. */
  isNew: boolean;
}

/** The model kinds, one per accessor family: what a call is priced and checked as. */
export type PricedKind = 'chat' | 'messages' | 'embedding' | 'speech' | 'transcription' | 'image' | 'video';
