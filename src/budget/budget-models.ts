import type { LanguageModelV3CallOptions, SharedV3Warning } from '@ai-sdk/provider';
import type { ExtendableLanguageModel, StreamExtras } from '../internal/stream-extras';
import type { PricedKind } from '../pricing/unigate-pricing-types';
import type { UnigateBudgetCall } from '../unigate-provider-settings';
import type { UnigateVideoModelV3, UnigateVideoStatusResult } from '../video/unigate-video-model';
import type { BudgetAdmission, BudgetGuard } from './budget-guard';

interface CallOptionsLike {
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
  return guard.admit({ modelId: model.modelId, kind, providerOptions: options.providerOptions }, options.abortSignal);
}

/** A one-response call: refused before it runs when the budget is spent, its cost recorded after. */
function guardedCall<O extends CallOptionsLike, R extends ResultLike>(
  guard: BudgetGuard,
  model: { modelId: string },
  kind: PricedKind,
  call: (options: O) => PromiseLike<R>,
) {
  return async (options: O): Promise<R> => {
    const admission = await admit(guard, model, kind, options);
    const result = await call(options);
    const counted = admission.record(result.providerMetadata, kind === 'embedding' ? result.usage : undefined);
    return counted ? result : { ...result, warnings: [...result.warnings, admission.unpricedWarning] };
  };
}

/**
 * The budget's share of a stream, applied where the model builds its parts (no layer per part): the
 * unpriced warning in `stream-start`, the cost counted at `finish`. A wrapper's extras come after.
 */
function budgetExtras(admission: BudgetAdmission, extras: StreamExtras | undefined): StreamExtras {
  const outer = extras?.warnings ?? [];
  const finish = extras?.finish;
  return {
    warnings: admission.priced ? outer : [admission.unpricedWarning, ...outer],
    finish: metadata => {
      admission.record(metadata);
      return finish === undefined ? metadata : finish(metadata);
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
      return model.doStream(options, budgetExtras(admission, extras));
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
 * A video model: `doGenerate` as any call; `doStart` is checked, and the job's cost is counted once, when
 * this provider's `doStatus` first reads it completed (a job started elsewhere is not counted here).
 */
export function budgetVideoModel(model: UnigateVideoModelV3, guard: BudgetGuard): UnigateVideoModelV3 {
  const started = new Map<string, BudgetAdmission>();
  const doStart: UnigateVideoModelV3['doStart'] = async options => {
    const admission = await admit(guard, model, 'video', options);
    const result = await model.doStart(options);
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
      admission.record(result.providerMetadata);
    }
    return result;
  };
  return override(model, {
    doGenerate: guardedCall(guard, model, 'video', options => model.doGenerate(options)),
    doStart,
    doStatus,
  });
}
