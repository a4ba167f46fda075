import { APICallError, type LanguageModelV3CallOptions, type SharedV3Warning } from '@ai-sdk/provider';
import type { ExtendableLanguageModel, StreamExtras } from '../streams/stream-extras';
import { languageModelCost } from '../pricing/language-model-cost';
import type { PricedKind } from '../pricing/unigate-pricing-types';
import { unigateCost } from '../pricing/unigate-cost';
import type { UnigateBudgetCall } from '../settings/unigate-provider-settings';
import type { UnigateVideoModelV3, UnigateVideoStatusResult } from '../video/unigate-video-model';
import type { BudgetAdmission, BudgetGuard } from './budget-admission';
import { type ReservationCall, reservationFor } from './budget-reservation';

// Loaded by the first budgeted call (import() in budget-models.ts): an app without a budget never loads it.

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
}

/** A chat or messages model: builds the body it would send for a call, checking it, sending nothing. */
export interface WireBodyModel {
  prepareWireBody(options: LanguageModelV3CallOptions): Promise<unknown>;
}

/** The call's reservation from `wireBody` when given (the request as sent), else from its options. */
function admit(
  guard: BudgetGuard,
  model: { modelId: string },
  kind: PricedKind,
  options: CallOptionsLike,
  wireBody?: unknown,
) {
  const call: ReservationCall = wireBody === undefined ? options : { ...options, wireBody };
  return guard.admit(
    {
      modelId: model.modelId,
      kind,
      providerOptions: options.providerOptions,
      bound: (price, contextWindow) => reservationFor(kind, price, call, contextWindow),
    },
    options.abortSignal,
  );
}

/**
 * What a call that failed is charged: nothing when the gateway refused it with an HTTP error (it ran no
 * model); otherwise (an abort, a network failure, a broken body) its reservation, as it may have run.
 */
function failureCharge(error: unknown): number | undefined {
  return APICallError.isInstance(error) && error.statusCode !== undefined && error.statusCode >= 400 ? 0 : undefined;
}

/** Runs the call, settling the admission to what a failure is charged before rethrowing it. */
async function settledOnFailure<R>(admission: BudgetAdmission, run: () => PromiseLike<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    admission.settle(failureCharge(error));
    throw error;
  }
}

function withUnpricedWarning<R extends ResultLike>(result: R, admission: BudgetAdmission): R {
  const warning = admission.unpricedWarning;
  return warning === undefined ? result : { ...result, warnings: [...result.warnings, warning] };
}

/** A one-response call: its reservation made before it runs, settled to its cost (or its failure's charge) after. */
export async function spendOnCall<O extends CallOptionsLike, R extends ResultLike>(
  guard: BudgetGuard,
  model: { modelId: string },
  kind: PricedKind,
  options: O,
  call: (options: O) => PromiseLike<R>,
  wireBody?: unknown,
): Promise<R> {
  const admission = await admit(guard, model, kind, options, wireBody);
  const result = await settledOnFailure(admission, () => call(options));
  // No cost (no usage in the response): the reservation stands, so the spend never under-counts.
  const usage = kind === 'embedding' ? result.usage : undefined;
  admission.settle(unigateCost({ providerMetadata: result.providerMetadata as Record<string, unknown>, usage })?.total);
  return withUnpricedWarning(result, admission);
}

/**
 * The budget's share of a stream, applied where the model builds its parts (no layer per part): the
 * unpriced warning in `stream-start`; at `finish`, the reservation settled to the cost of a completed
 * stream, or, for a failed one, to the larger of its reservation and the usage it reported. A stream
 * cancelled before its `finish` keeps its reservation. A wrapper's extras come after.
 */
function budgetExtras(admission: BudgetAdmission, extras: StreamExtras | undefined): StreamExtras {
  const outer = extras?.warnings ?? [];
  const finish = extras?.finish;
  return {
    warnings: admission.unpricedWarning === undefined ? outer : [admission.unpricedWarning, ...outer],
    finish: (metadata, usage, clean) => {
      if (clean) admission.settle(unigateCost({ providerMetadata: metadata })?.total);
      else {
        const reported = languageModelCost(admission.price, usage)?.total ?? 0;
        admission.settle(Math.max(admission.reserved, reported));
      }
      return finish === undefined ? metadata : finish(metadata, usage, clean);
    },
    opening: extras?.opening,
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
  const admission = await admit(guard, model, kind, options, await model.prepareWireBody(options));
  return settledOnFailure(admission, () => model.doStream(options, budgetExtras(admission, extras)));
}

/** The job id of a video operation: `{ jobId, statusUrl }` or the bare id. */
function operationJobId(operation: unknown): string | undefined {
  const jobId =
    typeof operation === 'string'
      ? operation
      : typeof operation === 'object' && operation !== null && 'jobId' in operation
        ? operation.jobId
        : undefined;
  return typeof jobId === 'string' ? jobId : undefined;
}

/** A video job's start: reserved before it, its admission kept under the job id until the job ends. */
export async function spendOnVideoStart(
  guard: BudgetGuard,
  model: UnigateVideoModelV3,
  started: Map<string, BudgetAdmission>,
  options: Parameters<UnigateVideoModelV3['doStart']>[0],
) {
  const admission = await admit(guard, model, 'video', options);
  const result = await settledOnFailure(admission, () => model.doStart(options));
  const jobId = operationJobId(result.operation);
  if (jobId !== undefined) started.set(jobId, admission);
  return result;
}

/** A video job's status: the first read of a job started here as finished settles its admission. */
export async function settleVideoStatus(
  model: UnigateVideoModelV3,
  started: Map<string, BudgetAdmission>,
  options: Parameters<UnigateVideoModelV3['doStatus']>[0],
) {
  const result: UnigateVideoStatusResult = await model.doStatus(options);
  const jobId = operationJobId(options.operation);
  const admission = jobId === undefined ? undefined : started.get(jobId);
  if (jobId !== undefined && admission && result.status !== 'pending') {
    started.delete(jobId);
    admission.settle(unigateCost({ providerMetadata: result.providerMetadata as Record<string, unknown> })?.total);
  }
  return result;
}
