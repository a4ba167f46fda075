import { APICallError } from '@ai-sdk/provider';
import { AISDKError, generateText } from 'ai';
import { type UnigateChargeEvent, unigateCost } from '../../src';
import { within } from '../fuzz/stream-checks';
import { type Cell, cellName, isLanguage } from './ending-cells';
import {
  type CallOutcome,
  type CellGateway,
  callCell,
  cellGateway,
  MODELS,
  ABORT_REASON,
  major,
  type SentRequest,
  spendBudget,
} from './ending-gateway';

// The five invariants every cell must keep, as a list of what failed (empty: the cell holds).

/** A cell's call, its events and its store taking longer than this is a hang. */
export const CELL_MS = 3_000;
const EPSILON = 1e-9;

/** A model-call span the AI SDK made, and the cost the package wrote on it. */
export interface SpanCost {
  name: string;
  cost: number | undefined;
}

/** What the test's process and telemetry saw: its uncaught errors, and the finished model-call spans. */
export interface Witness {
  /** Unhandled rejections and uncaught exceptions since the last take, emptied by it. */
  takeUncaught(): unknown[];
  /** The model-call spans finished since the last reset, and a reset. */
  modelSpans(): SpanCost[];
  resetSpans(): void;
  /** The settings that turn the AI SDK's telemetry on, for each call. */
  telemetry: Record<string, unknown>;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const near = (a: number, b: number) => Math.abs(a - b) < EPSILON;
const show = (value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : JSON.stringify(value));

/** A turn of the event loop: what the call queued (events, settlements, span ends) runs first. */
const turn = () => new Promise<void>(resolve => setImmediate(resolve));

/** The whole answer the emulator gives the cell's prompt, by format. */
export const WHOLE_ANSWER: Record<'chat' | 'messages', string> = {
  chat: 'You said: Tell me about the sea.',
  messages: 'You said: "Tell me about the sea.".',
};

/** The error an app may see thrown from a call that is not a stream: a typed error, never a raw transport one. */
function typedError(cell: Cell, thrown: unknown): boolean {
  if (cell.ending === 'abort' && (thrown as Error)?.message === ABORT_REASON) return true;
  if (cell.ending === 'abort' && (thrown as Error)?.name === 'AbortError') return true;
  return APICallError.isInstance(thrown) || AISDKError.isInstance(thrown);
}

/** (3): the whole answer, or an error part and finish 'error' (an abort part for an abort); nothing thrown. */
function callerSaw(cell: Cell, outcome: CallOutcome): string[] {
  const failed: string[] = [];
  if (outcome.parts !== undefined) {
    // The caller's own abort reason may come back from the read (ai@6 and ai@7, an abort right after the
    // first delta): it is what the caller asked for, no transport error.
    if (cell.ending === 'abort' && (outcome.thrown as Error)?.message === ABORT_REASON) return [];
    if (outcome.thrown !== undefined) return [`(3) reading the stream threw ${show(outcome.thrown)}`];
    const types = outcome.parts.map(part => part.type);
    const errors = outcome.parts.filter(part => part.type === 'error');
    const finish = outcome.parts.filter(part => part.type === 'finish');
    if (cell.ending === 'abort' && types.includes('abort')) return [];
    if (errors.length > 0) {
      // A call that failed before its stream started (an HTTP error, a refusal) is the AI SDK's error part
      // alone: its doStream rejected, so no step began. Once a step began, the stream ends with finish 'error'.
      const started = types.includes('finish-step') || types.includes('text-start');
      // V4's `interrupted` is the finish of a body cut off before its end, with its error part.
      const reasons = major >= 7 ? ['error', 'interrupted'] : ['error'];
      if (started && (finish.length !== 1 || !reasons.includes(finish[0]!.finishReason))) {
        failed.push(`(3) an error part without one finish 'error': finishes ${show(finish.map(f => f.finishReason))}`);
      }
      for (const { error } of errors) {
        if (error instanceof TypeError) failed.push(`(3) a raw transport error in the error part: ${show(error)}`);
      }
    } else if (outcome.text !== WHOLE_ANSWER[cell.kind as 'chat' | 'messages']) {
      failed.push(`(3) no error part, and not the whole answer: ${show(outcome.text)} (parts ${types.join(',')})`);
    }
    if (cell.ending === 'complete' && errors.length > 0)
      failed.push(`(3) a complete call ended with ${show(errors[0]!.error)}`);
    return failed;
  }
  if (outcome.thrown !== undefined) {
    if (!typedError(cell, outcome.thrown)) failed.push(`(3) threw an untyped error: ${show(outcome.thrown)}`);
    if (cell.ending === 'complete') failed.push(`(3) a complete call threw ${show(outcome.thrown)}`);
  } else if (isLanguage(cell.kind) && outcome.text !== WHOLE_ANSWER[cell.kind]) {
    failed.push(`(3) not the whole answer: ${show(outcome.text)}`);
  }
  return failed;
}

/** Whether the caller got the whole answer (nothing thrown, no error or abort part, all the text). */
function answered(cell: Cell, outcome: CallOutcome): boolean {
  if (outcome.thrown !== undefined) return false;
  if (outcome.parts === undefined) return true;
  if (outcome.parts.some(part => part.type === 'error' || part.type === 'abort')) return false;
  return outcome.text === WHOLE_ANSWER[cell.kind as 'chat' | 'messages'];
}

/** The cost the call's result reports (a stream's: its last step's metadata). */
function resultCost(outcome: CallOutcome): number | undefined {
  const step = outcome.parts?.filter(part => part.type === 'finish-step').at(-1);
  return unigateCost(outcome.parts === undefined ? outcome.result : { providerMetadata: step?.providerMetadata })
    ?.total;
}

/** Runs one cell and answers which invariants it broke; `witness` sees the process and the spans. */
export async function runCell(cell: Cell, witness: Witness): Promise<string[]> {
  const gateway = await cellGateway(cell);
  try {
    return await runOn(cell, gateway, witness);
  } finally {
    await gateway.close();
  }
}

async function runOn(cell: Cell, gateway: CellGateway, witness: Witness): Promise<string[]> {
  const name = cellName(cell);
  witness.resetSpans();
  witness.takeUncaught();
  const preSpent = await spendBudget(cell, gateway);
  let outcome: CallOutcome;
  try {
    outcome = await within(callCell(cell, gateway, witness.telemetry), CELL_MS, name);
  } catch (error) {
    gateway.caller.abort(new Error('hang'));
    return [`(3) ${(error as Error).message}`];
  }
  return checkEnded(cell, gateway, outcome, witness, preSpent);
}

async function checkEnded(
  cell: Cell,
  gateway: CellGateway,
  outcome: CallOutcome,
  witness: Witness,
  preSpent: number,
): Promise<string[]> {
  const { events, sent, reserved, store, gw } = gateway;
  const failed = callerSaw(cell, outcome);
  const calls = modelCalls(cell, sent);
  // Events come in a microtask after the call ends; one that is late by more than a few turns is missing.
  for (let i = 0; i < 5 && events.length < calls; i++) await turn();
  // The next admission waits for this provider's settlements: an unpriced model is refused right after.
  if (cell.budget)
    await within(settlementProbe(gw), CELL_MS, `${cellName(cell)}: the settlement probe`).catch(() => {});
  await turn();
  const own = ownEvents(cell, events);
  // (1) one event per model call.
  if (own.length !== calls) {
    failed.push(
      `(1) ${own.length} onCharge events for ${calls} model calls: ${show(own.map(e => `${e.modelId}:${e.ended}`))}`,
    );
  }
  const costs = own.map(event => event.cost?.total);
  const charged = sum(costs.map(cost => cost ?? 0));
  if (cell.budget) {
    const total = (await store.spent('total::')) - preSpent;
    // (2) the events' costs sum to the store's total.
    if (costs.some(cost => cost === undefined) || !near(total, charged)) {
      failed.push(`(2) store total ${total}, events' costs ${show(costs)} (sum ${charged})`);
    }
    // (4) every reservation settled: never more than reserved, the real cost when answered, 0 for an HTTP error.
    if (total > sum(reserved) + EPSILON)
      failed.push(`(4) store total ${total} above what was reserved ${show(reserved)}`);
    // Answered: the store holds the result's cost, beside what the chain's members tried before were charged.
    const cost = resultCost(outcome);
    const before = sum(costs.slice(0, -1).map(each => each ?? 0));
    if (answered(cell, outcome) && (cost === undefined || !near(total - before, cost))) {
      failed.push(`(4) answered with cost ${cost}, but the store holds ${total} (reserved ${show(reserved)})`);
    }
    const refused = ['http-4xx', 'http-5xx', 'refusal'].includes(cell.ending) && !answered(cell, outcome);
    if (refused && !near(total, 0))
      failed.push(`(4) nothing ran, but the store holds ${total} (reserved ${show(reserved)})`);
  }
  // (5) the model-call span's cost is the events'.
  const spans = witness.modelSpans();
  const spanCost = sum(spans.map(span => span.cost ?? 0));
  if (spans.length > 0 && !near(spanCost, charged)) {
    failed.push(`(5) span cost ${show(spans)} but the events' ${charged}`);
  }
  const uncaught = witness.takeUncaught();
  if (uncaught.length > 0) failed.push(`(3) uncaught: ${uncaught.map(show).join('; ')}`);
  return failed;
}

/** How many model calls a cell made: one per request that does not continue another, one for a refusal. */
export function modelCalls(cell: Cell, sent: SentRequest[]): number {
  if (!isLanguage(cell.kind)) return 1;
  return sent.filter(request => !request.continuation).length + (cell.ending === 'refusal' ? 1 : 0);
}

/** The events of the cell's own models (not the settlement probe's). */
export const ownEvents = (cell: Cell, events: UnigateChargeEvent[]) =>
  events.filter(event => (MODELS[cell.kind] as readonly (string | undefined)[]).includes(event.modelId));

/** A call refused by the budget right after it waited for the provider's settlements. */
export async function settlementProbe(gw: CellGateway['gw']) {
  await generateText({ model: gw.chat('unpriced-model'), prompt: 'Hi', maxRetries: 0 });
}
