import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { ExtendableLanguageModel, StreamExtras } from '../streams/stream-extras';
import type { PricedKind } from '../pricing/unigate-pricing-types';
import type { UnigateVideoModelV3 } from '../video/unigate-video-model';
import type { BudgetGuard } from './budget-admission';
import type { CallOptionsLike, ResultLike, StartedJobs, WireBodyModel } from './budget-calls';
import { loadOnce } from '../checks/values';

// The wrappers are made with the models, synchronously; what their calls run (reserve, settle, the
// stream's finish) is loaded by the first budgeted call, so an app without a budget never loads it.
const calls = loadOnce(() => import('./budget-calls'));

/**
 * A view of `model` whose `methods` go through the budget; every other property (id, provider, limits)
 * is the model's own, read through the prototype, and the model's own methods run bound to it.
 */
function override<M extends object>(model: M, methods: Partial<M>): M {
  // `Object.create` is typed `any`: the view has `model` as its prototype, so it is an `M`.
  const view: M = Object.create(model);
  return Object.assign(view, methods);
}

/** A chat or messages model of this package: it takes stream extras and builds its wire body on request. */
export type BudgetedLanguageModel = ExtendableLanguageModel & WireBodyModel;

/**
 * A language model whose calls spend the budget (streams at their finish), each reserving from the body
 * the model builds for it before it is sent (docs/budgets.md#what-a-call-reserves).
 */
export function budgetLanguageModel(
  model: BudgetedLanguageModel,
  kind: 'chat' | 'messages',
  guard: BudgetGuard,
): BudgetedLanguageModel {
  return override(budgetModel(model, 'doGenerate', kind, guard), {
    doStream: async (options: LanguageModelV3CallOptions, extras?: StreamExtras) =>
      (await calls()).spendOnStream(guard, model, kind, options, extras),
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
  const spending = async (options: CallOptionsLike) => (await calls()).spendOnCall(guard, model, kind, options, call);
  return override(model, { [method]: spending } as unknown as Partial<M>);
}

/**
 * A video model: `doGenerate` as any call; `doStart` reserves, and the job settles once, when this
 * provider's `doStatus` first reads it finished (a failed job keeps its reservation; a job started
 * elsewhere is not counted here).
 */
export function budgetVideoModel(model: UnigateVideoModelV3, guard: BudgetGuard): UnigateVideoModelV3 {
  const started: StartedJobs = new Map();
  return override(budgetModel(model, 'doGenerate', 'video', guard), {
    doStart: async options => (await calls()).spendOnVideoStart(guard, model, started, options),
    doStatus: async options => (await calls()).settleVideoStatus(model, started, options),
  });
}
