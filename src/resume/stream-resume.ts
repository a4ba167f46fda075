import {
  AISDKError,
  InvalidResponseDataError,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  type LanguageModelV3Usage,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import type { UnigateResumeReason, ResumeSettings } from '../settings/unigate-provider-settings';
import type { GatewayAuth, GatewayConnection } from '../settings/gateway-connection';
import type { UnigateModelContext } from '../model-call/model-context';
import type { PricedCall } from '../model-call/send-priced-request';
import { sendPricedStreamRequest } from '../model-call/send-priced-request';
import { pricedOnly, StreamEnd } from '../model-call/stream-ending';
import {
  readSseStream,
  type SseFailure,
  type SseHandler,
  type SseRecover,
  type SseSink,
  streamingBody,
} from '../streams/sse-reader';
import type { StreamFormat, StreamRequestContext } from '../streams/stream-errors';
import { type StreamExtras, type StreamHandOver, withExtraWarnings } from '../streams/stream-extras';
import {
  type FinishMetadata,
  isStreamDelta,
  mergeStreamDelta,
  type PriceWait,
  type StreamState,
} from '../streams/stream-state';
import { loadOnce } from '../checks/values';
import { bareModelId } from '../checks/validate-argument';
import type { CutToolCall, KeptToolCall, ResumeStart } from './resume-stream';

const loadResume = loadOnce(() => import('./resume-stream'));

// The run both formats' streams share (docs/resume.md): the first request sent and its body read by the
// format's handler (`openLanguageStream`), and when it fails after content, what failed, whether it may be
// resumed, what the caller has received, and the resume itself, loaded on first use from resume-stream.ts.
// Each format gives an adapter (`LanguageStream`: its wire, its state and handler, `StreamSoFar`): nothing
// here is per format but the prefill policy at the end, which says which upstreams take a prefill and the
// turn each format sends.

/**
 * A failed request's output tokens, bounded from above by the UTF-8 bytes the caller received (a token
 * is at least one byte): its final count never arrived, and a cost must never under-count.
 */
export function boundedOutput(usage: LanguageModelV3Usage, receivedBytes: number): LanguageModelV3Usage {
  const reported = usage.outputTokens.total ?? 0;
  if (reported >= receivedBytes) return usage;
  return { ...usage, outputTokens: { ...usage.outputTokens, total: receivedBytes } };
}

/** What one request's stream has given the caller, read by its format at the failure. */
export interface StreamSoFar {
  /** This request's text deltas, in order. */
  received: string;
  /** The text block still open. */
  openTextId: string | undefined;
  /** The calls the caller received whole from this request. */
  toolCalls: KeptToolCall[];
  /** The calls cut mid-input. */
  cutToolCalls: CutToolCall[];
  /** This request's usage as reported so far. */
  usage: LanguageModelV3Usage;
  /**
   * The failed request's usage once the continuation's is known, when its own never came (chat reports
   * usage only at its end): its input is bounded by the continuation's (the same prompt and the prefill).
   */
  usageWith?: (failed: LanguageModelV3Usage, continuation: LanguageModelV3Usage) => LanguageModelV3Usage;
}

/** The state every language stream keeps that the shared run reads: its spec, and the facts of a failure. */
type LanguageStreamState = StreamState & StreamFailureFacts;

/**
 * A language format's stream, as the run both formats share reads and resumes it (`openLanguageStream`):
 * built by the format's `stream` once per call, over what it prepared. Each format gives its wire (where,
 * how and what it sends), the state and handler of one request's body, and what a resume needs of them.
 */
export interface LanguageStream<BODY extends { max_tokens?: number }, STATE extends LanguageStreamState> {
  readonly target: {
    readonly context: UnigateModelContext;
    readonly config: GatewayConnection & { readonly mergeStreamDeltas: boolean };
  };
  readonly options: LanguageModelV3CallOptions;
  readonly format: StreamFormat;
  readonly auth: GatewayAuth;
  readonly url: string;
  /** The call's resume settings, as the format applies them. */
  readonly resume: ResumeSettings;
  /** False where the format never resumes this call (chat with `n` > 1 or a response format). */
  readonly resumable: boolean;
  /** `body` with `prefill` as the answer's start. */
  withPrefill(body: BODY, prefill: string): BODY;
  /** What a request with `body` sends (messages adds `stream: true`). */
  asSent(body: BODY): unknown;
  /** The call as priced, from a request's body. */
  priced(body: BODY): PricedCall;
  /** The state of one request's stream, its `finish` given `finishMetadata` and waiting on `priceWait`. */
  state(warnings: SharedV3Warning[], finishMetadata: FinishMetadata, priceWait: PriceWait): STATE;
  handler(
    state: STATE,
    includeRawChunks: boolean,
    request: StreamRequestContext,
  ): SseHandler<LanguageModelV3StreamPart>;
  /** The usage the state has reported so far, and the answer's id, for an ending without a `finish`. */
  usage(state: STATE): LanguageModelV3Usage;
  responseId(state: STATE): string | undefined;
  /** The final stop reason and usage have arrived: the answer is whole, whatever happens to the connection. */
  answered(state: STATE): boolean;
  /** Ends an answered stream as its clean end would: its blocks closed, one `finish` with its reason and usage. */
  finishAnswered(state: STATE, sink: SseSink<LanguageModelV3StreamPart>): void;
  /** What the caller has received, for a resume; undefined where the format allows none. */
  soFar(state: STATE): StreamSoFar | undefined;
}

/** One request of a language stream: what it continues, and what the whole stream shares. */
interface StreamRun<BODY> {
  /** The body as the first request sent it (without its prefill): each continuation adds its prefill. */
  body: BODY;
  /** The prefill this request continues ('' for the first): a later resume's prefill starts with it. */
  prefill: string;
  /** This request's `max_tokens`: the caller's cap, less what earlier requests of the stream wrote. */
  cap: number | undefined;
  extras: StreamExtras | undefined;
  /** The call's one ending, told by the first request's stream or its resume (stream-ending.ts). */
  end: StreamEnd;
}

type SentStream = Awaited<ReturnType<typeof sendPricedStreamRequest<ReadableStream<Uint8Array>>>>;

/** Sends one request of `stream` with `body`, priced as `call`. */
function sendStreamRequest<BODY extends { max_tokens?: number }, STATE extends LanguageStreamState>(
  stream: LanguageStream<BODY, STATE>,
  body: BODY,
  call: PricedCall,
): Promise<SentStream> {
  return sendPricedStreamRequest(stream.target.context, call, {
    config: stream.target.config,
    auth: stream.auth,
    url: stream.url,
    body: stream.asSent(body),
    successfulResponseHandler: streamingBody,
  });
}

/**
 * The resume's start from what a failed request gave the caller (`soFar`), or undefined when nothing has
 * been received at all (a failure before the first delta, which `maxRetries` and fallback chains handle).
 * The continuation's `max_tokens` is what is left of the cap: this request's, less its output (its usage,
 * or the upper bound `boundedOutput` gives), so the requests together never write more than the caller's cap.
 * Its requests: the failed request's price once it has loaded (waited for as a clean finish waits, bounded
 * by `priceWaitMs`), the call's ending on the first request's stream only, each continuation (a second
 * resume's too) reserved from the body it sends, and sent from the first request's body each time (a
 * continuation's prefill holds the earlier ones').
 */
function resumeStartOf<BODY extends { max_tokens?: number }, STATE extends LanguageStreamState>(
  stream: LanguageStream<BODY, STATE>,
  run: StreamRun<BODY>,
  soFar: StreamSoFar,
  sent: SentStream,
  reason: UnigateResumeReason,
  attempt: number,
): Omit<ResumeStart, 'abortSignal' | 'cancelled'> | undefined {
  const inputs = [...soFar.toolCalls, ...soFar.cutToolCalls].map(call => call.input).join('');
  const text = run.prefill + soFar.received;
  if (text === '' && inputs === '') return undefined;
  const receivedBytes = new TextEncoder().encode(soFar.received + inputs).length;
  // The request was sent with `max_tokens` = cap: it wrote no more than that, whatever the bytes say.
  const usage = boundedOutput(soFar.usage, Math.min(receivedBytes, run.cap ?? receivedBytes));
  const capLeft = run.cap === undefined ? undefined : run.cap - (usage.outputTokens.total ?? 0);
  const bodyWith = (prefill: string) => {
    const body = stream.withPrefill(run.body, prefill);
    return capLeft === undefined ? body : { ...body, max_tokens: capLeft };
  };
  const { usageWith } = soFar;
  const reserveResume = run.extras?.reserveResume;
  return {
    reason,
    text,
    added: soFar.received !== '' || inputs !== '',
    capLeft,
    openTextId: soFar.openTextId,
    toolCalls: soFar.toolCalls,
    cutToolCalls: soFar.cutToolCalls,
    usage,
    usageWith: usageWith && ((continuation: LanguageModelV3Usage) => usageWith(usage, continuation)),
    settledMetadata: async (settled: LanguageModelV3Usage) => {
      await sent.priceWait();
      return sent.finishCost(undefined, settled);
    },
    finish: attempt === 1 ? run.end.finish : undefined,
    reserve: reserveResume && ((prefill: string) => reserveResume(bodyWith(prefill))),
    async send(prefill: string) {
      const body = bodyWith(prefill);
      const next = await sendStreamRequest(stream, body, stream.priced(body));
      return readLanguageBody(stream, { ...run, prefill, cap: capLeft }, next, [], stream.asSent(body), attempt + 1);
    },
  };
}

/**
 * One request's body read as its format's stream (`attempt` 1 for the first request, then each resume's),
 * resumed (docs/resume.md) when it fails after content. A continuation's own finish carries only its own
 * cost: the resume adds the rest, then the call's ending.
 */
function readLanguageBody<BODY extends { max_tokens?: number }, STATE extends LanguageStreamState>(
  stream: LanguageStream<BODY, STATE>,
  run: StreamRun<BODY>,
  sent: SentStream,
  warnings: SharedV3Warning[],
  requestBody: unknown,
  attempt: number,
): ReadableStream<LanguageModelV3StreamPart> {
  const { options, target } = stream;
  const secret = target.config.optionalApiKey();
  const end = attempt === 1 ? run.end : undefined;
  const state = stream.state(warnings, end?.priced ?? pricedOnly(sent.finishCost), sent.priceWait);
  state.spec = target.context.spec;
  end?.watch({ usage: () => stream.usage(state), responseId: () => stream.responseId(state) });
  const recover = resumeRecover(stream, state, attempt, run.extras?.handOver, reason => {
    const soFar = stream.soFar(state);
    return soFar && resumeStartOf(stream, run, soFar, sent, reason, attempt);
  });
  const request = { url: stream.url, requestBodyValues: requestBody, secret };
  return readSseStream(sent.value, stream.handler(state, options.includeRawChunks === true, request), {
    secret,
    merge: target.config.mergeStreamDeltas ? mergeStreamDelta : undefined,
    opening: end && run.extras?.opening,
    ended: end?.closed,
    recover,
    first: isStreamDelta,
    connection: { format: stream.format, ...request },
    idleMs: stream.resume.streamIdleMs,
    abortSignal: options.abortSignal,
  });
}

/**
 * A language call's stream, for both formats: `body` (as prepared) sent with `prefill` (a fallback chain's
 * hand-over, '' otherwise) as the answer's start, and its body read by the format's handler, resumed when
 * it fails after content. `send` sends the first request (messages retries it without cache breakpoints
 * when the gateway refuses them) and resolves with the body it carried.
 */
export async function openLanguageStream<BODY extends { max_tokens?: number }, STATE extends LanguageStreamState>(
  stream: LanguageStream<BODY, STATE>,
  body: BODY,
  prefill: string,
  warnings: SharedV3Warning[],
  extras: StreamExtras | undefined,
  send: (body: BODY, sendOne: (body: BODY) => Promise<SentStream>) => Promise<{ result: SentStream; body: BODY }> = (
    body,
    sendOne,
  ) => sendOne(body).then(result => ({ result, body })),
): Promise<LanguageModelV3StreamResult> {
  const asSent = (body: BODY) => (prefill === '' ? body : stream.withPrefill(body, prefill));
  const call = stream.priced(asSent(body));
  const { result: sent, body: first } = await send(body, body => sendStreamRequest(stream, asSent(body), call));
  const requestBody = stream.asSent(asSent(first));
  const end = new StreamEnd(extras, sent, stream.options.abortSignal);
  const run: StreamRun<BODY> = { body: first, prefill, cap: first.max_tokens, extras, end };
  const allWarnings = withExtraWarnings([...warnings, ...sent.pricingWarnings], extras);
  return {
    stream: readLanguageBody(stream, run, sent, allWarnings, requestBody, 1),
    request: { body: requestBody },
    response: { headers: sent.responseHeaders },
  };
}

/** What a failed stream knows of itself, for the resume decision. */
export interface StreamFailureFacts {
  /** The body ended before its completion signal. */
  cutOff: boolean;
  /** The stream failed on an in-stream error event. */
  errorEvent: boolean;
}

/** Why `failure` may be resumed, or undefined: only a drop, an early end, an error event or a chunk that is not JSON. */
export function resumeReason(failure: SseFailure, facts: StreamFailureFacts): UnigateResumeReason | undefined {
  if (failure.connection) return 'connection-closed';
  if (facts.cutOff) return 'ended-early';
  if (facts.errorEvent) return 'error-event';
  const { error } = failure;
  if (InvalidResponseDataError.isInstance(error) && error.message.includes('is not valid JSON')) {
    return 'malformed-chunk';
  }
  return undefined;
}

/** A resume by the chain's next member: its own call, reserved and charged by its own budget. */
function handedOver(
  handOver: StreamHandOver,
  failure: unknown,
  capLeft: number | undefined,
): Pick<ResumeStart, 'send' | 'reserve' | 'wrote'> {
  return {
    send: prefill => handOver.send(prefill, failure, capLeft),
    reserve: undefined,
    wrote: (before, characters) => handOver.wrote(before, characters),
  };
}

/**
 * The `recover` of one stream's reader. A drop or an early end after the final stop reason and usage ends
 * the stream as a clean end would (the answer was whole: nothing to resume, nothing failed). A failure
 * after content, with resumes left (or a chain member to hand over to) and no abort, is handed to the
 * resume (loaded now), which holds the stream until its continuation has been passed on. A request that
 * added nothing to the answer is not resumed by its own model again (it would only repeat itself); a
 * chain's next member may still take it.
 */
function resumeRecover<BODY extends { max_tokens?: number }, STATE extends LanguageStreamState>(
  stream: LanguageStream<BODY, STATE>,
  state: STATE,
  attempt: number,
  handOver: StreamHandOver | undefined,
  startOf: (reason: UnigateResumeReason) => Omit<ResumeStart, 'abortSignal' | 'cancelled'> | undefined,
): SseRecover<LanguageModelV3StreamPart> {
  const settings = stream.resume;
  const { abortSignal } = stream.options;
  const resumes = stream.resumable && settings.resume !== 'off';
  // The same model first, `maxResumes` times; then the chain's next member, if any.
  const own = resumes && attempt <= settings.maxResumes;
  const chain = resumes ? handOver : undefined;
  return (failure, sink) => {
    if (abortSignal?.aborted || failure.cancelled()) return false;
    const reason = resumeReason(failure, state);
    if ((reason === 'connection-closed' || reason === 'ended-early') && stream.answered(state)) {
      stream.finishAnswered(state, sink);
      return true;
    }
    if (reason === undefined || (!own && chain === undefined) || sink.hold === undefined) return false;
    const start = startOf(reason);
    if (start === undefined) return false;
    const mine = own && start.added;
    if (!mine && chain === undefined) return false;
    const by = mine ? undefined : handedOver(chain!, failure.error, start.capLeft);
    const full = { ...start, ...by, abortSignal, cancelled: failure.cancelled };
    sink.hold(loadResume().then(m => m.resumeStream(full, sink, failure.giveUp, attempt)));
    return true;
  };
}

/**
 * A fallback chain's hand-over (`extras.prefilled`): `options` less the prompt's final assistant message,
 * and that message's text, the prefill the stream continues. Undefined for any other call. The format
 * sends the prefill itself, so a later resume of this stream extends the same assistant turn.
 */
export function handedPrefill(options: LanguageModelV3CallOptions, extras: StreamExtras | undefined) {
  const last = options.prompt.at(-1);
  if (extras?.prefilled !== true || last?.role !== 'assistant') return undefined;
  const prefill = last.content.map(part => (part.type === 'text' ? part.text : '')).join('');
  return { options: { ...options, prompt: options.prompt.slice(0, -1) }, prefill };
}

// Which upstreams take a prefill (docs/resume.md#what-each-upstream-allows), for a model's own resume and
// for a fallback chain's hand-over (`continuesPrefill` on the models), and the prefill turn each format sends.

/** How a chat model's upstream continues a final assistant message. */
export interface ChatContinuation {
  /** The flag that marks the message as the answer's start. */
  flag: 'prefix' | 'partial';
}

/**
 * Model families whose upstream documents continuing a final assistant message: DeepSeek's prefix
 * completion and Mistral's `prefix`; Moonshot's Partial Mode and Qwen's `partial` (its commercial models,
 * Qwen3-Max, Qwen3-Coder and the Qwen2.5 open models; not the thinking ones). None documents that its
 * answer repeats the prefix, so no continuation's text is cut.
 */
const CONTINUATION_FAMILIES: ReadonlyArray<readonly [RegExp, ChatContinuation]> = [
  [/^deepseek-/, { flag: 'prefix' }],
  [/^(mistral-|codestral-|magistral-|ministral-|devstral-|pixtral-|open-mistral)/, { flag: 'prefix' }],
  [/^(kimi-|moonshot-)/, { flag: 'partial' }],
  [/^(qwen-(max|plus|turbo)|qwen3-(max|coder)|qwen2\.5-(\d+b|coder|math))/, { flag: 'partial' }],
];

/** How `modelId`'s upstream continues a partial assistant message, or undefined where it documents none. */
export function chatContinuation(modelId: string): ChatContinuation | undefined {
  const bare = bareModelId(modelId);
  return CONTINUATION_FAMILIES.find(([family]) => family.test(bare))?.[1];
}

/**
 * Claude 4.6 and later answer a prefill with a 400 (Anthropic's migration guide, "Prefill removal";
 * docs/resume.md#what-is-not-resumed): `claude-<family>-<major>[-<minor>]`, a date is no minor.
 */
export function refusesPrefill(modelId: string): boolean {
  const version = /claude-[a-z]+-(\d+)(?:[-.](\d{1,2})(?!\d))?/.exec(modelId);
  if (version === null) return false;
  const major = Number(version[1]);
  return major > 4 || (major === 4 && Number(version[2] ?? 0) >= 6);
}

/** What a chat call sends that decides whether its stream can continue a prefill. */
export interface ChatPrefillFacts {
  modelId: string;
  /** `n` > 1: a prefill holds one choice. */
  collectChoices: boolean;
  responseFormat: unknown;
  reasoningEffort: unknown;
  /** The prompt ends with an assistant message (a hand-over's prefill). */
  endsWithAssistant: boolean;
}

/**
 * Whether a chat stream can continue a final assistant message: only where the model's upstream documents
 * a continuation, with one choice, no response format (Moonshot warns against mixing Partial Mode with it)
 * and no reasoning (Qwen lists its non-thinking mode only). A prompt without a final assistant message (a
 * cut tool call asked for again) any chat model takes.
 */
export function chatTakesPrefill(facts: ChatPrefillFacts): boolean {
  if (!facts.endsWithAssistant) return true;
  const thinking = /reasoner|thinking/.test(facts.modelId) || facts.reasoningEffort !== undefined;
  const single = !facts.collectChoices && facts.responseFormat === undefined;
  return chatContinuation(facts.modelId) !== undefined && single && !thinking;
}

/** Whether a messages stream can continue a final assistant turn: not with extended thinking, the JSON-answer tool, or Claude 4.6 and later. */
export function messagesTakesPrefill(modelId: string, thinking: boolean, jsonResponseTool: boolean): boolean {
  return !refusesPrefill(modelId) && !thinking && !jsonResponseTool;
}

/**
 * `decide(prepare())`, or false when the model refuses the call's arguments (an AI SDK error: invalid
 * argument, prompt or unsupported functionality): a call the model refuses is not handed to it, and the
 * chain's failure stays the caller's. Any other throw is a bug and goes on.
 */
export function whenPrepared<PREPARED>(prepare: () => PREPARED, decide: (prepared: PREPARED) => boolean): boolean {
  let prepared: PREPARED;
  try {
    prepared = prepare();
  } catch (error) {
    if (AISDKError.isInstance(error)) return false;
    throw error;
  }
  return decide(prepared);
}

/** A chat prefill: the final assistant message with its upstream's flag (none for an empty prefill). */
export function chatPrefillMessages(prefill: string, flag: ChatContinuation['flag']) {
  if (prefill === '') return [];
  const flagged = flag === 'prefix' ? { prefix: true as const } : { partial: true as const };
  return [{ role: 'assistant' as const, content: prefill, ...flagged }];
}

/**
 * A messages prefill: a final assistant turn. An empty prefill (only a tool call was cut) is an empty turn,
 * which the API allows as the last message only, and which marks the request as the same answer's
 * continuation; a text block must not be empty.
 */
export function messagesPrefillTurn(prefill: string) {
  const content = prefill === '' ? [] : [{ type: 'text' as const, text: prefill }];
  return { role: 'assistant' as const, content };
}
