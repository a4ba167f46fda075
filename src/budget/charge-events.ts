import { APICallError } from '@ai-sdk/provider';
import { isObjectRecord, isThenable, errorMessage } from '../checks/values';
import { redactSecrets } from '../errors/redact-secrets';
import type { PricedKind, UnigateCost } from '../pricing/unigate-pricing-types';
import { addChargeToSpan, type CostSpan } from '../model-call/with-cost';
import { isUnigateResumeList } from '../prompt/call-options';
import type { UnigateChargeEnding, UnigateChargeEvent, UnigateResume } from '../settings/unigate-provider-settings';
import { attemptOf } from '../streams/stream-extras';
import {
  type BudgetAdmission,
  type BudgetGuard,
  type BudgetStanding,
  type ChargeLedger,
  refusalStandings,
} from './budget-admission';

// Loaded with the budgeted calls (budget-calls.ts imports it): an app without a budget or onCharge never loads it.

/** The call a charge is reported for. */
export interface ChargedCall {
  readonly guard: BudgetGuard;
  readonly modelId: string;
  readonly kind: PricedKind;
  /** The call's options: its abort signal. */
  readonly options: { abortSignal?: AbortSignal };
  /** The member's position in a fallback chain (1 outside one), carried on the call's options. */
  readonly attempt: number;
  /** The model call's span (captured while it is the active one): it carries the sum of its charges. */
  readonly span?: CostSpan;
}

/** The call a charge is reported for, from its options (the attempt they carry). */
export function chargedCall(
  guard: BudgetGuard,
  modelId: string,
  kind: PricedKind,
  options: { abortSignal?: AbortSignal },
  span?: CostSpan,
): ChargedCall {
  return { guard, modelId, kind, options, attempt: attemptOf(options), span };
}

/** What a charge reports besides its figures: the usage, the request id, and a stream's resumes. */
export interface ChargeSource {
  readonly usage?: unknown;
  readonly requestId?: string;
  readonly resumed?: UnigateResume[];
}

/** How a call ended and what it is charged: the store's credits and the event's figures. */
export interface CallCharge {
  readonly ended: UnigateChargeEnding;
  /** What the store settles: `undefined` keeps the reservation. */
  readonly credits: number | undefined;
  readonly cost: UnigateCost | undefined;
  readonly exact: boolean;
  readonly usage?: unknown;
  readonly requestId?: string;
  readonly resumed?: UnigateResume[];
  /** Where the budget stood when it refused the call (a settled call's comes from its settlement). */
  readonly budget?: BudgetStanding;
}

/** A cost of `credits` with no parts known: a reservation (or nothing) charged, counted as input. */
export function wholeCost(credits: number): UnigateCost {
  return { input: credits, output: 0, total: credits, unit: 'credits' };
}

/** What the admission's reservation is charged as: its credits under a budget, nothing to report without one. */
function reservationCost(admission: BudgetAdmission | undefined, guard: BudgetGuard): UnigateCost | undefined {
  return guard.reserves === false || admission === undefined ? undefined : wholeCost(admission.reserved);
}

/** A charge from a reported cost, or, without one, the reservation kept in its place. */
export function costCharge(
  call: ChargedCall,
  admission: BudgetAdmission,
  ended: UnigateChargeEnding,
  cost: UnigateCost | undefined,
  source?: ChargeSource,
): CallCharge {
  return cost === undefined
    ? { ended, credits: undefined, cost: reservationCost(admission, call.guard), exact: false, ...source }
    : { ended, credits: cost.total, cost, exact: cost.estimated !== true, ...source };
}

function endedOn(call: ChargedCall, error: unknown): UnigateChargeEnding {
  if (call.options.abortSignal?.aborted) return 'aborted';
  return APICallError.isInstance(error) && error.statusCode !== undefined && error.statusCode >= 400
    ? 'http-error'
    : 'failed';
}

/**
 * What a call that threw is charged: nothing when the gateway refused it with an HTTP error (it ran no
 * model); otherwise (an abort, a network failure, a broken body) its reservation, as it may have run.
 */
export function failureCharge(call: ChargedCall, admission: BudgetAdmission, error: unknown): CallCharge {
  const ended = endedOn(call, error);
  if (ended === 'http-error') {
    const requestId = APICallError.isInstance(error)
      ? resultRequestId({ response: { headers: error.responseHeaders } })
      : undefined;
    return { ended, credits: 0, cost: wholeCost(0), exact: true, requestId };
  }
  return costCharge(call, admission, ended, undefined);
}

/** A call the guard did not let through: the budget refused it (or its abort came first); nothing charged. */
export function refusalCharge(call: ChargedCall, error: unknown): CallCharge {
  const data = APICallError.isInstance(error) && isObjectRecord(error.data) ? error.data : undefined;
  const ended = call.options.abortSignal?.aborted ? 'aborted' : data?.kind === 'budget' ? 'refused' : 'failed';
  const budget = isObjectRecord(error) ? refusalStandings.get(error) : undefined;
  return { ended, credits: 0, cost: wholeCost(0), exact: true, budget };
}

/** The gateway's request id of a result: its response's request-id header, else the response's own id. */
export function resultRequestId(result: { response?: unknown }): string | undefined {
  const response = isObjectRecord(result.response) ? result.response : undefined;
  const headers = isObjectRecord(response?.headers) ? response.headers : undefined;
  const fromHeader = headers?.['x-request-id'] ?? headers?.['request-id'];
  if (typeof fromHeader === 'string') return fromHeader;
  return typeof response?.id === 'string' ? response.id : undefined;
}

/** `providerMetadata.unigate.resumed`, when a stream resumed. */
export function resumedOf(metadata: unknown): UnigateResume[] | undefined {
  const unigate = isObjectRecord(metadata) ? metadata.unigate : undefined;
  const resumed = isObjectRecord(unigate) ? unigate.resumed : undefined;
  return isUnigateResumeList(resumed) ? resumed : undefined;
}

function eventOf(call: ChargedCall, admission: BudgetAdmission | undefined, charge: CallCharge): UnigateChargeEvent {
  const language = call.kind === 'chat' || call.kind === 'messages';
  return {
    modelId: call.modelId,
    kind: language ? 'language' : call.kind,
    ...(language && { format: call.kind }),
    ended: charge.ended,
    cost: charge.cost && { ...charge.cost },
    exact: charge.exact,
    usage: isObjectRecord(charge.usage) ? charge.usage : undefined,
    bucket: admission?.bucket,
    requestId: charge.requestId,
    attempt: call.attempt,
    ...(charge.resumed !== undefined && { resumed: charge.resumed.map(resume => ({ ...resume })) }),
  };
}

/**
 * A failing handler's error goes to `onChargeError` (default: a redacted `console.warn`), never into a
 * call's result: the next call may be another user's. A failure of `onChargeError` itself is dropped.
 */
function handlerFailed(ledger: ChargeLedger, error: unknown, event: UnigateChargeEvent): void {
  const { onChargeError } = ledger;
  if (onChargeError === undefined) {
    const reason = errorMessage(error);
    const what = `${event.kind} call to ${JSON.stringify(event.modelId)} (${event.ended})`;
    console.warn(
      redactSecrets(
        `unigate-ai-provider: the onCharge handler failed on the charge of a ${what}: ${reason}`,
        ledger.secret(),
      ),
    );
    return;
  }
  try {
    const returned = onChargeError(error, event);
    if (isThenable(returned)) Promise.resolve(returned).catch(() => undefined);
  } catch {
    // The app's own error handler failed: nothing is left to tell, and no call may fail for it.
  }
}

/**
 * Settles the call's admission to its charge and reports it to `onCharge`, once per call, in a microtask:
 * after the result (or the stream's `finish` part) is delivered, never awaited, its failure told to `onChargeError`.
 */
export function charge(call: ChargedCall, admission: BudgetAdmission | undefined, callCharge: CallCharge): void {
  const standing = admission?.settle(callCharge.credits);
  addChargeToSpan(call.span, callCharge.cost);
  const ledger = call.guard.ledger;
  if (ledger === undefined) return;
  const event = eventOf(call, admission, callCharge);
  const report = (budget: BudgetStanding | undefined) => {
    const told = budget === undefined ? event : { ...event, budget };
    try {
      const returned = ledger.onCharge(told);
      if (isThenable(returned)) Promise.resolve(returned).catch(error => handlerFailed(ledger, error, told));
    } catch (error) {
      handlerFailed(ledger, error, told);
    }
  };
  // Under a budget the event waits for the store's answer to the settlement (within its time-out): where
  // the budget stands after this charge.
  if (standing === undefined) queueMicrotask(() => report(callCharge.budget));
  else void standing.then(report);
}
