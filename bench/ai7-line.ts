/**
 * The ai@7 line (`--only=ai7`, Node >= 22): what a delta and the first delta cost through ai@7's
 * `streamText`, for `unigate-ai-provider/v4`'s model and for the root entry's V3 model, which ai@7 wraps
 * in its V3->V4 adapter (a Proxy whose doStream pipes every part through one more TransformStream).
 * Both entries are imported from src/, as the other rows import this package. Loaded by run.ts only
 * when the section runs, so Node 20 runs never load ai@7.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider-v4';
import { streamText, type LanguageModel } from 'ai7';
import { createUnigate as createRootUnigate } from '../src/index';
import { createUnigate as createV4Unigate } from '../src/v4/index';
import { guard, OURS_ROOT_IN_AI7, OURS_V4, ownSettings, type LanguageContender, type WireFormat } from './contenders';
import { measureFirstDelta } from './first-delta';
import { idealFirstDeltaStream } from './ideal-merging-model';
import { interleave, type Series } from './interleave';
import { cpuRunnables } from './stream-cpu';
import { drainStreamText, type DrainStreamText } from './stream-text';

/** ai@7's `streamText`, drained to its end. */
const drainAi7: DrainStreamText<LanguageModel> = (model, abortSignal) =>
  drainStreamText(streamText, model, abortSignal);

/** Both entries' chat and messages models, as ai@7 takes them; `mergeStreamDeltas` as given. */
function ai7Contenders(upstream: string, mergeStreamDeltas: boolean): LanguageContender<LanguageModel>[] {
  const settings = { ...ownSettings(upstream), mergeStreamDeltas };
  const v4 = createV4Unigate(settings);
  const root = createRootUnigate(settings);
  return [
    { name: OURS_V4, format: 'chat', model: id => guard(() => v4.chat(id)) },
    { name: OURS_ROOT_IN_AI7, format: 'chat', model: id => guard(() => root.chat(id)) },
    { name: OURS_V4, format: 'messages', model: id => guard(() => v4.messages(id)) },
    { name: OURS_ROOT_IN_AI7, format: 'messages', model: id => guard(() => root.messages(id)) },
  ];
}

/**
 * The ideal provider as a V4 model, so ai@7 takes it without its adapter (a text stream's parts have the
 * same shape in both specs).
 */
const idealV4 =
  (upstream: string) =>
  (format: WireFormat, modelId: string): LanguageModelV4 => ({
    specificationVersion: 'v4',
    provider: 'bench.ideal-first-delta',
    modelId,
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('the ideal provider only streams')),
    doStream: async ({ abortSignal }) => ({
      stream: await idealFirstDeltaStream(upstream, format, modelId, abortSignal),
    }),
  });

export interface Ai7LineSeries {
  /** CPU µs per upstream delta through ai@7's streamText, merging on (the default); the floor beside it. */
  cpu: Record<string, Series>;
  /** The same with merging off: every delta a part, so a per-part cost of either path shows. */
  cpuMergeOff: Record<string, Series>;
  /** ms from the streamText call to the first text delta; the floor: fetch. */
  firstDelta: Record<string, Series>;
}

/**
 * The three figures of one wire format, each interleaved with the raw floor: `deltas`-delta streams with
 * merging on, `mergeOffDeltas`-delta streams with merging off, and `firstDeltaRequests` first deltas.
 */
export async function measureAi7Line(
  upstream: string,
  format: WireFormat,
  plan: { deltas: number; mergeOffDeltas: number; reps: number; warmups: number; firstDeltaRequests: number },
): Promise<Ai7LineSeries> {
  const { reps, warmups } = plan;
  const consume = (model: LanguageModel, _scenario: unknown, abortSignal: AbortSignal) => drainAi7(model, abortSignal);
  const series = (mergeStreamDeltas: boolean, deltas: number) =>
    interleave(
      cpuRunnables(upstream, ai7Contenders(upstream, mergeStreamDeltas), format, { kind: 'text', deltas }, consume),
      { reps, warmups },
    );
  return {
    cpu: await series(true, plan.deltas),
    cpuMergeOff: await series(false, plan.mergeOffDeltas),
    firstDelta: await measureFirstDelta(
      upstream,
      ai7Contenders(upstream, true),
      format,
      plan.firstDeltaRequests,
      drainAi7,
      idealV4(upstream),
    ),
  };
}
