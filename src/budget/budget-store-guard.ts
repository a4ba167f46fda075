import { APICallError } from '@ai-sdk/provider';
import { errorMessage } from '../checks/values';
import type { UnigateErrorData } from '../errors/gateway-error';
import { failArgument, formatArgumentValue } from '../checks/validate-argument';
import type { UnigatePricingService } from '../pricing/create-pricing';
import type { UnigateModelPrice } from '../pricing/unigate-pricing-types';
import type {
  UnigateBudget,
  UnigateBudgetCall,
  UnigateBudgetReservation,
  UnigateBudgetStanding,
} from '../settings/unigate-provider-settings';
import {
  type BudgetAdmission,
  type BudgetCall,
  type BudgetGuard,
  type BudgetPeriodWindow,
  type BudgetStanding,
  budgetWindow,
  periodName,
  refusalStandings,
} from './budget-admission';
import { bounded, type LimitStore, reserveLimits, storeReservations, storeSettlements } from './budget-store-calls';
import { addCredits, memoryBudgetStore } from './budget-stores';

// Loaded by the first budgeted call (import() in budget-guard.ts): an app without a budget never loads it.

/** Default of `budget.storeTimeoutMs`. */
export const DEFAULT_STORE_TIMEOUT_MS = 5_000;

/** One limit of the budget as the guard keeps it: its settings, its store's calls, how errors name it. */
interface Limit extends LimitStore {
  readonly budget: UnigateBudget;
  /** `budget`, or `budget[1]` in an array. */
  readonly label: string;
  /** The period's name in its buckets: `day`, or `day#1` when two limits share a period. */
  readonly bucketName: string;
}

/** A call's place in one limit: its key, its window, and its reservation. */
interface LimitCall {
  readonly limit: Limit;
  readonly key: string;
  readonly window: BudgetPeriodWindow;
  readonly reservation: UnigateBudgetReservation;
}

/** The default key: the end user the call names (`user`, or the messages format's `userId`). */
function defaultKey(call: UnigateBudgetCall): string | undefined {
  const unigate = call.providerOptions?.unigate;
  const user = unigate?.user ?? unigate?.userId;
  return typeof user === 'string' ? user : undefined;
}

function resolveKey({ budget, label }: Limit, call: UnigateBudgetCall): string {
  const key = (budget.key ?? defaultKey)(call);
  if (key !== undefined && typeof key !== 'string')
    failArgument(`${label}.key`, 'a function returning a string or undefined', key);
  return key ?? '';
}

/** The budget's one error shape: an `APICallError` with `data.kind: 'budget'`, never retryable. */
function budgetError(message: string, extra: Partial<UnigateErrorData> = {}, cause?: unknown): APICallError {
  const data: UnigateErrorData = { kind: 'budget', message, ...extra };
  return new APICallError({ message, url: '', requestBodyValues: undefined, isRetryable: false, data, cause });
}

/** Credits as a message shows them: six significant digits, no float noise. */
const credits = (value: number) => String(Number(value.toPrecision(6)));

/** What a refused call could do instead: a smaller `maxOutputTokens` (language models), or nothing. */
interface RefusalHint {
  call: BudgetCall;
  price: UnigateModelPrice | undefined;
  contextWindow: number | undefined;
  reserved: number;
}

/** The room the call's bound has on every limit: the least left under `'never'`; none past a `'one-call'` limit. */
function roomLeft(calls: readonly LimitCall[], totals: readonly number[]): number {
  let room = Infinity;
  for (const [index, { reservation }] of calls.entries()) {
    const left = addCredits(reservation.limit, -(totals[index] ?? reservation.limit));
    room = Math.min(room, reservation.overshoot === 'one-call' ? (left > 0 ? Infinity : 0) : left);
  }
  return room;
}

function retryHint({ call, price, contextWindow }: RefusalHint, room: number): string {
  if (room <= 0 || price === undefined || call.largestOutput === undefined) return '';
  const tokens = call.largestOutput(price, contextWindow, room);
  return tokens === undefined
    ? ` No maxOutputTokens would make it fit: its input alone reserves more than the ${credits(room)} credits left.`
    : ` With maxOutputTokens at most ${tokens} it would fit.`;
}

function reachedError(calls: readonly LimitCall[], refused: number, totals: readonly number[], hint: RefusalHint) {
  const { limit, key, window, reservation } = calls[refused] as LimitCall;
  const period = formatArgumentValue(limit.budget.period).replace(/^"(.*)"$/, "'$1'");
  const whose = key === '' ? '' : `, key ${JSON.stringify(key)}`;
  const total = totals[refused] ?? reservation.limit;
  const left = Math.max(addCredits(reservation.limit, -total), 0);
  const reset = window.resetsAt ? `it resets at ${window.resetsAt.toISOString()}` : "the 'total' period never resets";
  const room =
    reservation.overshoot === 'one-call' || left === 0
      ? 'nothing is left'
      : `${credits(left)} left, and this call reserves up to ${credits(hint.reserved)} (the most it can cost)`;
  return budgetError(
    `Budget reached (${limit.label}: period ${period}${whose}): ${credits(total)} of ${limit.budget.maxCredits} ` +
      `credits spent or reserved by calls in flight this period; ${room}.${retryHint(hint, roomLeft(calls, totals))} ` +
      `The call was not sent (${reset}).`,
    window.resetsAt ? { resetsAt: window.resetsAt.toISOString() } : {},
  );
}

function unpricedError(call: BudgetCall, why: string | undefined): APICallError {
  const model = JSON.stringify(call.modelId);
  return budgetError(
    `No price for ${call.kind} model ${model}${why ? ` (${why})` : ''}: under a budget, a call whose cost cannot be ` +
      `known is not sent. Give the model a price in the pricing table (pricing: { ${model}: { ... } }), or set ` +
      "budget.unpriced: 'allow' to send such calls counted as 0 credits.",
  );
}

/** The limits of a budget, each over its store (the provider's one memory store when it gives none). */
function budgetLimits(limits: readonly UnigateBudget[], array: boolean): Limit[] {
  const memory = memoryBudgetStore();
  const names = limits.map(budget => periodName(budget.period));
  return limits.map((budget, index) => {
    const store = budget.store ?? memory;
    const timeoutMs = budget.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
    const name = names[index] as string;
    // Two limits of one period would share buckets whenever their keys meet: their index tells them apart.
    const shared = names.filter(other => other === name).length > 1;
    return {
      budget,
      label: array ? `budget[${index}]` : 'budget',
      bucketName: shared ? `${name}#${index}` : name,
      store,
      timeoutMs,
      reservations: storeReservations(store),
      settlements: storeSettlements(store, timeoutMs),
    };
  });
}

/**
 * `storeCall`'s answer; a store that failed (threw, answered outside its contract, or timed out) fails the
 * call closed, before its request: `message` and the store's error, which is the `cause`. An abort stays
 * the abort's error.
 */
async function failClosed<T>(storeCall: Promise<T>, abortSignal: AbortSignal | undefined, message: string): Promise<T> {
  try {
    return await storeCall;
  } catch (error) {
    if (abortSignal?.aborted) throw error;
    throw budgetError(`${message}: ${errorMessage(error)}`, {}, error);
  }
}

/** Each limit's total now, for a refusal: read from its store, or the limit itself when the store fails. */
function readTotals(calls: readonly LimitCall[], abortSignal: AbortSignal | undefined): Promise<number[]> {
  return Promise.all(
    calls.map(({ limit, window, reservation }) =>
      bounded(limit.reservations.spent(window.bucket), limit.timeoutMs, 'a read', abortSignal).catch(
        () => reservation.limit,
      ),
    ),
  );
}

/** Where each limit stands: one standing, or an array of them for a budget given as an array. */
function standingOf(calls: readonly LimitCall[], totals: readonly number[], array: boolean): BudgetStanding {
  const standings: UnigateBudgetStanding[] = calls.map(({ limit, window, reservation }, index) => ({
    bucket: window.bucket,
    spent: totals[index] ?? 0,
    limit: reservation.limit,
    period: limit.budget.period,
  }));
  return array ? standings : (standings[0] as UnigateBudgetStanding);
}

/**
 * The budget's guard. Admission waits for the model's price (the catalog load, within its time limit),
 * bounds the call's cost, and reserves it on every limit; settling replaces each reservation by the real
 * cost. One guard per provider, for one limit or an array of them.
 */
export function storeBudgetGuard(
  budget: UnigateBudget | readonly UnigateBudget[],
  pricing: UnigatePricingService,
  now: () => number,
): BudgetGuard {
  // Events carry an array of standings for a budget given as an array.
  const array = Array.isArray(budget);
  const given = [budget].flat();
  const limits = budgetLimits(given, array);
  const unpricedAllowed = given.every(budget => budget.unpriced === 'allow');

  const admitted = async (call: BudgetCall, abortSignal: AbortSignal | undefined): Promise<BudgetAdmission> => {
    // This process never reads a total that still holds a reservation its own finished call gave back.
    // (docs/budgets.md#time-outs-aborts-and-failed-settlements)
    await failClosed(
      Promise.all(limits.map(limit => limit.settlements.flush(abortSignal))),
      abortSignal,
      "The budget store failed to record an earlier call's cost, so this call was not sent",
    );
    const keys = limits.map(limit => resolveKey(limit, call));
    const lookup = pricing.priceAndCheck(call.modelId, call.kind, { abortSignal });
    let answer: Awaited<typeof lookup.settled>;
    try {
      // The price's own wait is bounded by the catalog's time limit; the call's abort ends it sooner.
      answer = await bounded(lookup.settled, undefined, 'the price', abortSignal);
    } finally {
      lookup.release();
    }
    const contextWindow = pricing.contextWindow(call.modelId);
    const bound = call.bound(answer.price, contextWindow);
    if (bound === undefined && !unpricedAllowed) throw unpricedError(call, answer.catalogUnavailable);
    const allowed = bound === undefined;
    const reserved = bound ?? 0;
    const at = now();
    const calls: LimitCall[] = limits.map((limit, index) => {
      const key = keys[index] as string;
      const window = budgetWindow(limit.budget.period, key, at, limit.bucketName);
      const overshoot = limit.budget.overshoot ?? 'never';
      return {
        limit,
        key,
        window,
        reservation: { bucket: window.bucket, credits: reserved, limit: limit.budget.maxCredits, overshoot },
      };
    });
    const outcome = await failClosed(
      reserveLimits(
        limits,
        calls.map(({ reservation }) => reservation),
        abortSignal,
      ),
      abortSignal,
      'The budget store failed, so the call was not sent',
    );
    if (outcome.refused !== undefined) {
      const totals = outcome.totals ?? (await readTotals(calls, abortSignal));
      const error = reachedError(calls, outcome.refused, totals, {
        call,
        price: answer.price,
        contextWindow,
        reserved,
      });
      refusalStandings.set(error, standingOf(calls, totals, array));
      throw error;
    }
    const totals = outcome.totals;
    let settled = false;
    return {
      reserved,
      bucket: calls[0]?.window.bucket,
      price: answer.price,
      unpricedWarning: allowed
        ? {
            type: 'other',
            message: `No price for ${call.kind} model ${JSON.stringify(call.modelId)}: this call counts as 0 credits against the budget (budget.unpriced: 'allow').`,
          }
        : undefined,
      settle: charged => {
        if (settled) return undefined;
        settled = true;
        const delta = charged === undefined ? 0 : addCredits(charged, -reserved);
        const answers = calls.map(async ({ limit, window }, index) => {
          const reservedTotal = totals[index] ?? 0;
          if (delta === 0) return reservedTotal;
          return (await limit.settlements.add(window.bucket, delta)) ?? addCredits(reservedTotal, delta);
        });
        return Promise.all(answers).then(spent => standingOf(calls, spent, array));
      },
    };
  };
  return { admit: admitted };
}
