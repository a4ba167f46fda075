/**
 * Client CPU per upstream delta through `streamText`, for one 20k-delta text stream delivered three ways:
 * one event per write with a pause after each (each read holds one event), bursts of 8 events per write,
 * and the whole body at once. This package runs with delta merging on (the default) and off.
 */
import {
  IDEAL_MERGING,
  isUnavailable,
  OURS,
  OURS_UNMERGED,
  type LanguageContender,
  type WireFormat,
} from './contenders';
import { idealMergingModel } from './ideal-merging-model';
import { interleave, type Runnable, type Series } from './interleave';
import { checkOutcome, settle, timed } from './measure';
import { floorStream } from './raw-floor';
import { FLOOR, WARMUP_DELTAS } from './stream-cpu';
import { drainAi6, type StreamTextOutcome } from './stream-text';
import { deliveryModelId, type Scenario } from './wire-fixtures';

export const BURST_DELTAS = 20_000;

/** The three shapes: events per write (`undefined`: the whole body in one write), and the row's budget. */
export const SHAPES = [
  { id: 'one', perWrite: 1, title: 'one event per write', budget: 1.05 },
  { id: 'eight', perWrite: 8, title: 'bursts of 8 events per write', budget: 0.35 },
  { id: 'whole', perWrite: undefined, title: 'the whole body at once', budget: 0.2 },
] as const;

export type Shape = (typeof SHAPES)[number];

export interface BurstSeries {
  series: Record<string, Series>;
  /** Per contender: text-delta parts per upstream delta, median over the samples. */
  partsPerDelta: Record<string, number>;
}

/**
 * One runnable per contender of `format` (the merge-off variant of this package among them) plus the raw
 * floor, interleaved. A sample is CPU µs per upstream delta over one stream.
 */
export async function measureBurstCpu(
  upstream: string,
  contenders: LanguageContender[],
  format: WireFormat,
  shape: Shape,
  { reps, warmups }: { reps: number; warmups: number },
): Promise<BurstSeries> {
  const scenario: Scenario = { kind: 'text', deltas: BURST_DELTAS };
  const warm: Scenario = { kind: 'text', deltas: WARMUP_DELTAS };
  const modelId = deliveryModelId(scenario, shape.perWrite);
  const warmId = deliveryModelId(warm, shape.perWrite);
  const signal = () => AbortSignal.timeout(120_000);
  const parts: Record<string, number[]> = {};
  const sample = async (name: string, stream: () => Promise<StreamTextOutcome>) => {
    settle();
    const { cpuMicros, value } = await timed(stream);
    checkOutcome(value, scenario);
    (parts[name] ??= []).push(value.parts / scenario.deltas);
    return cpuMicros / scenario.deltas;
  };
  const floor = async (id: string) => {
    const outcome = await floorStream(upstream, format, id, signal());
    return { length: outcome.length, finished: outcome.finished, parts: outcome.deltas };
  };
  const runnables: Runnable[] = [
    { name: FLOOR, run: () => sample(FLOOR, () => floor(modelId)), warmup: () => floor(warmId) },
  ];
  for (const contender of contenders) {
    if (contender.format !== format) continue;
    const model = contender.model(modelId);
    const warmModel = contender.model(warmId);
    if (isUnavailable(model) || isUnavailable(warmModel)) {
      runnables.push({
        name: contender.name,
        unavailable: isUnavailable(model) ? model.unavailable : 'unavailable',
        run: async () => Number.NaN,
      });
      continue;
    }
    runnables.push({
      name: contender.name,
      run: () => sample(contender.name, () => drainAi6(model, signal())),
      warmup: () => drainAi6(warmModel, signal()),
    });
  }
  const series = await interleave(runnables, { reps, warmups });
  const partsPerDelta: Record<string, number> = {};
  for (const [name, values] of Object.entries(parts))
    partsPerDelta[name] = values.sort((a, b) => a - b)[values.length >> 1];
  return { series, partsPerDelta };
}

/**
 * The contenders of the burst rows: this package with merging on and off, the ideal merging provider, every
 * peer; not the priced or fallback variants.
 */
export function burstContenders(
  upstream: string,
  contenders: LanguageContender[],
  unmerged: LanguageContender[],
): LanguageContender[] {
  const ours = contenders.filter(contender => contender.name === OURS);
  const off = unmerged.filter(contender => contender.name === OURS_UNMERGED);
  const peers = contenders.filter(contender => !contender.name.startsWith(OURS));
  const ideal = (['chat', 'messages'] as const).map(
    (format): LanguageContender => ({
      name: IDEAL_MERGING,
      format,
      model: id => idealMergingModel(upstream, format, id),
    }),
  );
  return [...ours, ...off, ...ideal, ...peers];
}
