import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import { expectedLength, TOOL_NAME, type Scenario } from './wire-fixtures';

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
}

/**
 * How far the repetitions of one figure disagree, relative to their median: (max - min) for a few
 * repetitions, (p90 - p10) from 10 on (many-sample latencies always have a stray outlier or two).
 */
export function spread(values: number[]): number {
  if (values.length < 2) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const m = median(sorted);
  if (m === 0) return 0;
  const width =
    sorted.length >= 10 ? quantile(sorted, 0.9) - quantile(sorted, 0.1) : sorted[sorted.length - 1] - sorted[0];
  return width / Math.abs(m);
}

export const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

/** Full collections, so that one contender's garbage is not collected on the next one's clock. */
export function settle(): void {
  if (!gc) return;
  gc();
  gc();
}

/** CPU time (user + system, microseconds) and wall time (ms) of one awaited run. */
export async function timed<T>(run: () => Promise<T>): Promise<{ cpuMicros: number; wallMs: number; value: T }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { cpuMicros: used.user + used.system, wallMs: performance.now() - wall, value };
}

/** Rotates the run order each repetition, so that no contender always runs first (or after a given one). */
export function rotate<T>(items: T[], by: number): T[] {
  const k = items.length ? by % items.length : 0;
  return [...items.slice(k), ...items.slice(0, k)];
}

export const BENCH_TOOL = {
  type: 'function' as const,
  name: TOOL_NAME,
  description: 'Writes a note.',
  inputSchema: {
    type: 'object' as const,
    properties: { text: { type: 'string' as const } },
    required: ['text'],
    additionalProperties: false,
  },
};

export function callOptions(scenario: Scenario, abortSignal?: AbortSignal): LanguageModelV3CallOptions {
  return {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Say something.' }] }],
    ...(scenario.kind === 'tool' ? { tools: [BENCH_TOOL] } : {}),
    abortSignal,
  };
}

export interface StreamOutcome {
  deltas: number;
  length: number;
  finished: boolean;
  /** The doStream result and its finish part: what a consumer holding the final result keeps alive. */
  result?: LanguageModelV3StreamResult;
  last?: LanguageModelV3StreamPart;
}

/**
 * Consumes `doStream` directly, reading every part by type (what streamText would do first). Checks the
 * outcome against the scenario, so a contender that dropped or garbled deltas cannot post a good figure.
 */
export async function consumeDoStream(
  model: LanguageModelV3,
  scenario: Scenario,
  abortSignal?: AbortSignal,
): Promise<StreamOutcome> {
  const result = await model.doStream(callOptions(scenario, abortSignal));
  const reader = result.stream.getReader();
  const outcome: StreamOutcome = { deltas: 0, length: 0, finished: false, result };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    switch (value.type) {
      case 'text-delta':
        outcome.deltas++;
        outcome.length += value.delta.length;
        break;
      case 'tool-input-delta':
        outcome.deltas++;
        break;
      case 'tool-call':
        outcome.length = value.input.length;
        break;
      case 'finish':
        outcome.finished = true;
        outcome.last = value;
        break;
      case 'error':
        throw new Error(`stream error part: ${describe(value.error)}`);
    }
  }
  return outcome;
}

export function checkOutcome(outcome: { length: number; finished: boolean }, scenario: Scenario): void {
  const expected = expectedLength(scenario);
  if (!outcome.finished) throw new Error('the stream ended without a finish');
  if (outcome.length !== expected) {
    throw new Error(`read ${outcome.length} characters of ${scenario.kind}, expected ${expected}`);
  }
}

export function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  try {
    return JSON.stringify(error).slice(0, 300);
  } catch {
    return String(error);
  }
}
