import type { LanguageModelV3CallOptions, SharedV3Warning } from '@ai-sdk/provider';
import type {
  ExtendableLanguageModel,
  ResumeReservation,
  StreamEnding,
  StreamExtras,
  StreamHandOver,
} from '../streams/stream-extras';
import { languageModelCost, sumCosts } from '../pricing/compute-cost';
import { isObjectRecord } from '../checks/values';
import { callSpanOf } from '../model-call/with-cost';
import type { PricedKind, UnigateCost } from '../pricing/unigate-pricing-types';
import { unigateCost } from '../pricing/unigate-cost';
import type { UnigateBudgetCall } from '../settings/unigate-provider-settings';
import type { UnigateVideoModelV3, UnigateVideoStatusResult } from '../video/unigate-video-model';
import type { BudgetAdmission, BudgetCall, BudgetGuard } from './budget-admission';
import { addCredits } from './budget-stores';
import { largestOutputTokens, type ReservationCall, reservationFor } from './budget-reservation';
import {
  type CallCharge,
  type ChargedCall,
  type ChargeSource,
  charge,
  chargedCall,
  costCharge,
  failureCharge,
  refusalCharge,
  resultRequestId,
  resumedOf,
} from './charge-events';

// Loaded by the first budgeted call (import() in budget-models.ts): an app without a budget never loads it.
// Every ending of a call settles here, once, and reports its charge (charge-events.ts) when `onCharge` is set.

/** What the budget reads of a call's options, whatever the model kind. */
export interface CallOptionsLike extends ReservationCall {
  abortSignal?: AbortSignal;
  providerOptions?: UnigateBudgetCall['providerOptions'];
}

/** What the budget reads of a call's result, whatever the model kind. */
export interface ResultLike {
  providerMetadata?: unknown;
  warnings: SharedV3Warning[];
  usage?: object;
  response?: unknown;
}

/** A chat or messages model: builds the body it would send for a call, checking it, sending nothing. */
export interface WireBodyModel {
  prepareWireBody(options: LanguageModelV3CallOptions): Promise<unknown>;
}

/** The call the guard admits: its reservation from `wireBody` when given (the request as sent), else from its options. */
function budgetCall(charged: ChargedCall, options: CallOptionsLike, wireBody?: unknown): BudgetCall {
  const { modelId, kind } = charged;
  const call: ReservationCall = wireBody === undefined ? options : { ...options, wireBody };
  return {
    modelId,
    kind,
    providerOptions: options.providerOptions,
    bound: (price, contextWindow) => reservationFor(kind, price, call, contextWindow),
    largestOutput:
      kind === 'chat' || kind === 'messages'
        ? (price, contextWindow, left) => largestOutputTokens(kind, price, call, contextWindow, left)
        : undefined,
  };
}

/** The call's admission (see `budgetCall`). A refusal is reported. */
async function admit(charged: ChargedCall, options: CallOptionsLike, wireBody?: unknown): Promise<BudgetAdmission> {
  try {
    return await charged.guard.admit(budgetCall(charged, options, wireBody), options.abortSignal);
  } catch (error) {
    charge(charged, undefined, refusalCharge(charged, error));
    throw error;
  }
}

/** Runs the call, settling the admission to what a failure is charged (and reporting it) before rethrowing it. */
async function settledOnFailure<R>(
  charged: ChargedCall,
  admission: BudgetAdmission,
  run: () => PromiseLike<R>,
): Promise<R> {
  try {
    return await run();
  } catch (error) {
    charge(charged, admission, failureCharge(charged, admission, error));
    throw error;
  }
}

/** The result with the warning the guard adds to a call: an unpriced call's, let through. */
function withGuardWarnings<R extends ResultLike>(result: R, { unpricedWarning }: BudgetAdmission): R {
  return unpricedWarning === undefined ? result : { ...result, warnings: [...result.warnings, unpricedWarning] };
}

/**
 * The body a chat or messages model will send for the call, which its reservation is made from
 * (docs/budgets.md#what-a-call-reserves); none for the other kinds, or without a budget.
 */
async function wireBodyOf(guard: BudgetGuard, model: Partial<WireBodyModel>, options: CallOptionsLike) {
  return guard.reserves === false ? undefined : model.prepareWireBody?.(options as LanguageModelV3CallOptions);
}

/** A one-response call: its reservation made before it runs, settled to its cost (or its failure's charge) after. */
export async function spendOnCall<O extends CallOptionsLike, R extends ResultLike>(
  guard: BudgetGuard,
  model: { modelId: string } & Partial<WireBodyModel>,
  kind: PricedKind,
  options: O,
  call: (options: O) => PromiseLike<R>,
): Promise<R> {
  // The model call's span is active now, inside the call: a one-response call's charge is written there.
  const charged = chargedCall(guard, model.modelId, kind, options, callSpanOf(options));
  const admission = await admit(charged, options, await wireBodyOf(guard, model, options));
  const result = await settledOnFailure(charged, admission, () => call(options));
  // No cost (no usage in the response): the reservation stands, so the spend never under-counts.
  const usage = kind === 'embedding' ? result.usage : undefined;
  const cost = unigateCost({ providerMetadata: result.providerMetadata as Record<string, unknown>, usage });
  const source = { usage: result.usage, requestId: resultRequestId(result) };
  charge(charged, admission, costCharge(charged, admission, 'completed', cost, source));
  return withGuardWarnings(result, admission);
}

/**
 * A stream's admission and its resume's as one (docs/resume.md#budget): both reservations held until the
 * stream's finish, which charges the whole call once, to the first; the continuation's is then given back.
 */
function withContinuation(first: BudgetAdmission, next: BudgetAdmission): BudgetAdmission {
  return {
    ...first,
    reserved: addCredits(first.reserved, next.reserved),
    settle: credits => {
      const standing = first.settle(credits);
      // No charge known: both reservations stand, so the spend never under-counts. The continuation's
      // settlement is the later write: where the budget stands after both.
      return next.settle(credits === undefined ? undefined : 0) ?? standing;
    },
  };
}

/**
 * A resume's continuation, reserved like any request from the body it sends (without it fitting, the
 * stream fails as it was; nothing is charged for the refusal: the call's one charge comes at its finish).
 */
async function reserveContinuation(
  stream: { charged: ChargedCall; options: CallOptionsLike; admission: BudgetAdmission },
  wireBody: unknown,
): Promise<ResumeReservation | undefined> {
  const { charged, options } = stream;
  let next: BudgetAdmission;
  try {
    next = await charged.guard.admit(budgetCall(charged, options, wireBody), options.abortSignal);
  } catch {
    return undefined;
  }
  const first = stream.admission;
  stream.admission = withContinuation(first, next);
  return {
    refused: error => {
      // Refused with an HTTP status, the continuation ran no model: its reservation goes back now.
      if (failureCharge(charged, next, error).credits !== 0) return;
      next.settle(0);
      stream.admission = first;
    },
  };
}

/**
 * This member's share of a stream's cost: the whole less what the chain's next members wrote after a
 * hand-over, which their own calls charge (docs/fallback.md#hand-over). Unknown when either is.
 */
function ownCost(whole: UnigateCost | undefined, handOver: StreamHandOver | undefined): UnigateCost | undefined {
  const continuation = handOver?.continuation();
  if (whole === undefined || continuation === undefined) return whole;
  const other = unigateCost({ providerMetadata: continuation });
  if (other === undefined) return undefined;
  const negative = (credits: number | undefined) => (credits === undefined ? undefined : -credits);
  return sumCosts([
    whole,
    {
      ...other,
      input: -other.input,
      output: -other.output,
      total: -other.total,
      cacheRead: negative(other.cacheRead),
      cacheWrite: negative(other.cacheWrite),
    },
  ]);
}

/**
 * What a stream that did not complete is charged: its reservation or, if larger, the cost of the usage
 * it reported (its output so far may have run on upstream): `exact: false` either way.
 */
function unfinishedCharge(
  charged: ChargedCall,
  admission: BudgetAdmission,
  ending: StreamEnding,
  source: ChargeSource,
): CallCharge {
  const reported = languageModelCost(admission.price, ending.usage);
  const exceeds = reported !== undefined && reported.total >= admission.reserved;
  const ended = ending.outcome === 'completed' ? 'failed' : ending.outcome;
  return { ...costCharge(charged, admission, ended, exceeds ? reported : undefined, source), exact: false };
}

/**
 * The budget's share of a stream, applied where the model builds its parts (no layer per part): the
 * guard's warnings in `stream-start`; at the stream's one ending (`StreamExtras.ended`), the reservation
 * settled and the charge reported: a completed stream's cost, or for any other ending (failed, aborted,
 * cancelled) the larger of its reservation and the usage it reported. The event's cost goes on the span.
 * A resume's continuation adds its own reservation (`reserveContinuation`). A wrapper's extras come after.
 */
function budgetExtras(
  charged: ChargedCall,
  options: LanguageModelV3CallOptions,
  admitted: BudgetAdmission,
  extras: StreamExtras | undefined,
  requestId: () => string | undefined,
): StreamExtras {
  const outer = extras?.warnings ?? [];
  const { unpricedWarning } = admitted;
  const stream = { charged, options, admission: admitted };
  return {
    ...extras,
    warnings: unpricedWarning === undefined ? outer : [unpricedWarning, ...outer],
    ended: ending => {
      const { admission } = stream;
      const source = {
        usage: ending.usage,
        requestId: requestId() ?? ending.responseId,
        resumed: resumedOf(ending.metadata),
      };
      const callCharge =
        ending.outcome === 'completed'
          ? costCharge(charged, admission, 'completed', ownCost(ending.cost, extras?.handOver), source)
          : unfinishedCharge(charged, admission, ending, source);
      charge(charged, admission, callCharge);
      return extras?.ended?.(ending) ?? ending;
    },
    reserveResume: charged.guard.reserves === false ? undefined : wireBody => reserveContinuation(stream, wireBody),
  };
}

/** A language model's stream: reserved before it opens, settled at its `finish` (see `budgetExtras`). */
export async function spendOnStream(
  guard: BudgetGuard,
  model: ExtendableLanguageModel & WireBodyModel,
  kind: 'chat' | 'messages',
  options: LanguageModelV3CallOptions,
  extras: StreamExtras | undefined,
) {
  // The model call's span is active now, as the stream opens: its charge is written there at the ending.
  const charged = chargedCall(guard, model.modelId, kind, options, callSpanOf(options));
  const admission = await admit(charged, options, await wireBodyOf(guard, model, options));
  let headers: Record<string, string | undefined> | undefined;
  const requestId = () => resultRequestId({ response: { headers } });
  const result = await settledOnFailure(charged, admission, () =>
    model.doStream(options, budgetExtras(charged, options, admission, extras, requestId)),
  );
  headers = result.response?.headers;
  return result;
}

/** The job id of a video operation: `{ jobId, statusUrl }` or the bare id. */
function operationJobId(operation: unknown): string | undefined {
  const jobId = isObjectRecord(operation) ? operation.jobId : operation;
  return typeof jobId === 'string' ? jobId : undefined;
}

/** The video jobs started through a guard, by job id, until a status read finds them finished. */
export type StartedJobs = Map<string, { admission: BudgetAdmission; charged: ChargedCall }>;

/** A video job's start: reserved before it, its admission kept under the job id until the job ends. */
export async function spendOnVideoStart(
  guard: BudgetGuard,
  model: UnigateVideoModelV3,
  started: StartedJobs,
  options: Parameters<UnigateVideoModelV3['doStart']>[0],
) {
  const charged = chargedCall(guard, model.modelId, 'video', options);
  const admission = await admit(charged, options);
  const result = await settledOnFailure(charged, admission, () => model.doStart(options));
  const jobId = operationJobId(result.operation);
  if (jobId !== undefined) started.set(jobId, { admission, charged });
  return result;
}

/** A video job's status: the first read of a job started here as finished settles its admission. */
export async function settleVideoStatus(
  model: UnigateVideoModelV3,
  started: StartedJobs,
  options: Parameters<UnigateVideoModelV3['doStatus']>[0],
) {
  const result: UnigateVideoStatusResult = await model.doStatus(options);
  const jobId = operationJobId(options.operation);
  const job = jobId === undefined ? undefined : started.get(jobId);
  if (jobId !== undefined && job && result.status !== 'pending') {
    started.delete(jobId);
    const cost = unigateCost({ providerMetadata: result.providerMetadata as Record<string, unknown> });
    const ended = result.status === 'completed' ? 'completed' : 'failed';
    charge(job.charged, job.admission, costCharge(job.charged, job.admission, ended, cost, { requestId: jobId }));
  }
  return result;
}
