// When a provider call may go: the pacing strategies of provider-http.ts. Spotify's limit is not published, so its
// pace is learned (the token bucket of pacer.ts); MusicBrainz asks one request a second and Deezer 50 per 5 s, so
// theirs are fixed spacings; Paddle needs none, only its Retry-After honoured. Every strategy pauses all calls
// when the provider says "too fast".
import { realSleep } from "./clock.ts";
import type { AdaptivePacer } from "./pacer.ts";
import type { Pacing, Verdict } from "./provider-http.ts";

/** Spotify: the adaptive token bucket (a rate learned from 429s, interactive calls first, calls in flight capped). */
export function learnedPacing(pacer: AdaptivePacer, now: () => number = Date.now): Pacing {
  return {
    turn: ({ priority, listener, timeoutMs }) => pacer.acquire(priority, { timeoutMs, listener }),
    pausedFor: () => pacer.state().pausedUntil - now(),
    settled({ answered, verdict, pauseMs }) {
      if (verdict.kind === "rate-limited") pacer.rateLimited(pauseMs);
      else if (answered && verdict.kind !== "again") pacer.accepted();
    },
  };
}

/**
 * Requests start at least `intervalMs` apart, whoever sends them, and the next starts a full interval after an
 * answer arrives (a slow answer or a paused process never brings two closer together at the service). A "slow
 * down" answer doubles the interval (up to 4×); each success halves the extra again.
 */
export class SpacedPacing implements Pacing {
  private nextStart = 0;
  private slowFactor = 1;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {}

  /** Callers are served in order. */
  turn(): Promise<() => void> {
    const mine = this.queue.then(async () => {
      const wait = this.nextStart - this.now();
      if (wait > 0) await this.sleep(wait);
      this.nextStart = this.now() + this.currentIntervalMs;
    });
    this.queue = mine.catch(() => undefined);
    return mine.then(() => () => this.holdFor(this.currentIntervalMs));
  }

  pausedFor(): number {
    return this.nextStart - this.now();
  }

  settled({ verdict, pauseMs }: { verdict: Verdict; pauseMs: number }): void {
    if (verdict.kind === "rate-limited") {
      if (verdict.slowDown) this.slowFactor = Math.min(4, this.slowFactor * 2);
      this.holdFor(Math.max(pauseMs, verdict.slowDown ? this.currentIntervalMs : 0));
    } else if (verdict.kind === "done" && this.slowFactor > 1) {
      this.slowFactor = Math.max(1, this.slowFactor / 2);
    }
  }

  get currentIntervalMs(): number {
    return this.intervalMs * this.slowFactor;
  }

  private holdFor(ms: number): void {
    this.nextStart = Math.max(this.nextStart, this.now() + ms);
  }
}

/** At most `calls` per `windowMs`, evenly spaced with a little room (two calls' worth) for arrival jitter. */
export const windowPacing = (
  calls: number,
  windowMs: number,
  now?: () => number,
  sleep?: (ms: number) => Promise<void>,
) => new SpacedPacing(Math.ceil(windowMs / (calls - 2)), now, sleep);

/**
 * No pace of its own: calls go at once, except while a Retry-After is in force, which every call waits out
 * (Paddle limits by IP address: after a 429 nothing may be sent before its Retry-After has passed).
 */
export function pausePacing(
  o: { now?: () => number; sleep?: (ms: number) => Promise<void>; onWait?: (ms: number) => void } = {},
): Pacing {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? realSleep;
  let pausedUntil = 0;
  return {
    async turn() {
      const waitMs = pausedUntil - now();
      if (waitMs > 0) {
        o.onWait?.(waitMs);
        await sleep(waitMs);
      }
      return () => undefined;
    },
    pausedFor: () => pausedUntil - now(),
    settled({ verdict, pauseMs }) {
      if (verdict.kind === "rate-limited") pausedUntil = Math.max(pausedUntil, now() + pauseMs);
    },
  };
}
