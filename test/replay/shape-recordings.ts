import { readFileSync } from 'node:fs';

// The recordings of real upstream traffic vendored under test/replay/fixtures (see the README there).

/** A vendored recording's text: `<package>/<original basename>`. */
export function recording(path: string): string {
  return readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
}

/** A vendored JSON answer, parsed. */
export function recordedJson(path: string): Record<string, unknown> {
  return JSON.parse(recording(path));
}

/**
 * A `.chunks.txt` recording (one JSON chunk a line) as SSE events, lines `from` to `to` (1-based,
 * inclusive; the whole file when not given). Some recordings hold several responses one after another.
 */
export function recordedEvents(path: string, from = 1, to?: number): string[] {
  const lines = recording(path)
    .split('\n')
    .filter(line => line !== '');
  return lines.slice(from - 1, to).map(line => `data: ${line}\n\n`);
}
