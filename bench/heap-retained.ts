/**
 * Heap retained per delta: consume a long `doStream` fully while holding what a consumer keeps (the
 * stream result and its finish part), collect garbage, and divide the growth of heapUsed by the deltas.
 * A provider that keeps every chunk (or the whole text) alive shows up as bytes per delta; ~0 is the goal.
 * Resolution: a few tens of KB per run either way, so about +-1 B/delta at 20k deltas (quick), +-0.1 at
 * 200k (full).
 */
import v8 from 'node:v8';
import { isUnavailable, type LanguageContender, type WireFormat } from './contenders';
import { interleave, type Runnable, type Series } from './interleave';
import { checkOutcome, consumeDoStream, gc, settle } from './measure';
import { floorStream } from './raw-floor';
import { scenarioModelId, type Scenario } from './wire-fixtures';
import { FLOOR, WARMUP_DELTAS } from './stream-cpu';

/**
 * heapUsed without the code spaces: JIT-compiled code comes and goes with (de)optimisation, tens of KB
 * either way from one run to the next, and is not data a stream retains.
 */
function dataHeapUsed(): number {
  let used = 0;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (!space.space_name.includes('code')) used += space.space_used_size;
  }
  return used;
}

/**
 * Full collections with event-loop turns between them, so finalizers (fetch bodies, sockets) and pending
 * stream cleanups run and their garbage is gone before heapUsed is read.
 */
async function settleFully(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    settle();
    await new Promise(resolve => setImmediate(resolve));
  }
}

export interface HeapFigure {
  /** Bytes retained per delta: the slope between the long and the short stream. */
  perDelta: number;
  /** Median bytes retained after the long and after the short stream. */
  large: number;
  small: number;
  /** (max - min) of the long stream's samples, in bytes per delta: the resolution of the figure. */
  noisePerDelta: number;
}

/**
 * Retained bytes after a stream of `deltas` and after one of `deltas / 10`, interleaved; the figure is the
 * slope, so what a call retains once (its request and response objects) is not counted per delta.
 */
export async function measureHeapRetained(
  upstream: string,
  contenders: LanguageContender[],
  format: WireFormat,
  deltas: number,
  reps: number,
): Promise<
  | { figures: Record<string, HeapFigure | { unavailable?: string; error?: string }>; series: Record<string, Series> }
  | { unavailable: string }
> {
  if (!gc) return { unavailable: 'run node with --expose-gc (npm run bench does)' };
  const held: unknown[] = [];
  const signal = () => AbortSignal.timeout(120_000);
  const retained = async (
    scenario: Scenario,
    stream: () => Promise<{ deltas: number; length: number; finished: boolean }>,
  ) => {
    held.length = 0;
    await settleFully();
    const before = dataHeapUsed();
    const outcome = await stream();
    held.push(outcome);
    checkOutcome(outcome, scenario);
    await settleFully();
    const after = dataHeapUsed();
    held.length = 0;
    return after - before;
  };
  const sizes = { large: deltas, small: Math.round(deltas / 10) };
  const runnables: Runnable[] = [];
  // Warm-ups (a shorter stream) get lazily built module state (schemas, pools) out of the figure.
  const warm: Scenario = { kind: 'text', deltas: Math.min(deltas, WARMUP_DELTAS) };
  const warmId = scenarioModelId(warm.kind, warm.deltas);
  for (const [size, count] of Object.entries(sizes)) {
    const scenario: Scenario = { kind: 'text', deltas: count };
    const modelId = scenarioModelId(scenario.kind, count);
    runnables.push({
      name: `${FLOOR}@${size}`,
      run: () => retained(scenario, () => floorStream(upstream, format, modelId, signal())),
      warmup: () => floorStream(upstream, format, warmId, signal()),
    });
    for (const contender of contenders) {
      if (contender.format !== format) continue;
      const model = contender.model(modelId);
      const name = `${contender.name}@${size}`;
      if (isUnavailable(model)) {
        runnables.push({ name, unavailable: model.unavailable, run: async () => Number.NaN });
        continue;
      }
      const warmModel = contender.model(warmId) as typeof model;
      runnables.push({
        name,
        // The outcome holds the doStream result and its finish part, as a caller would.
        run: () => retained(scenario, () => consumeDoStream(model, scenario, signal())),
        warmup: () => consumeDoStream(warmModel, warm, signal()),
      });
    }
  }
  const series = await interleave(runnables, { reps, warmups: 2 });
  const figures: Record<string, HeapFigure | { unavailable?: string; error?: string }> = {};
  for (const name of Object.keys(series)) {
    if (!name.endsWith('@large')) continue;
    const base = name.slice(0, -'@large'.length);
    const large = series[name];
    const small = series[`${base}@small`];
    const failed = [large, small].find(one => one.unavailable || one.error);
    if (failed) {
      figures[base] = { unavailable: failed.unavailable, error: failed.error };
      continue;
    }
    figures[base] = {
      perDelta: (large.median - small.median) / (sizes.large - sizes.small),
      large: large.median,
      small: small.median,
      noisePerDelta: (Math.max(...large.samples) - Math.min(...large.samples)) / (sizes.large - sizes.small),
    };
  }
  return { figures, series };
}
