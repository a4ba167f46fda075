import { APICallError, type LanguageModelV3CallOptions, type SharedV3Warning } from '@ai-sdk/provider';
import type { ExtendableLanguageModel, StreamExtras } from '../internal/stream-extras';
import { languageModelCost } from '../pricing/language-model-cost';
import type { PricedKind } from '../pricing/unigate-pricing-types';
import { unigateCost } from '../pricing/unigate-cost';
import type { UnigateBudgetCall } from '../unigate-provider-settings';
import type { UnigateVideoModelV3, UnigateVideoStatusResult } from '../video/unigate-video-model';
import type { BudgetAdmission, BudgetGuard } from './budget-guard';
import { type ReservationCall, reservationFor } from './budget-reservation';

interface CallOptionsLike extends ReservationCall {
  abortSignal?: AbortSignal;
  providerOptions?: UnigateBudgetCall['providerOptions'];
}

interface ResultLike {
  providerMetadata?: unknown;
  warnings: SharedV3Warning[];
  usage?: object;
}

/**
 * A view of `model` whose `methods` go through the budget; every other property (id, provider, limits)
 * is the model's own, read through the prototype, and the model's own methods run bound to it.
 */
function override<M extends object>(model: M, methods: Partial<M>): M {
  // `Object.create` is typed `any`: the view has `model` as its prototype, so it is an `M`.
  const view: M = Object.create(model);
  return Object.assign(view, methods);
}

function admit(guard: BudgetGuard, model: { modelId: string }, kind: PricedKind, options: CallOptionsLike) {
  return guard.admit(
    {
      modelId: model.modelId,
      kind,
      providerOptions: options.providerOptions,
      bound: (price, contextWindow) => reservationFor(kind, price, options, contextWindow),
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
function guardedCall<O extends CallOptionsLike, R extends ResultLike>(
  guard: BudgetGuard,
  model: { modelId: string },
  kind: PricedKind,
  call: (options: O) => PromiseLike<R>,
) {
  return async (options: O): Promise<R> => {
    const admission = await admit(guard, model, kind, options);
    const result = await settledOnFailure(admission, () => call(options));
    // No cost (no usage in the response): the reservation stands, so the spend never under-counts.
    const usage = kind === 'embedding' ? result.usage : undefined;
    admission.settle(
      unigateCost({ providerMetadata: result.providerMetadata as Record<string, unknown>, usage })?.total,
    );
    return withUnpricedWarning(result, admission);
  };
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

/** A language model whose calls spend the budget (streams at their finish). */
export function budgetLanguageModel(
  model: ExtendableLanguageModel,
  kind: 'chat' | 'messages',
  guard: BudgetGuard,
): ExtendableLanguageModel {
  return override(model, {
    doGenerate: guardedCall(guard, model, kind, options => model.doGenerate(options)),
    doStream: async (options: LanguageModelV3CallOptions, extras?: StreamExtras) => {
      const admission = await admit(guard, model, kind, options);
      return settledOnFailure(admission, () => model.doStream(options, budgetExtras(admission, extras)));
    },
  });
}

/** Any single-request model kind: `method` is its one call (`doEmbed` or `doGenerate`). */
export function budgetModel<M extends { modelId: string }, K extends keyof M>(
  model: M,
  method: K,
  kind: PricedKind,
  guard: BudgetGuard,
): M {
  const call = (model[method] as (options: CallOptionsLike) => PromiseLike<ResultLike>).bind(model);
  return override(model, { [method]: guardedCall(guard, model, kind, call) } as unknown as Partial<M>);
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

/**
 * A video model: `doGenerate` as any call; `doStart` reserves, and the job settles once, when this
 * provider's `doStatus` first reads it finished (a failed job keeps its reservation; a job started
 * elsewhere is not counted here).
 */
export function budgetVideoModel(model: UnigateVideoModelV3, guard: BudgetGuard): UnigateVideoModelV3 {
  const started = new Map<string, BudgetAdmission>();
  const doStart: UnigateVideoModelV3['doStart'] = async options => {
    const admission = await admit(guard, model, 'video', options);
    const result = await settledOnFailure(admission, () => model.doStart(options));
    const jobId = operationJobId(result.operation);
    if (jobId !== undefined) started.set(jobId, admission);
    return result;
  };
  const doStatus: UnigateVideoModelV3['doStatus'] = async options => {
    const result: UnigateVideoStatusResult = await model.doStatus(options);
    const jobId = operationJobId(options.operation);
    const admission = jobId === undefined ? undefined : started.get(jobId);
    if (jobId !== undefined && admission && result.status !== 'pending') {
      started.delete(jobId);
      admission.settle(unigateCost({ providerMetadata: result.providerMetadata as Record<string, unknown> })?.total);
    }
    return result;
  };
  return override(model, {
    doGenerate: guardedCall(guard, model, 'video', options => model.doGenerate(options)),
    doStart,
    doStatus,
  });
}
