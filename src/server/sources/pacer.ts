// One pace per source for the whole process: requests start at least `intervalMs` apart, whoever sends them.
// A source that says "too fast" (MusicBrainz's 503) slows the pace down; it recovers step by step after successes.

export class Pacer {
  private nextStart = 0;
  private slowFactor = 1;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when the caller may send its request; callers are served in order. */
  turn(): Promise<void> {
    const mine = this.queue.then(async () => {
      const wait = this.nextStart - this.now();
      if (wait > 0) await this.sleep(wait);
      this.nextStart = this.now() + this.intervalMs * this.slowFactor;
    });
    this.queue = mine.catch(() => undefined);
    return mine;
  }

  /**
   * Called when an answer has arrived: the next request starts a full interval after it, so a slow answer or a
   * paused process never brings two requests closer together at the service than the pace allows.
   */
  answered(): void {
    this.holdFor(this.intervalMs * this.slowFactor);
  }

  /** Pushes the next start at least `ms` away (a Retry-After, a quota answer). */
  holdFor(ms: number): void {
    this.nextStart = Math.max(this.nextStart, this.now() + ms);
  }

  /** Doubles the interval (up to 4×) after a "slow down" answer. */
  slowDown(): void {
    this.slowFactor = Math.min(4, this.slowFactor * 2);
    this.holdFor(this.intervalMs * this.slowFactor);
  }

  /** One success: halves the extra slowness again. */
  recover(): void {
    if (this.slowFactor > 1) this.slowFactor = Math.max(1, this.slowFactor / 2);
  }

  get currentIntervalMs(): number {
    return this.intervalMs * this.slowFactor;
  }
}
