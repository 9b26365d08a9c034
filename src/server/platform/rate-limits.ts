// The one rate limiter for every per-listener and per-address limit; its rules (key, window, allowance, error code)
// are declared in src/shared/rate-rules.ts. Each (rule, who) pair keeps the times of its admitted actions within the
// window: a sliding window, so "once every 30 seconds" means 30 seconds after the last one, and "10 in ten seconds"
// never lets 11 through across a window's edge. Home-made rather than rate-limiter-flexible: it answers at once
// (that library's memory limiter answers through a Promise), so a limit is taken inside the synchronous
// transaction that records the action, and it is this one file.
import type { RateRule } from "../../shared/rate-rules.ts";
import { AppError } from "./errors.ts";

/** A refusal of a rate rule: the rule's error, and when one more would be admitted. */
export class RateLimited extends AppError {
  constructor(
    rule: RateRule,
    readonly retryAfterMs: number,
  ) {
    super(rule.errorCode, rule.message);
  }
}

/** Pairs kept at most before the quiet ones are forgotten (then the oldest). */
const MAX_KEYS = 100_000;

export class RateLimiter {
  private readonly admitted = new Map<string, { windowMs: number; times: number[] }>();

  constructor(private readonly now: () => number) {}

  /** Counts one action of `who` under `rule`; past its allowance throws RateLimited and counts nothing. */
  take(rule: RateRule, who: string): void {
    const waitMs = this.admit(rule, who);
    if (waitMs > 0) throw new RateLimited(rule, waitMs);
  }

  /** The same without a refusal: true (and counted) when admitted, false otherwise. */
  tryTake(rule: RateRule, who: string): boolean {
    return this.admit(rule, who) === 0;
  }

  /** Forgets every count (a test or a benchmark starting a round afresh). */
  clear(): void {
    this.admitted.clear();
  }

  /** 0 when the action is admitted and counted; else how long until one more would be (ms). */
  private admit(rule: RateRule, who: string): number {
    const now = this.now();
    const key = `${rule.key}\u0000${who}`;
    const kept = this.admitted.get(key);
    const times = (kept?.times ?? []).filter((at) => at > now - rule.windowMs && at <= now);
    if (times.length >= rule.allowance) {
      if (kept) kept.times = times;
      return Math.max(1, (times[0] ?? now) + rule.windowMs - now);
    }
    times.push(now);
    // the newest last in the map's order, so the oldest pairs go first when it is full
    this.admitted.delete(key);
    this.admitted.set(key, { windowMs: rule.windowMs, times });
    if (this.admitted.size > MAX_KEYS) this.forget(now);
    return 0;
  }

  private forget(now: number): void {
    for (const [key, { windowMs, times }] of this.admitted) {
      if ((times.at(-1) ?? 0) <= now - windowMs) this.admitted.delete(key);
    }
    for (const key of this.admitted.keys()) {
      if (this.admitted.size <= MAX_KEYS) break;
      this.admitted.delete(key);
    }
  }
}
