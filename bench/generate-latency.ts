/** generateText latency (non-streaming), against a raw fetch + JSON.parse of the same JSON body. */
import { generateText } from 'ai';
import { contenderRunnables, type LanguageContender, type WireFormat } from './contenders';
import { interleave, type Runnable, type Series } from './interleave';
import { floorGenerate } from './raw-floor';
import { FLOOR } from './stream-cpu';
import { expectedLength, scenarioModelId, type Scenario } from './wire-fixtures';

export const GENERATE_SCENARIO: Scenario = { kind: 'text', deltas: 64 };

export function measureGenerateLatency(
  upstream: string,
  contenders: LanguageContender[],
  format: WireFormat,
  requests: number,
): Promise<Record<string, Series>> {
  const scenario = GENERATE_SCENARIO;
  const modelId = scenarioModelId(scenario.kind, scenario.deltas);
  const expected = expectedLength(scenario);
  const check = (length: number) => {
    if (length !== expected) throw new Error(`read ${length} characters, expected ${expected}`);
  };
  const runnables: Runnable[] = [
    {
      name: FLOOR,
      run: async () => {
        const start = performance.now();
        check(await floorGenerate(upstream, format, modelId, AbortSignal.timeout(30_000)));
        return performance.now() - start;
      },
    },
  ];
  runnables.push(
    ...contenderRunnables(contenders, format, modelId, async model => {
      const start = performance.now();
      const result = await generateText({
        model,
        prompt: 'Say something.',
        abortSignal: AbortSignal.timeout(30_000),
        maxRetries: 0,
      });
      check(result.text.length);
      return performance.now() - start;
    }),
  );
  return interleave(runnables, { reps: requests, warmups: 3 });
}
