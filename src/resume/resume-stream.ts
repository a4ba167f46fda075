import type {
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { isUnigateCost, sumCosts } from '../pricing/compute-cost';
import type { UnigateCost } from '../pricing/unigate-pricing-types';
import { isUnigateResumeList } from '../prompt/call-options';
import type { UnigateResume, UnigateResumeReason } from './resume-types';
import type { SseSink } from '../streams/sse-reader';
import type { ResumeReservation } from '../streams/stream-extras';
import type { FinishMetadata } from '../streams/stream-state';

// Loaded on first use, by the first stream that fails after content (docs/resume.md): the continuation
// request and the mapping of its parts into the failed stream, so the caller sees one stream.

type Part = LanguageModelV3StreamPart;

/** A complete tool call the caller has received: the continuation's same call is not sent again. */
export interface KeptToolCall {
  toolName: string;
  input: string;
}

/**
 * A tool call the failure cut: the caller has its `tool-input-start` and the input deltas in `input`, no
 * `tool-call`. The continuation's first call of the same tool takes its id, so the caller's part completes.
 */
export interface CutToolCall {
  id: string;
  toolName: string;
  input: string;
}

/** What a failed stream hands its resume: what the caller has received, and how to ask for the rest. */
export interface ResumeStart {
  reason: UnigateResumeReason;
  /** The failed request gave the caller something (text or tool input): a request that added nothing is not resumed by its own model again. */
  added: boolean;
  /** The `max_tokens` left for the continuation (undefined: no cap); none left ends the stream `length`. */
  capLeft: number | undefined;
  /** Every text delta the caller has received, in order: the prefill, before its trailing whitespace is trimmed. */
  text: string;
  /** The text block still open: the continuation's first text block goes on in it (same id). */
  openTextId: string | undefined;
  toolCalls: KeptToolCall[];
  /** The calls cut mid-input. */
  cutToolCalls: CutToolCall[];
  /** The failed request's usage, its output bounded by what arrived (see `boundedOutput`). */
  usage: LanguageModelV3Usage;
  /**
   * The failed request's metadata with its cost (or why none), as its clean finish would carry it, once
   * its price has loaded (the wait bounded by `priceWaitMs`, as a clean finish waits): a stream that fails
   * early may beat the catalog. Only a clean finish carries it.
   */
  settledMetadata: (usage: LanguageModelV3Usage) => Promise<SharedV3ProviderMetadata | undefined>;
  /**
   * The failed request's usage once the continuation's is known: a chat stream reports its usage only at
   * its end, so a failed one's input is bounded by the continuation's (the same prompt and the prefill).
   */
  usageWith?: (continuation: LanguageModelV3Usage) => LanguageModelV3Usage;
  /** The continuation: `prefill` (no trailing whitespace; '' for none) sent as the answer so far. */
  send(prefill: string): Promise<ReadableStream<Part>>;
  /** The call's ending (stream-ending.ts), told once, by the whole stream's finish. */
  finish: FinishMetadata | undefined;
  /** Told at the continuation's finish: the characters the caller had before it, and those it passed on. */
  wrote?: (before: number, characters: number) => void;
  /** Reserves the continuation that sends `prefill` in the budget: undefined when it does not fit. */
  reserve: ((prefill: string) => Promise<ResumeReservation | undefined>) | undefined;
  abortSignal: AbortSignal | undefined;
  /** The caller cancelled the stream. */
  cancelled(): boolean;
}

function add(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}

/** Both requests' usage, field by field. */
function sumUsage(a: LanguageModelV3Usage, b: LanguageModelV3Usage): LanguageModelV3Usage {
  return {
    inputTokens: {
      total: add(a.inputTokens.total, b.inputTokens.total),
      noCache: add(a.inputTokens.noCache, b.inputTokens.noCache),
      cacheRead: add(a.inputTokens.cacheRead, b.inputTokens.cacheRead),
      cacheWrite: add(a.inputTokens.cacheWrite, b.inputTokens.cacheWrite),
    },
    outputTokens: {
      total: add(a.outputTokens.total, b.outputTokens.total),
      text: add(a.outputTokens.text, b.outputTokens.text),
      reasoning: add(a.outputTokens.reasoning, b.outputTokens.reasoning),
    },
  };
}

function costOf(metadata: SharedV3ProviderMetadata | undefined): UnigateCost | undefined {
  const cost = metadata?.unigate?.cost;
  return isUnigateCost(cost) ? cost : undefined;
}

function resumesOf(metadata: SharedV3ProviderMetadata | undefined): UnigateResume[] {
  const resumed = metadata?.unigate?.resumed;
  return isUnigateResumeList(resumed) ? resumed : [];
}

const RESUMED_WARNING = 'the stream failed after content and was resumed: see providerMetadata.unigate.resumed';

/**
 * The whole stream's finish metadata: the continuation's, with both requests' cost (none when either
 * is unknown: a sum of one would under-count), this resume first in `resumed`, and the warning.
 */
function combinedMetadata(
  failed: SharedV3ProviderMetadata | undefined,
  record: UnigateResume,
  metadata: SharedV3ProviderMetadata | undefined,
  clean: boolean,
): SharedV3ProviderMetadata {
  const { cost: _own, costUnavailable: _why, resumed: _inner, warnings: _w, ...rest } = metadata?.unigate ?? {};
  const first = costOf(failed);
  const second = costOf(metadata);
  const why = failed?.unigate?.costUnavailable ?? metadata?.unigate?.costUnavailable;
  const cost = first !== undefined && second !== undefined ? sumCosts([first, second]) : undefined;
  const warning: SharedV3Warning = { type: 'other', message: RESUMED_WARNING };
  return {
    ...metadata,
    unigate: {
      ...rest,
      ...(cost !== undefined ? { cost } : clean && typeof why === 'string' && { costUnavailable: why }),
      resumed: [record, ...resumesOf(metadata)],
      warnings: [warning],
    },
  };
}

/** Maps the continuation's parts into the failed stream: ids, the repeated whitespace, kept tool calls. */
class ContinuationMapper {
  private readonly ids = new Map<string, string>();
  private continued = false;
  /** The trimmed whitespace, dropped from the continuation's start when the model writes it again. */
  private skip: string;
  /**
   * The caller's id of the continuation's first text block, when it writes text first: the repeated
   * whitespace is looked for there, whether it goes on in the open block or a new one (the caller's ended).
   */
  private firstText: string | undefined;
  private readonly kept: KeptToolCall[];
  /** The tool parts of each call not yet complete, while a kept call may be repeated. */
  private readonly held = new Map<string, Part[]>();
  /** The cut calls no continuation call has taken yet. */
  private readonly cut: CutToolCall[];
  /** A continuation call that took a cut call's id: that id, and the input the caller already has. */
  private readonly adopted = new Map<string, { id: string; skip: string; diverged: boolean }>();
  requestId: string | undefined = undefined;
  /** The text characters passed on to the caller. */
  characters = 0;

  constructor(
    private readonly start: ResumeStart,
    private readonly prefix: string,
    trimmed: string,
  ) {
    this.skip = trimmed;
    this.kept = [...start.toolCalls];
    this.cut = [...start.cutToolCalls];
  }

  /**
   * What is still open at the finish: the text block the continuation wrote nothing into (the answer's
   * text was whole), and the cut calls nothing took (their input is ended; the call is not made).
   */
  unended(): Part[] {
    return [...this.endOpenText(), ...this.cut.map(call => ({ type: 'tool-input-end' as const, id: call.id }))];
  }

  /** The open text block's end when the continuation writes something else first: its text was whole. */
  private endOpenText(): Part[] {
    const { openTextId } = this.start;
    if (this.continued || openTextId === undefined) return [];
    this.continued = true;
    return [{ type: 'text-end', id: openTextId }];
  }

  /** `part` after the open text block's end, when that is still open. */
  private afterText(part: Part | Part[] | undefined): Part | Part[] | undefined {
    // Text written after another part is new: the whitespace the caller has is no longer repeated.
    if (this.firstText === undefined) this.skip = '';
    const ended = this.endOpenText();
    if (ended.length === 0) return part;
    return part === undefined ? ended : [...ended, ...(Array.isArray(part) ? part : [part])];
  }

  private id(id: string): string {
    return this.ids.get(id) ?? `${this.prefix}${id}`;
  }

  /** The parts the caller sees for `part`: itself mapped, none, or a held tool call's parts with it. */
  map(part: Part): Part | Part[] | undefined {
    switch (part.type) {
      case 'stream-start':
        return undefined;
      case 'response-metadata':
        if (this.requestId === undefined && part.id !== undefined) this.requestId = part.id;
        return undefined;
      case 'text-start':
        if (!this.continued && this.start.openTextId !== undefined) {
          this.continued = true;
          this.ids.set(part.id, this.start.openTextId);
          this.firstText ??= this.start.openTextId;
          return undefined;
        }
        this.ids.set(part.id, `${this.prefix}${part.id}`);
        this.firstText ??= this.id(part.id);
        return { ...part, id: this.id(part.id) };
      case 'text-delta':
        return this.textDelta(part);
      case 'reasoning-start':
        return this.afterText({ ...part, id: this.id(part.id) });
      case 'text-end':
      case 'reasoning-delta':
      case 'reasoning-end':
        return { ...part, id: this.id(part.id) };
      case 'tool-input-start':
        return this.afterText(this.holdTool(part.id, part));
      case 'tool-input-delta':
      case 'tool-input-end':
        return this.holdTool(part.id, part);
      case 'tool-call':
        return this.afterText(this.toolCall(part));
      default:
        return part;
    }
  }

  private textDelta(part: Extract<Part, { type: 'text-delta' }>): Part | undefined {
    const id = this.id(part.id);
    let delta = part.delta;
    if (this.skip !== '' && id === this.firstText) {
      const { rest, skip } = skipRepeated(this.skip, delta);
      // The model either repeats the whitespace or goes straight on: a mismatch ends the check.
      this.skip = rest === '' ? skip : '';
      delta = rest;
      if (delta === '') return undefined;
    }
    this.characters += delta.length;
    return { ...part, id, delta };
  }

  /** While a kept call may come again, a call's parts wait for its `tool-call`. */
  private holdTool(id: string, part: Part): Part | undefined {
    if (this.kept.length === 0 && !this.held.has(id)) return this.adopt(part);
    const parts = this.held.get(id) ?? [];
    parts.push(part);
    this.held.set(id, parts);
    return undefined;
  }

  /** A call repeating a kept one is left out with its parts; any other goes out with them. */
  toolCall(part: Extract<Part, { type: 'tool-call' }>): Part | Part[] | undefined {
    const parts = this.held.get(part.toolCallId) ?? [];
    this.held.delete(part.toolCallId);
    const at = this.kept.findIndex(call => call.toolName === part.toolName && call.input === part.input);
    if (at >= 0) {
      this.kept.splice(at, 1);
      return undefined;
    }
    const released = [...parts, part].flatMap(one => this.adopt(one) ?? []);
    return released.length === 1 ? released[0] : released;
  }

  /**
   * A continuation call's part under the cut call it takes (the first cut call of its tool): no second
   * start, and its input deltas less what the caller already has; where the input differs from that, no
   * more deltas (the `tool-call` carries the whole input).
   */
  private adopt(part: Part): Part | undefined {
    if (part.type === 'tool-input-start') {
      const at = this.cut.findIndex(call => call.toolName === part.toolName);
      if (at < 0) return part;
      const [call] = this.cut.splice(at, 1);
      this.adopted.set(part.id, { id: call!.id, skip: call!.input, diverged: false });
      return undefined;
    }
    if (part.type !== 'tool-call' && part.type !== 'tool-input-delta' && part.type !== 'tool-input-end') return part;
    const adopted = this.adopted.get(part.type === 'tool-call' ? part.toolCallId : part.id);
    if (adopted === undefined) return part;
    if (part.type === 'tool-call') return { ...part, toolCallId: adopted.id };
    if (part.type === 'tool-input-end') return { ...part, id: adopted.id };
    if (adopted.diverged) return undefined;
    const { rest, skip, matched } = skipRepeated(adopted.skip, part.delta);
    adopted.skip = skip;
    adopted.diverged = !matched;
    return matched && rest !== '' ? { ...part, id: adopted.id, delta: rest } : undefined;
  }
}

/**
 * `delta` less the start of `skip` it repeats: what is left of each, and whether the delta stayed with
 * `skip` (it ran out first, or `skip` did and the rest is new).
 */
function skipRepeated(skip: string, delta: string): { rest: string; skip: string; matched: boolean } {
  let at = 0;
  while (at < delta.length && at < skip.length && delta[at] === skip[at]) at++;
  const matched = at === delta.length || at === skip.length;
  return { rest: delta.slice(at), skip: skip.slice(at), matched };
}

/**
 * The failed request wrote all the cap allowed: the stream ends as a request that reached `max_tokens`
 * does (`length`), with its open blocks ended and its usage, instead of a continuation with nothing to write.
 */
async function finishAtCap(start: ResumeStart, sink: SseSink<Part>): Promise<void> {
  const { usage } = start;
  const metadata = await start.settledMetadata(usage);
  for (const part of new ContinuationMapper(start, '', '').unended()) sink.enqueue(part);
  sink.enqueue({
    type: 'finish',
    finishReason: { unified: 'length', raw: undefined },
    usage,
    providerMetadata: start.finish?.(metadata, usage, true) ?? metadata,
  });
}

/**
 * The resume itself, the work the failed stream's sink is held with: it reserves and sends the
 * continuation, then passes its parts on (mapped) and ends with one `finish` for both requests. Any
 * step that cannot go on before the continuation opens fails the stream as it would have (`giveUp`).
 */
export async function resumeStream(
  start: ResumeStart,
  sink: SseSink<Part>,
  giveUp: () => void,
  attempt: number,
): Promise<void> {
  if (start.abortSignal?.aborted || start.cancelled()) return giveUp();
  if (start.capLeft !== undefined && start.capLeft <= 0) return finishAtCap(start, sink);
  const prefill = start.text.trimEnd();
  const reservation = start.reserve === undefined ? undefined : await start.reserve(prefill);
  if (start.reserve !== undefined && reservation === undefined) return giveUp();
  let stream: ReadableStream<Part>;
  try {
    stream = await start.send(prefill);
  } catch (error) {
    // The continuation was refused: the caller sees the error the stream failed with.
    reservation?.refused(error);
    return giveUp();
  }
  const mapper = new ContinuationMapper(start, `resume-${attempt}-`, start.text.slice(prefill.length));
  const reader = stream.getReader();
  for (;;) {
    if (start.cancelled()) {
      await reader.cancel();
      return;
    }
    const { done, value } = await reader.read();
    if (done) return;
    if (value.type === 'finish') {
      const record: UnigateResume = {
        afterCharacters: start.text.length,
        reason: start.reason,
        ...(mapper.requestId !== undefined && { requestId: mapper.requestId }),
      };
      // A failed continuation finishes `error`, or `interrupted` on a V4 entry when its body was cut off.
      const unified: string = value.finishReason.unified;
      const clean = unified !== 'error' && unified !== 'interrupted';
      start.wrote?.(start.text.length, mapper.characters);
      const failedUsage = start.usageWith?.(value.usage) ?? start.usage;
      const usage = sumUsage(failedUsage, value.usage);
      // Only a clean finish is priced, so only it waits for the failed request's price (bounded).
      const failed = clean ? await start.settledMetadata(failedUsage) : undefined;
      const metadata = combinedMetadata(failed, record, value.providerMetadata, clean);
      for (const part of mapper.unended()) sink.enqueue(part);
      sink.enqueue({ ...value, usage, providerMetadata: start.finish?.(metadata, usage, clean) ?? metadata });
      continue;
    }
    const mapped = mapper.map(value);
    if (Array.isArray(mapped)) for (const part of mapped) sink.enqueue(part);
    else if (mapped !== undefined) sink.enqueue(mapped);
  }
}
