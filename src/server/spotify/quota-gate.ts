// Spotify's development-mode quota, spent: a 429 whose body says QUOTA_EXCEEDED pauses every Web API call of the
// process. Nothing goes out but one probe at growing intervals (1, 2, 4 … minutes, at most 60, or the Retry-After
// Spotify sends); the calls waiting behind the gate go on when a probe gets an answer that is not the quota's.
import { SpotifyError } from "./errors.ts";

export const QUOTA_REASON = "QUOTA_EXCEEDED";
export const FIRST_PROBE_MS = 60_000;
export const MAX_PROBE_MS = 3_600_000;

/** Whether a Web API answer is Spotify's spent quota (not an ordinary rate limit). */
export function isQuotaExceeded(status: number, json: unknown): boolean {
  if (status !== 429 || typeof json !== "object" || json === null) return false;
  const error = (json as { error?: unknown }).error;
  return (
    typeof error === "object" && error !== null && (error as { reason?: unknown }).reason === QUOTA_REASON
  );
}

/** The wait before probe number `probe` (1-based): 1, 2, 4 … minutes from `firstMs`, never more than `maxMs`. */
export function probeDelay(probe: number, firstMs = FIRST_PROBE_MS, maxMs = MAX_PROBE_MS): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, probe - 1));
}

/** Thrown instead of waiting, for work that fails fast on the quota (a sign-in cannot wait an hour). */
export class SpotifyQuotaPausedError extends SpotifyError {
  constructor(endpoint: string) {
    super(429, endpoint, QUOTA_REASON, "Spotify's request quota is used up for now");
    this.name = "SpotifyQuotaPausedError";
  }
}

export interface QuotaState {
  paused: boolean;
  /** epoch ms the pause began, null when not paused */
  since: number | null;
  /** probes sent in this pause (or the last one) */
  probes: number;
  /** epoch ms of the next probe, null when not paused */
  nextProbeAt: number | null;
  /** pauses since start */
  pauses: number;
  /** calls answered QUOTA_EXCEEDED since start (the ones that led to each pause and the refused probes) */
  refusedCalls: number;
}

export interface QuotaGateOptions {
  now: () => number;
  firstProbeMs?: number;
  maxProbeMs?: number;
  onChange?: (state: QuotaState) => void;
}

export class QuotaGate {
  private since: number | null = null;
  private probes = 0;
  private nextProbeAt = 0;
  private probing = false;
  private pauses = 0;
  private refused = 0;
  private wake: { promise: Promise<void>; resolve: () => void } = deferred();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly opts: QuotaGateOptions) {}

  state(): QuotaState {
    const paused = this.since !== null;
    return {
      paused,
      since: this.since,
      probes: this.probes,
      nextProbeAt: paused ? this.nextProbeAt : null,
      pauses: this.pauses,
      refusedCalls: this.refused,
    };
  }

  /**
   * Resolves when a call may go: at once while not paused, else as the pause's probe (true) when its time has
   * come and no other probe is out, or once a probe ended the pause. With `failFast`, throws instead of waiting.
   */
  async pass(endpoint: string, failFast = false): Promise<boolean> {
    for (;;) {
      if (this.since === null) return false;
      if (failFast) throw new SpotifyQuotaPausedError(endpoint);
      if (!this.probing && this.opts.now() >= this.nextProbeAt) {
        this.probing = true;
        this.probes += 1;
        this.changed();
        return true;
      }
      await this.wake.promise;
    }
  }

  /** An answer carrying QUOTA_EXCEEDED: pause (or stay paused) until the next probe. */
  exceeded(retryAfterMs: number | undefined, wasProbe: boolean): void {
    this.refused += 1;
    if (wasProbe) this.probing = false;
    if (this.since === null) {
      this.since = this.opts.now();
      this.probes = 0;
      this.pauses += 1;
    } else if (!wasProbe) {
      return; // a call sent before the pause began: the schedule stands
    }
    const delay =
      retryAfterMs !== undefined
        ? Math.min(this.opts.maxProbeMs ?? MAX_PROBE_MS, Math.max(1000, retryAfterMs))
        : probeDelay(this.probes + 1, this.opts.firstProbeMs, this.opts.maxProbeMs);
    this.nextProbeAt = this.opts.now() + delay;
    this.schedule(delay);
    this.changed();
  }

  /** Any other answer to a probe: the quota is back, every waiting call goes on (a call sent before the pause proves nothing). */
  answered(wasProbe: boolean): void {
    if (!wasProbe || this.since === null) return;
    this.probing = false;
    this.since = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.changed();
  }

  /** A probe that got no answer at all (timeout, network): the next probe comes at the same interval. */
  unanswered(wasProbe: boolean): void {
    if (!wasProbe) return;
    this.probing = false;
    const delay = probeDelay(Math.max(1, this.probes), this.opts.firstProbeMs, this.opts.maxProbeMs);
    this.nextProbeAt = this.opts.now() + delay;
    this.schedule(delay);
    this.changed();
  }

  /** Stops the probe timer (shutdown). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.changed();
    }, delay);
    // Waiting calls keep the process busy on their own; the timer alone must not.
    (this.timer as { unref?: () => void }).unref?.();
  }

  private changed(): void {
    const wake = this.wake;
    this.wake = deferred();
    wake.resolve();
    this.opts.onChange?.(this.state());
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
