/**
 * Provider-only CPU per delta: `doStream` consumed directly (the ai@7 line's rows: through ai@7's streamText),
 * against the raw floor of the same wire format.
 */
import { isUnavailable, type LanguageContender, type WireFormat } from './contenders';
import { interleave, type Runnable, type Series } from './interleave';
import { checkOutcome, consumeDoStream, describe, median, settle, spread, timed } from './measure';
import { floorStream } from './raw-floor';
import { scenarioModelId, type Scenario } from './wire-fixtures';

export const FLOOR = 'floor';

/** Deltas of a warm-up stream: enough for the JIT to settle on the hot path. */
export const WARMUP_DELTAS = 2_000;

/** Reads one stream of `model` to its end (throws on an error part); `length` and `finished` are checked. */
export type ConsumeStream<MODEL> = (
  model: MODEL,
  scenario: Scenario,
  abortSignal: AbortSignal,
) => Promise<{ length: number; finished: boolean }>;

interface CpuRunnableOptions {
  streams?: number;
  per?: 'delta' | 'stream';
  suffix?: string;
}

/**
 * One runnable per contender of `format` plus the floor. A sample is CPU microseconds per delta (or, with
 * `per: 'stream'`, per stream) over `streams` consecutive streams of the scenario, each read by `doStream`.
 */
export function streamCpuRunnables(
  upstream: string,
  contenders: LanguageContender[],
  format: WireFormat,
  scenario: Scenario,
  options: CpuRunnableOptions = {},
): Runnable[] {
  return cpuRunnables(upstream, contenders, format, scenario, consumeDoStream, options);
}

/** `streamCpuRunnables` with each stream read by `consume` (e.g. through an AI SDK's streamText). */
export function cpuRunnables<MODEL>(
  upstream: string,
  contenders: LanguageContender<MODEL>[],
  format: WireFormat,
  scenario: Scenario,
  consume: ConsumeStream<MODEL>,
  { streams = 1, per = 'delta', suffix = '' }: CpuRunnableOptions = {},
): Runnable[] {
  const modelId = scenarioModelId(scenario.kind, scenario.deltas);
  // Warm-ups walk the same paths over a shorter stream of the same kind.
  const warm: Scenario = { kind: scenario.kind, deltas: Math.min(scenario.deltas, WARMUP_DELTAS) };
  const warmId = scenarioModelId(warm.kind, warm.deltas);
  const signal = () => AbortSignal.timeout(120_000);
  const sample = async (stream: () => Promise<{ length: number; finished: boolean }>) => {
    settle();
    const { cpuMicros } = await timed(async () => {
      for (let i = 0; i < streams; i++) checkOutcome(await stream(), scenario);
    });
    // Per upstream delta, not per part: a provider that merges the deltas of one read emits fewer parts.
    return cpuMicros / (per === 'delta' ? scenario.deltas * streams : streams);
  };
  const runnables: Runnable[] = [
    {
      name: FLOOR + suffix,
      run: () => sample(() => floorStream(upstream, format, modelId, signal())),
      warmup: () => floorStream(upstream, format, warmId, signal()),
    },
  ];
  for (const contender of contenders) {
    if (contender.format !== format) continue;
    const model = contender.model(modelId);
    const warmModel = contender.model(warmId);
    const name = contender.name + suffix;
    if (isUnavailable(model) || isUnavailable(warmModel)) {
      runnables.push({
        name,
        unavailable: isUnavailable(model) ? model.unavailable : 'unavailable',
        run: async () => Number.NaN,
      });
    } else {
      runnables.push({
        name,
        run: () => sample(() => consume(model, scenario, signal())),
        warmup: () => consume(warmModel, warm, signal()),
      });
    }
  }
  return runnables;
}

export function measureStreamCpu(
  upstream: string,
  contenders: LanguageContender[],
  format: WireFormat,
  deltas: number,
  { reps, warmups }: { reps: number; warmups: number },
): Promise<Record<string, Series>> {
  return interleave(streamCpuRunnables(upstream, contenders, format, { kind: 'text', deltas }), { reps, warmups });
}

/** `wrapped` against `bare`, per delta: the round-by-round ratios, and each model's own series. */
export interface PairedCpu {
  ratio: Series;
  bare: Series;
  wrapped: Series;
}

/**
 * Two contenders of `format` (a model and a wrapper of it) over the same stream, `reps` rounds of both,
 * the order alternating per round. A ratio is taken per round, so the machine's drift over the run, which
 * on a shared host moves single figures by a third, cancels out of it.
 */
export async function measurePairedCpu(
  upstream: string,
  [bare, wrapped]: [LanguageContender, LanguageContender],
  format: WireFormat,
  deltas: number,
  { reps, warmups }: { reps: number; warmups: number },
): Promise<PairedCpu> {
  const runnables = streamCpuRunnables(upstream, [bare, wrapped], format, { kind: 'text', deltas });
  const pair = [bare.name, wrapped.name].map(name => runnables.find(runnable => runnable.name === name)!);
  const ratios: number[] = [];
  const samples: [number[], number[]] = [[], []];
  try {
    for (let round = 0; round < warmups; round++)
      for (const runnable of pair) await (runnable.warmup ?? runnable.run)();
    for (let round = 0; round < reps; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const figures: number[] = [];
      for (const at of order) figures[at] = await pair[at]!.run();
      samples[0].push(figures[0]!);
      samples[1].push(figures[1]!);
      ratios.push(figures[1]! / figures[0]!);
    }
  } catch (error) {
    const failed = { samples: [], median: Number.NaN, spread: 0, error: describe(error) };
    return { ratio: failed, bare: failed, wrapped: failed };
  }
  const series = (values: number[]): Series => ({ samples: values, median: median(values), spread: spread(values) });
  return { ratio: series(ratios), bare: series(samples[0]), wrapped: series(samples[1]) };
}

export const TOOL_SMALL = 1_000;
export const TOOL_LARGE = 10_000;
/** The smallest tool stream: the opening and the closing argument piece only. */
const TOOL_EMPTY = 2;

export interface ToolScalingFigure {
  /** Marginal CPU per argument delta, microseconds, at 1k and at 10k deltas. */
  small: number;
  large: number;
  /** large / small: ~1 when the cost per delta is flat, rising when it grows with the arguments' length. */
  ratio: number;
  spread: number;
}

/**
 * One tool call whose arguments arrive in 1k vs 10k pieces. Samples are CPU per stream; the fixed cost of
 * a request (fetch, headers, prompt conversion) is taken out by subtracting a 2-piece tool stream, so the
 * figure is the marginal cost of an argument delta. The 1k sample runs 10 streams, so both sizes time the
 * same number of deltas. All sizes and contenders are interleaved in one run.
 */
export async function measureToolScaling(
  upstream: string,
  contenders: LanguageContender[],
  format: WireFormat,
  { reps, warmups }: { reps: number; warmups: number },
): Promise<{
  figures: Record<string, ToolScalingFigure | { unavailable?: string; error?: string }>;
  series: Record<string, Series>;
}> {
  const repeat = TOOL_LARGE / TOOL_SMALL;
  const runnables = [
    ...streamCpuRunnables(
      upstream,
      contenders,
      format,
      { kind: 'tool', deltas: TOOL_EMPTY },
      { streams: repeat, per: 'stream', suffix: '@2' },
    ),
    ...streamCpuRunnables(
      upstream,
      contenders,
      format,
      { kind: 'tool', deltas: TOOL_SMALL },
      { streams: repeat, per: 'stream', suffix: '@1k' },
    ),
    ...streamCpuRunnables(
      upstream,
      contenders,
      format,
      { kind: 'tool', deltas: TOOL_LARGE },
      { per: 'stream', suffix: '@10k' },
    ),
  ];
  const series = await interleave(runnables, { reps, warmups });
  const figures: Record<string, ToolScalingFigure | { unavailable?: string; error?: string }> = {};
  for (const name of Object.keys(series)) {
    if (!name.endsWith('@2')) continue;
    const base = name.slice(0, -2);
    const empty = series[`${base}@2`];
    const small = series[`${base}@1k`];
    const large = series[`${base}@10k`];
    const failed = [empty, small, large].find(one => one.unavailable || one.error);
    if (failed) {
      figures[base] = { unavailable: failed.unavailable, error: failed.error };
      continue;
    }
    const perSmall = (small.median - empty.median) / (TOOL_SMALL - TOOL_EMPTY);
    const perLarge = (large.median - empty.median) / (TOOL_LARGE - TOOL_EMPTY);
    figures[base] = {
      small: perSmall,
      large: perLarge,
      ratio: perLarge / perSmall,
      spread: Math.max(small.spread, large.spread),
    };
  }
  return { figures, series };
}
