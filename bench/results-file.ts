/**
 * bench/results/latest.json and latest.md. A run replaces the rows it measured and keeps every other row
 * of the file with the run that measured it, so a run of some sections (`--only=...`, or the ai@7 line
 * under Node 22) adds to the last full run instead of wiping it. A run that no longer owns a row is dropped.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderMarkdown, type Row } from './report';
import type { ServedBody } from './upstream';

/** One run of run.ts, as the file records it besides its rows. */
export interface BenchRun {
  date: string;
  mode: 'quick' | 'full';
  seconds: number;
  machine: { node: string; platform: string; cpus: number; [key: string]: unknown };
  plan: unknown;
  /** Every sample behind the run's rows, by row id. */
  raw: Record<string, unknown>;
  servedBodies: ServedBody[];
  notes: string[];
}

/** The file: the latest run's fields, every row (each with the date of its run), and the earlier runs that still own rows. */
export interface ResultsFile extends BenchRun {
  rows: Row[];
  earlierRuns?: BenchRun[];
}

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

/** `run`'s rows in place of the same ids in `previous`, new ids after them; the runs that own a row. */
export function mergeResults(previous: ResultsFile | undefined, run: BenchRun, rows: Row[]): ResultsFile {
  const fresh = rows.map(row => ({ ...row, run: run.date }));
  if (!previous) return { ...run, rows: fresh };
  const { rows: previousRows, earlierRuns = [], ...previousRun } = previous;
  const byId = new Map(fresh.map(row => [row.id, row]));
  const merged = previousRows.map(row => byId.get(row.id) ?? { ...row, run: row.run ?? previous.date });
  merged.push(...fresh.filter(row => !previousRows.some(old => old.id === row.id)));
  const owners = new Set(merged.map(row => row.run));
  const kept = [previousRun, ...earlierRuns].filter(earlier => owners.has(earlier.date));
  return kept.length > 0 ? { ...run, rows: merged, earlierRuns: kept } : { ...run, rows: merged };
}

function runLine({ date, machine, seconds }: BenchRun): string {
  return `${date} · node ${machine.node} · ${machine.platform} · ${machine.cpus} CPUs · ${seconds.toFixed(0)} s`;
}

/** The report: one header line per run (naming its rows when there are several), then each run's notes. */
export function renderResults(file: ResultsFile): string {
  const runs = [file, ...(file.earlierRuns ?? [])];
  if (runs.length === 1) {
    return renderMarkdown(file.rows, [`# unigate-ai-provider benchmark (${file.mode})`, '', runLine(file)], file.notes);
  }
  const header = [
    '# unigate-ai-provider benchmark',
    '',
    'Rows from more than one run (a later run replaced only the rows it measured):',
    '',
  ];
  for (const run of runs) {
    const ids = file.rows.filter(row => row.run === run.date).map(row => row.id);
    header.push(`- ${runLine(run)} (${run.mode}): ${ids.join(', ')}`);
  }
  const notes = runs.flatMap(run => run.notes.map(note => `(run of ${run.date}) ${note}`));
  return renderMarkdown(file.rows, header, notes);
}

/**
 * Merges `rows` into latest.json, rewrites latest.md from the result, and returns the markdown. A run that
 * measured no row (the ai@7 line alone on Node 20) leaves both files as they are.
 */
export function writeResults(run: BenchRun, rows: Row[]): string {
  mkdirSync(resultsDir, { recursive: true });
  const jsonPath = `${resultsDir}latest.json`;
  const previous = existsSync(jsonPath) ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as ResultsFile) : undefined;
  const file = mergeResults(previous, run, rows);
  const markdown = renderResults(file);
  if (rows.length === 0) return markdown;
  writeFileSync(`${resultsDir}latest.md`, markdown);
  writeFileSync(jsonPath, `${JSON.stringify(file, null, 2)}\n`);
  return markdown;
}
