/** Turns the measured figures into the markdown table and the JSON file. */
import { AI7_COLUMNS, BURST_COLUMNS, CONTENDERS, OURS } from './contenders';
import type { Series } from './interleave';

export type Verdict = 'PASS' | 'FAIL' | 'NOT MEASURED' | '';

export interface Cell {
  /** The figure, in the row's unit. */
  value?: number;
  /** value / floor value, when the row has a floor. */
  ratio?: number;
  spread?: number;
  samples?: number[];
  /** Shown after the value, e.g. the per-delta figures behind a 10k/1k ratio. */
  detail?: string;
  unavailable?: string;
  error?: string;
}

export interface Row {
  id: string;
  title: string;
  unit: string;
  /** Digits after the decimal point for the value. */
  digits: number;
  floor?: Cell;
  cells: Partial<Record<string, Cell>>;
  budget?: { text: string; verdict: Verdict; detail: string };
  /** `burst`: the table of streams whose events arrive together; `ai7`: the ai@7 line's. Each has its own columns. */
  table?: 'burst' | 'ai7';
  /** The date of the run that measured the row (results-file.ts keeps rows of earlier runs). */
  run?: string;
}

export function cellFromSeries(series: Series | undefined, floor?: Series): Cell {
  if (!series) return {};
  if (series.unavailable) return { unavailable: series.unavailable };
  if (series.error) return { error: series.error };
  const cell: Cell = { value: series.median, spread: series.spread, samples: series.samples };
  if (floor && !floor.error && floor.median > 0) cell.ratio = series.median / floor.median;
  return cell;
}

function formatNumber(value: number, digits: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toFixed(digits);
}

function formatCell(row: Row, cell: Cell | undefined): string {
  if (!cell) return '—';
  if (cell.unavailable) return 'not measured';
  if (cell.error) return 'error (see notes)';
  if (cell.value === undefined) return '—';
  let text = `${formatNumber(cell.value, row.digits)}${row.unit ? ` ${row.unit}` : ''}`;
  if (cell.ratio !== undefined) text += ` (**${cell.ratio.toFixed(2)}x**)`;
  if (cell.detail) text += ` ${cell.detail}`;
  return text;
}

/** The columns whose noise is listed: this package's, in the main table and in the ai@7 line's. */
const NOISE_WATCHED = new Set<string>(['floor', OURS, ...AI7_COLUMNS]);

/** Rows whose samples disagree by more than this (max-min over median) are flagged as noisy. */
export const NOISY_SPREAD = 0.25;

function renderTable(rows: Row[], contenders: readonly string[]): string[] {
  const columns = ['floor', ...contenders];
  const lines = [`| Row | ${columns.join(' | ')} | budget (${OURS}) |`, `|${' --- |'.repeat(columns.length + 2)}`];
  for (const row of rows) {
    const cells = columns.map(name => formatCell(row, name === 'floor' ? row.floor : row.cells[name]));
    const budget = row.budget ? `${row.budget.text}: **${row.budget.verdict}**` : '—';
    lines.push(`| ${row.title} | ${cells.join(' | ')} | ${budget} |`);
  }
  return lines;
}

/** The tables after the main one: a heading, their own columns, and what to read them with. */
const SUB_TABLES = [
  {
    table: 'burst',
    heading: '### Streams whose events arrive together (client CPU per upstream delta, streamText)',
    columns: BURST_COLUMNS,
    footer: `The budget compares ${OURS} (delta merging on, the default) with the same package with merging off, in the same run.`,
  },
  {
    table: 'ai7',
    heading: "### The ai@7 line (ai@7's streamText, Node 22)",
    columns: AI7_COLUMNS,
    footer: `${AI7_COLUMNS[0]} is \`unigate-ai-provider/v4\`'s model; ${AI7_COLUMNS[1]} the root entry's V3 model, which ai@7 wraps in its V3->V4 adapter. No budget: the figures are for comparing the two.`,
  },
] as const;

export function renderMarkdown(rows: Row[], header: string[], notes: string[]): string {
  const lines: string[] = [...header, ''];
  const main = rows.filter(row => row.table === undefined);
  if (main.length > 0) lines.push(...renderTable(main, CONTENDERS), '');
  for (const { table, heading, columns, footer } of SUB_TABLES) {
    const own = rows.filter(row => row.table === table);
    if (own.length > 0) lines.push(heading, '', ...renderTable(own, columns), '', footer, '');
  }
  lines.push('Ratios in bold are to the raw floor of the same wire format, measured in the same process, interleaved.');
  lines.push('');

  const budgeted = rows.filter(row => row.budget);
  lines.push('## Budgets (this package)');
  lines.push('');
  for (const row of budgeted) {
    lines.push(
      `- ${row.budget!.verdict === 'PASS' ? 'PASS' : row.budget!.verdict}: ${row.title}: ${row.budget!.text} (${row.budget!.detail})`,
    );
  }
  const missed = budgeted.filter(row => row.budget!.verdict === 'FAIL');
  const unmeasured = budgeted.filter(row => row.budget!.verdict === 'NOT MEASURED');
  lines.push('');
  lines.push(
    `Summary: ${budgeted.length - missed.length - unmeasured.length} pass, ${missed.length} missed` +
      `${missed.length ? ` (${missed.map(row => row.id).join(', ')})` : ''}, ${unmeasured.length} not measured` +
      `${unmeasured.length ? ` (${unmeasured.map(row => row.id).join(', ')})` : ''}.`,
  );

  const problems: string[] = [];
  const noisy: string[] = [];
  for (const row of rows) {
    for (const [name, cell] of [['floor', row.floor] as const, ...Object.entries(row.cells)]) {
      if (!cell) continue;
      if (cell.error) problems.push(`- ${row.id} / ${name}: error: ${cell.error}`);
      if (cell.unavailable) problems.push(`- ${row.id} / ${name}: not measured: ${cell.unavailable}`);
      if ((cell.spread ?? 0) > NOISY_SPREAD && NOISE_WATCHED.has(name)) {
        noisy.push(`${row.id} / ${name} ${(cell.spread! * 100).toFixed(0)}%`);
      }
    }
  }
  lines.push('');
  lines.push('## Notes');
  lines.push('');
  for (const note of notes) lines.push(`- ${note}`);
  lines.push(
    `- Noise: spread = (max - min) / median of the repetitions ((p90 - p10) / median from 10 samples on). Above ${NOISY_SPREAD * 100}% for: ` +
      `${noisy.length ? noisy.join(', ') : 'none'}.`,
  );
  if (problems.length) {
    lines.push('');
    lines.push('### Not measured / errors');
    lines.push('');
    lines.push(...problems);
  }
  return `${lines.join('\n')}\n`;
}

export function ratioBudget(row: Row, limit: number, what = 'ratio'): void {
  const cell = row.cells[OURS];
  const text = `${what} <= ${limit}`;
  if (!cell || cell.unavailable || cell.error || cell.value === undefined) {
    row.budget = { text, verdict: 'NOT MEASURED', detail: cell?.unavailable ?? cell?.error ?? 'no figure' };
    return;
  }
  const figure = what === 'ratio' ? cell.ratio : cell.value;
  if (figure === undefined || !Number.isFinite(figure)) {
    row.budget = { text, verdict: 'NOT MEASURED', detail: 'no floor figure' };
    return;
  }
  row.budget = {
    text,
    verdict: figure <= limit ? 'PASS' : 'FAIL',
    detail: `${what === 'ratio' ? `${figure.toFixed(2)}x` : figure.toFixed(row.digits)}`,
  };
}
