import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { UnigateErrorKind } from '../errors/gateway-error';

// Loaded with the provider (every provider holds one): the calls' machinery that fills it stays in
// run-fallback.ts, loaded by a chain's first call.

/** Default of `gw.fallback(models, { cooldownMs })`: 30 seconds. */
export const DEFAULT_FALLBACK_COOLDOWN_MS = 30_000;
/** The longest cool-down, `cooldownMs` or a `Retry-After`: one hour. */
export const MAX_FALLBACK_COOLDOWN_MS = 3_600_000;
/** How many members one provider remembers at most; past it, the cool-down set longest ago is dropped. */
export const MAX_COOLING_MEMBERS = 256;

/** A member's running cool-down: until when (ms, by the provider's clock) and the failure's kind. */
export interface MemberCooldown {
  readonly until: number;
  readonly kind: UnigateErrorKind;
}

/** A member's identity across the chains of one provider: its provider and model id. */
export const memberKey = (model: LanguageModelV3): string => `${model.provider}\n${model.modelId}`;

/**
 * The cool-downs of one provider's chain members (docs/fallback.md#cool-downs), shared by every chain the
 * provider makes. Bounded: at most `MAX_COOLING_MEMBERS` entries, and a cool-down that is over is dropped
 * when read. With nothing cooling, a read is one size check.
 */
export class FallbackCooldowns {
  private readonly entries = new Map<string, MemberCooldown>();

  constructor(
    readonly now: () => number,
    private readonly capacity = MAX_COOLING_MEMBERS,
  ) {}

  /** How many members are remembered (a cool-down that is over counts until it is read). */
  get size(): number {
    return this.entries.size;
  }

  /** The member's cool-down while it runs; `undefined` once it is over. */
  get(key: string): MemberCooldown | undefined {
    if (this.entries.size === 0) return undefined;
    const entry = this.entries.get(key);
    if (entry === undefined || entry.until > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** Cools the member until `until`, unless it already cools longer (concurrent failures keep the later end). */
  cool(key: string, until: number, kind: UnigateErrorKind): void {
    const current = this.entries.get(key);
    if (current !== undefined && current.until >= until) return;
    // Deleted and set again, so the map's first key is always the cool-down set longest ago.
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { until, kind });
  }

  /** The member answered: it cools no longer. */
  recovered(key: string): void {
    if (this.entries.size > 0) this.entries.delete(key);
  }
}
