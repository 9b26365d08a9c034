// An adaptive token bucket for a provider whose rate limit is not published: it learns the rate from 429 answers
// alone (multiplicative decrease at each refusal, additive increase while calls queue for tokens), honours
// Retry-After by pausing every caller, and serves interactive callers before background ones.
import { realSleep } from "./clock.ts";

/** Background work (nobody waits for it) queues behind a listener's own calls. */
export type Priority = "interactive" | "background";

export interface PacerOptions {
  /** lowest rate a refusal may teach (calls/s) */
  minRate?: number;
  /** share of the refused rate kept after a 429 */
  decrease?: number;
  /** per second while calls wait for tokens, as a share of the learned ceiling: below 95% of it, and above */
  recovery?: number;
  probe?: number;
  /**
   * callers that may wait at once, all priorities together, before one that can give up (`timeoutMs`) is refused
   * at once (PacerBusy); a caller without a timeout always queues (a token refresh must happen)
   */
  maxWaiting?: number;
  /** calls on the wire at once, all priorities together; background calls leave `reserved` of them free */
  maxInFlight?: number;
  reserved?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** told of every wait longer than 0 ms before a call may go (pause, token or in-flight slot) */
  onWait?: (info: { priority: Priority; ms: number }) => void;
  /** told when a refusal changes the rate */
  onRateLimited?: (info: { rate: number; ceiling: number; pauseMs: number }) => void;
  /** the priority a call asked at may be lowered (one listener past their share: listener-share.ts) */
  admit?: (priority: Priority, listener: string | undefined) => Priority;
}

export interface PacerState {
  /** calls/s the bucket lets out; Infinity until the first refusal */
  rate: number;
  /** the rate the last refusal happened at (null before any) */
  ceiling: number | null;
  pausedUntil: number;
  inFlight: number;
  waiting: Record<Priority, number>;
  /** refusals that began a pause (each lowers the rate once) */
  refusals: number;
}

interface Waiter {
  priority: Priority;
  since: number;
  resolve: (release: () => void) => void;
}

/** No turn: the queue was full (`maxWaiting`) or the turn did not come within the caller's `timeoutMs`. */
export class PacerBusy extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PacerBusy";
  }
}

/** Calls accepted in the second before a refusal needed to learn a first ceiling from it. */
const MIN_SAMPLE = 10;

/** What a refusal well below the learned ceiling leaves of it. */
const NOISE_DECAY = 0.99;

/** Accepted answers are counted over this window to learn the limit at a refusal. */
const WINDOW_MS = 1000;

export class AdaptivePacer {
  private readonly o: Required<Omit<PacerOptions, "onWait" | "onRateLimited" | "admit">> &
    Pick<PacerOptions, "onWait" | "onRateLimited" | "admit">;
  private rate = Number.POSITIVE_INFINITY;
  private ceiling: number | null = null;
  private tokens = 1;
  private refilledAt: number;
  private pausedUntil = Number.NEGATIVE_INFINITY;
  private inFlight = 0;
  private refusals = 0;
  private readonly queues: Record<Priority, Waiter[]> = { interactive: [], background: [] };
  private readonly acceptedAt: number[] = [];
  private timer = false;

  constructor(options: PacerOptions = {}) {
    this.o = {
      minRate: 2,
      decrease: 0.92,
      recovery: 0.1,
      probe: 0.0015,
      maxWaiting: Number.POSITIVE_INFINITY,
      maxInFlight: 64,
      reserved: 8,
      now: Date.now,
      sleep: realSleep,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    };
    this.refilledAt = this.o.now();
  }

  state(): PacerState {
    return {
      rate: this.rate,
      ceiling: this.ceiling,
      pausedUntil: this.pausedUntil,
      inFlight: this.inFlight,
      waiting: { interactive: this.queues.interactive.length, background: this.queues.background.length },
      refusals: this.refusals,
    };
  }

  /**
   * Waits for the pause to end, a token and a slot; the returned function frees the slot. A caller with a
   * `timeoutMs` is refused with PacerBusy when `maxWaiting` callers already wait, and dropped when no turn came
   * within its time.
   */
  acquire(
    asked: Priority = "interactive",
    options: { timeoutMs?: number; listener?: string } = {},
  ): Promise<() => void> {
    const priority = this.o.admit ? this.o.admit(asked, options.listener) : asked;
    const waiting = this.queues.interactive.length + this.queues.background.length;
    if (options.timeoutMs !== undefined && waiting >= this.o.maxWaiting)
      return Promise.reject(new PacerBusy(`${waiting} calls wait already`));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { priority, since: this.o.now(), resolve };
      if (options.timeoutMs !== undefined) {
        const timer = setTimeout(() => {
          const queue = this.queues[priority];
          const at = queue.indexOf(waiter);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(new PacerBusy(`no turn within ${options.timeoutMs} ms`));
        }, options.timeoutMs);
        waiter.resolve = (release) => {
          clearTimeout(timer);
          resolve(release);
        };
      }
      this.queues[priority].push(waiter);
      this.pump();
    });
  }

  /** An answer that was not a refusal: the calls the provider accepts in a second tell its limit. */
  accepted(): void {
    const now = this.o.now();
    this.acceptedAt.push(now);
    while (this.acceptedAt.length > 0 && (this.acceptedAt[0] ?? now) <= now - WINDOW_MS)
      this.acceptedAt.shift();
  }

  /** A 429: every caller pauses `pauseMs`; the first refusal of a pause lowers the rate once. */
  rateLimited(pauseMs: number): void {
    const now = this.o.now();
    const beganPause = now >= this.pausedUntil;
    const resumedAt = this.pausedUntil;
    this.pausedUntil = Math.max(this.pausedUntil, now + pauseMs);
    if (!beganPause) return;
    this.refusals++;
    this.refill(now);
    // The provider's own answer: what it accepted in the second before refusing (or since sending resumed).
    const span = Math.min(WINDOW_MS, now - resumedAt);
    const accepted = this.acceptedAt.filter((t) => t > now - span).length;
    const refusedAt = Math.max(this.o.minRate, Math.min(this.rate, accepted));
    // A refusal when hardly anything was sent tells nothing about the pace: only its pause applies.
    if (this.ceiling === null && accepted < MIN_SAMPLE) return;
    if (this.ceiling === null || (span >= WINDOW_MS && refusedAt >= 0.97 * this.ceiling)) {
      this.ceiling = refusedAt;
      this.rate = Math.max(this.o.minRate, refusedAt * this.o.decrease);
    } else {
      // Refused below a pace that worked, or too soon after a pause to tell the pace (another client of the
      // app, random refusals): ease off a little, and let the ceiling fall only a little, so noise cannot
      // ratchet the pace to nothing.
      this.ceiling = Math.max(this.o.minRate, this.ceiling * NOISE_DECAY);
      this.rate = Math.max(this.o.minRate, Math.min(this.rate, this.ceiling));
    }
    this.tokens = Math.min(this.tokens, this.capacity());
    this.o.onRateLimited?.({ rate: this.rate, ceiling: this.ceiling, pauseMs });
  }

  private capacity(): number {
    // a small burst only: a full bucket after a pause must not overrun a rolling window
    return Math.max(1, this.rate * 0.02);
  }

  private refill(now: number): void {
    const dt = Math.max(0, now - this.refilledAt) / 1000;
    this.refilledAt = now;
    if (!Number.isFinite(this.rate)) return;
    const resumeAt = Math.max(this.pausedUntil, now - dt * 1000);
    const active = Math.max(0, now - resumeAt) / 1000;
    // Only a bucket that held calls back may grow: unused headroom says nothing about the limit.
    if (this.waitingForTokens() && this.ceiling !== null && active > 0) {
      const step = this.rate < 0.95 * this.ceiling ? this.o.recovery : this.o.probe;
      this.rate += step * this.ceiling * active;
    }
    this.tokens = Math.min(this.capacity(), this.tokens + active * this.rate);
  }

  private waitingForTokens(): boolean {
    return this.queues.interactive.length + this.queues.background.length > 0;
  }

  private next(): Waiter | undefined {
    if (this.queues.interactive.length > 0) return this.queues.interactive[0];
    if (this.inFlight < this.o.maxInFlight - this.o.reserved) return this.queues.background[0];
    return undefined;
  }

  private pump(): void {
    const now = this.o.now();
    this.refill(now);
    for (;;) {
      const waiter = this.next();
      if (!waiter || this.inFlight >= this.o.maxInFlight) return;
      if (now < this.pausedUntil) {
        this.wake(this.pausedUntil - now);
        return;
      }
      if (Number.isFinite(this.rate)) {
        if (this.tokens < 1) {
          this.wake(Math.ceil(((1 - this.tokens) / this.rate) * 1000));
          return;
        }
        this.tokens -= 1;
      }
      this.queues[waiter.priority].shift();
      this.inFlight++;
      if (now > waiter.since) this.o.onWait?.({ priority: waiter.priority, ms: now - waiter.since });
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.pump();
      });
    }
  }

  private wake(ms: number): void {
    if (this.timer) return;
    this.timer = true;
    void this.o.sleep(Math.max(1, ms)).then(() => {
      this.timer = false;
      this.pump();
    });
  }
}
