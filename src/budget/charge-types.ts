// The public types of a call's charge (the `onCharge` setting, docs/telemetry.md). A leaf type file: it
// imports only other leaf type files, so every layer may name them (scripts/check-import-cycles.mjs).
import type { UnigateCost } from '../pricing/price-types';
import type { UnigateResume } from '../resume/resume-types';
import type { UnigateBudgetStanding } from './budget-types';

/** How a charged call ended (`UnigateChargeEvent.ended`). */
export type UnigateChargeEnding = 'completed' | 'aborted' | 'failed' | 'refused' | 'http-error';

/**
 * One model call's charge, once it is final (the `onCharge` setting): one event per call of every kind,
 * whatever its ending, and one per member a fallback chain tried.
 */
export interface UnigateChargeEvent {
  /** The model id the call was made with. */
  modelId: string;
  /** The model's kind: chat and messages models are both `language` (`format` tells them apart). */
  kind: 'language' | 'embedding' | 'image' | 'speech' | 'transcription' | 'video';
  /** Language models: the wire format the call used. */
  format?: 'chat' | 'messages';
  /**
   * `completed`; `aborted` (the caller's abort, or a stream cancelled before its end); `failed` (network,
   * a broken answer or stream, a video job that failed); `refused` (by the budget, before any request,
   * charged 0); `http-error` (the gateway answered with an HTTP error, charged 0).
   */
  ended: UnigateChargeEnding;
  /**
   * What the call is charged, in the shape `unigateCost(result)` gives, with its parts. A reservation
   * charged in place of reported usage (`exact: false`) counts whole as `input`. `undefined` when nothing
   * can say (no price, or no usage and no budget reservation).
   */
  cost: UnigateCost | undefined;
  /**
   * `false` when the cost is not from reported usage: a budget reservation charged in its place, none, or
   * an upper bound where the usage did not report the cache writes (`cost.estimated`).
   */
  exact: boolean;
  /** The usage as the call reported it (the AI SDK result's `usage`), when it reported one. */
  usage: Readonly<Record<string, unknown>> | undefined;
  /**
   * The budget's bucket the charge went to (`day:2026-11-23:user-1`), when there is a budget (the first
   * limit's when `budget` is an array).
   */
  bucket: string | undefined;
  /**
   * Where the budget stands after this charge, when a budget is set: one `UnigateBudgetStanding`, or an
   * array of them in the order of the `budget` array. Warn at 80%:
   * `[event.budget ?? []].flat().some(b => b.spent >= 0.8 * b.limit)`.
   */
  budget?: UnigateBudgetStanding | UnigateBudgetStanding[];
  /** The gateway's request id (`x-request-id`/`request-id` header, else the response's id), when known. */
  requestId: string | undefined;
  /** The member's position (1-based) in a fallback chain; 1 outside one. */
  attempt: number;
  /** `providerMetadata.unigate.resumed` of a stream that resumed: both requests are in this one charge. */
  resumed?: UnigateResume[];
}
