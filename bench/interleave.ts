import { describe, median, rotate, spread } from './measure';

/** The repetitions of one figure for one contender (or the floor). */
export interface Series {
  samples: number[];
  median: number;
  /** (max - min) / median over the samples. */
  spread: number;
  /** Why there is no figure: the model does not exist yet. */
  unavailable?: string;
  /** Why there is no figure: the run failed (wrong output, error part, HTTP error). */
  error?: string;
}

export interface Runnable {
  name: string;
  /** One sample. Throws when the output is wrong. */
  run(): Promise<number>;
  /** A cheaper run for the warm-up rounds (same code paths, smaller payload); default: `run`. */
  warmup?: () => Promise<unknown>;
  unavailable?: string;
}

/**
 * Warms every runnable up, then runs `reps` rounds; each round runs every runnable once, in an order
 * rotated per round, so drift (other processes, thermal, GC pressure) lands on everyone alike.
 * A runnable that fails once is dropped with its error; the others go on.
 */
export async function interleave(
  runnables: Runnable[],
  { reps, warmups }: { reps: number; warmups: number },
): Promise<Record<string, Series>> {
  const results: Record<string, Series> = {};
  const active: Runnable[] = [];
  for (const runnable of runnables) {
    results[runnable.name] = { samples: [], median: Number.NaN, spread: 0, unavailable: runnable.unavailable };
    if (!runnable.unavailable) active.push(runnable);
  }
  const attempt = async (runnable: Runnable, keep: boolean) => {
    const series = results[runnable.name];
    if (series.error) return;
    try {
      if (!keep) {
        await (runnable.warmup ?? runnable.run)();
        return;
      }
      series.samples.push(await runnable.run());
    } catch (error) {
      series.error = describe(error);
    }
  };
  for (let w = 0; w < warmups; w++) {
    for (const runnable of rotate(active, w)) await attempt(runnable, false);
  }
  for (let r = 0; r < reps; r++) {
    for (const runnable of rotate(active, r)) await attempt(runnable, true);
  }
  for (const series of Object.values(results)) {
    series.median = median(series.samples);
    series.spread = spread(series.samples);
  }
  return results;
}
