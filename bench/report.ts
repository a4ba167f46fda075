/** Turns the measured figures into the markdown table and the JSON file. */
import { BURST_COLUMNS, CONTENDERS, OURS } from './contenders';
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
  /** `burst`: the table of streams whose events arrive together, with its own columns. */
  table?: 'burst';
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

export function renderMarkdown(rows: Row[], header: string[], notes: string[]): string {
  const lines: string[] = [...header, ''];
  const main = rows.filter(row => row.table === undefined);
  const burst = rows.filter(row => row.table === 'burst');
  if (main.length > 0) lines.push(...renderTable(main, CONTENDERS), '');
  if (burst.length > 0) {
    lines.push(
      '### Streams whose events arrive together (client CPU per upstream delta, streamText)',
      '',
      ...renderTable(burst, BURST_COLUMNS),
      '',
      `The budget compares ${OURS} (delta merging on, the default) with the same package with merging off, in the same run.`,
      '',
    );
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
      if ((cell.spread ?? 0) > NOISY_SPREAD && (name === 'floor' || name === OURS)) {
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
