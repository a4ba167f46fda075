// The cells of the endings matrix (issue 39): which model kind, called how, ending how, with which
// wrappers on. What a cell does to a call is in ending-gateway.ts; what must hold after it, in ending-checks.ts.

export type LanguageKind = 'chat' | 'messages';
export type Kind = LanguageKind | 'embedding' | 'image' | 'speech' | 'transcription' | 'video';
export type How = 'close' | 'end' | 'overloaded' | 'broken';
export const HOWS: readonly How[] = ['close', 'end', 'overloaded', 'broken'];

export type Ending =
  | 'complete'
  /** Aborted by the caller: a stream after its k-th text delta, any other call once its request was answered. */
  | 'abort'
  /** A stream failed before its first content delta (by the harness) or after its k-th (the emulator's marker). */
  | `drop-before-${How}`
  | `drop-after-${How}`
  /** A stream silent after its k-th content delta, its connection open (`[[emulator:stall:<k>]]`). */
  | 'stall'
  /** An in-stream error object (`[[emulator:stream-error]]`). */
  | 'stream-error'
  | 'http-4xx'
  | 'http-5xx'
  /** The budget refuses the call before any request. */
  | 'refusal'
  /** A stream dropped after content whose continuation answers HTTP 500. */
  | 'continuation-failure'
  /** The request fails as a network does, before any answer (not a stream). */
  | 'network'
  /** A body cut mid-JSON (`[[emulator:truncate]]`, not a stream). */
  | 'broken-body'
  /** A video job that ends `failed`. */
  | 'video-failed';

export interface Cell {
  kind: Kind;
  mode: 'generate' | 'stream';
  ending: Ending;
  resume: boolean;
  budget: boolean;
  fallback: boolean;
  /** The content delta an abort or a drop after content comes after (1-based). */
  k: number;
  /** Over a loopback socket (the emulator's `listen()`), not its in-process fetch. */
  socket?: boolean;
}

export const LANGUAGE_KINDS: readonly LanguageKind[] = ['chat', 'messages'];
export const OTHER_KINDS = ['embedding', 'image', 'speech', 'transcription', 'video'] as const;

export const isLanguage = (kind: Kind): kind is LanguageKind => kind === 'chat' || kind === 'messages';

/** The endings a kind and mode can meet (the stall cell is the transport's `streamIdleMs`). */
export function endingsOf(kind: Kind, mode: Cell['mode']): Ending[] {
  const common: Ending[] = ['complete', 'abort', 'http-4xx', 'http-5xx', 'refusal'];
  if (!isLanguage(kind)) return [...common, 'network', ...(kind === 'video' ? (['video-failed'] as const) : [])];
  if (mode === 'generate') return [...common, 'network', 'broken-body'];
  return [
    ...common,
    ...HOWS.map(how => `drop-before-${how}` as const),
    ...HOWS.map(how => `drop-after-${how}` as const),
    'stall',
    'stream-error',
    'continuation-failure',
  ];
}

/**
 * Whether a cell exists: a refusal needs a budget; resume acts on streams only, and a continuation fails
 * only with resume on; fallback chains are of language models.
 */
export function cellExists(cell: Cell): boolean {
  if (cell.ending === 'refusal' && !cell.budget) return false;
  if (cell.ending === 'continuation-failure' && !cell.resume) return false;
  if (!isLanguage(cell.kind) && (cell.fallback || cell.mode === 'stream')) return false;
  // Resume acts on streams: a generate cell is run with the default (on) only.
  if (cell.mode === 'generate' && !cell.resume) return false;
  return endingsOf(cell.kind, cell.mode).includes(cell.ending);
}

/** Every cell of the matrix, each drop and abort after the 2nd content delta. */
export function allCells(): Cell[] {
  const cells: Cell[] = [];
  const kinds: Kind[] = [...LANGUAGE_KINDS, ...OTHER_KINDS];
  for (const kind of kinds)
    for (const mode of ['generate', 'stream'] as const)
      for (const ending of endingsOf(kind, mode))
        for (const resume of [true, false])
          for (const budget of [true, false])
            for (const fallback of [false, true]) {
              const cell = { kind, mode, ending, resume, budget, fallback, k: 2 };
              if (cellExists(cell)) cells.push(cell);
            }
  return cells;
}

/** A cell's name, as failures report it. */
export function cellName(cell: Cell): string {
  const toggles = [
    cell.resume ? 'resume' : 'no-resume',
    cell.budget ? 'budget' : 'no-budget',
    cell.fallback ? 'fallback' : 'no-fallback',
    ...(cell.socket ? ['socket'] : []),
  ];
  const at =
    cell.ending === 'abort' || cell.ending === 'stall' || cell.ending.startsWith('drop-after') ? `@${cell.k}` : '';
  return `${cell.kind} ${cell.mode} ${cell.ending}${at} [${toggles.join(', ')}]`;
}
