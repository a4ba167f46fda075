import type { LanguageModelV3Usage } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { StreamEnd } from '../../src/model-call/stream-ending';
import type { StreamEnding } from '../../src/streams/stream-extras';

// The one ending of a stream: whichever of the finish, the reader's end and the abort comes first is
// told to the wrappers, once; the others reach nothing.
const USAGE: LanguageModelV3Usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 3, text: 3, reasoning: undefined },
};
const COST = { input: 10, output: 3, total: 13, unit: 'credits' as const };

/** A StreamEnd whose wrapper records each ending it is told, and a span recording what is written on it. */
function ending(abortSignal?: AbortSignal) {
  const told: StreamEnding[] = [];
  const span: Record<string, unknown> = {};
  const end = new StreamEnd(
    {
      warnings: [],
      ended: ending => {
        told.push(ending);
        return { ...ending, metadata: { ...ending.metadata, wrapper: { seen: true } } };
      },
    },
    {
      finishCost: metadata => ({ ...metadata, unigate: { cost: COST } }),
      span: { setAttribute: (key, value) => void (span[key] = value) },
    },
    abortSignal,
  );
  end.watch({ usage: () => USAGE, responseId: () => 'chatcmpl-1' });
  return { end, told, span };
}

describe('StreamEnd: one ending per stream', () => {
  it('a clean finish: completed, priced, its cost on the span; the reader closing after it reaches nothing', () => {
    const { end, told, span } = ending();
    const metadata = end.priced(undefined, USAGE, true);
    end.closed({ cancelled: false });
    end.closed({ cancelled: true });
    expect(metadata).toEqual({ unigate: { cost: COST }, wrapper: { seen: true } });
    expect(told).toEqual([
      {
        outcome: 'completed',
        metadata: { unigate: { cost: COST } },
        usage: USAGE,
        responseId: 'chatcmpl-1',
        cost: COST,
      },
    ]);
    expect(span['gen_ai.usage.cost.amount']).toBe(13);
  });

  it("the caller's cancel before the finish: aborted, with the usage reported so far; a later finish is not priced again", () => {
    const { end, told } = ending();
    end.closed({ cancelled: true });
    expect(end.finish({ unigate: { cost: COST } }, USAGE, true)).toEqual({ unigate: { cost: COST } });
    expect(told.map(ending => [ending.outcome, ending.metadata, ending.cost])).toEqual([
      ['aborted', undefined, undefined],
    ]);
    expect(told[0]!.usage).toBe(USAGE);
  });

  it('a failure thrown into the stream: failed, or aborted when the call was aborted', () => {
    const failed = ending();
    failed.end.closed({ cancelled: false, error: new TypeError('terminated') });
    expect(failed.told.map(ending => ending.outcome)).toEqual(['failed']);
    const failedFinish = ending();
    failedFinish.end.priced(undefined, USAGE, false);
    expect(failedFinish.told.map(ending => [ending.outcome, ending.cost])).toEqual([['failed', undefined]]);
  });

  it('the abort signal ends the stream at once, read or not, and only once', () => {
    const controller = new AbortController();
    const { end, told } = ending(controller.signal);
    controller.abort();
    end.closed({ cancelled: false, error: controller.signal.reason });
    end.priced(undefined, USAGE, false);
    expect(told.map(ending => ending.outcome)).toEqual(['aborted']);
  });

  it('a call aborted before its stream was watched ends at once; one that finished first is not aborted after', () => {
    const aborted = new AbortController();
    aborted.abort();
    expect(ending(aborted.signal).told.map(ending => ending.outcome)).toEqual(['aborted']);
    const later = new AbortController();
    const { end, told } = ending(later.signal);
    end.priced(undefined, USAGE, true);
    later.abort();
    expect(told.map(ending => ending.outcome)).toEqual(['completed']);
  });
});
