// Watches how each client treats 429 answers: calls sent while a Retry-After wait was still running, and the
// most calls the emulator accepted from one client in any rolling second.

/** What the call log reports once a 429 was answered since the last reset. */
export interface RateLimitLog {
  /** 429 answers given: over the per-client limit, and drawn by `rate429` */
  answers: { limit: number; injected: number };
  /** Retry-After waits begun (a 429 while the client's wait still runs lengthens that wait instead) */
  waits: number;
  /**
   * Calls that reached the emulator after a 429 told their client to wait and before that wait ended: either
   * the refused call itself sent again, or any call more than `IN_FLIGHT_GRACE_MS` after the client's first 429
   * of the wait (the client had read the answer by then), beyond any time the process stood still meanwhile.
   */
  retryAfterViolations: number;
  /** calls within `IN_FLIGHT_GRACE_MS` of the first 429 of a wait: already on their way when it was answered */
  inFlightAfter429: number;
  /** the most calls accepted (not answered 429 or 5xx) from one client in any rolling second */
  maxAcceptedPerSecond: number;
}

/**
 * Calls from the client that arrive this soon after its first 429 of a wait were sent before the client could
 * read that answer (its other calls in flight); the same process often runs client and emulator, so an event
 * loop busy with other work delays them by a few milliseconds.
 */
export const IN_FLIGHT_GRACE_MS = 50;

/**
 * The longest the process's event loop stood still between two times (on the watch's clock), when the emulator
 * shares its client's process: a call on its way when a 429 was answered could reach the emulator no sooner.
 */
export type LoopStall = (from: number, to: number) => number;

const WINDOW_MS = 1000;

interface ClientWait {
  /** when the first 429 of this wait was answered */
  startedAt: number;
  /** when the longest Retry-After given during this wait ends */
  until: number;
  /** the refused calls (method, URL and credentials), which may not come again before `until` */
  refused: Set<string>;
}

export class RetryAfterWatch {
  private waits = new Map<string, ClientWait>();
  private accepted = new Map<string, number[]>();
  private answers = { limit: 0, injected: 0 };
  private waitsBegun = 0;
  private violations = 0;
  private inFlight = 0;
  private maxAccepted = 0;

  /** `graceMs` is on the clock of the times it is given: a clock running faster needs a longer one */
  constructor(
    private readonly graceMs = IN_FLIGHT_GRACE_MS,
    private readonly loopStall: LoopStall = () => 0,
  ) {}

  /** A call from `client` (identified by `signature`) arrived at `at`; counts it if it broke a wait. */
  arrived(client: string, signature: string, at: number): void {
    const wait = this.waits.get(client);
    if (!wait) return;
    if (at >= wait.until) {
      this.waits.delete(client);
      return;
    }
    if (at < wait.startedAt) return;
    // past the grace, a call was sent after its client could read the 429, unless the loop stood still meanwhile
    const since = at - wait.startedAt;
    const late = since > this.graceMs && since > this.graceMs + this.loopStall(wait.startedAt, at);
    if (wait.refused.has(signature) || late) this.violations++;
    else this.inFlight++;
  }

  /** The emulator answered 429 with `retryAfterSec` to this call at `at`. */
  refused(
    client: string,
    signature: string,
    at: number,
    retryAfterSec: number,
    reason: "limit" | "injected",
  ): void {
    this.answers[reason]++;
    const until = at + retryAfterSec * 1000;
    const wait = this.waits.get(client);
    if (wait && at < wait.until) {
      wait.until = Math.max(wait.until, until);
      wait.refused.add(signature);
    } else {
      this.waits.set(client, { startedAt: at, until, refused: new Set([signature]) });
      this.waitsBegun++;
    }
  }

  /** The call passed the rate limit and the fault draws. */
  acceptedCall(client: string, at: number): void {
    const window = this.accepted.get(client) ?? [];
    while (window.length > 0 && (window[0] ?? at) <= at - WINDOW_MS) window.shift();
    window.push(at);
    this.accepted.set(client, window);
    this.maxAccepted = Math.max(this.maxAccepted, window.length);
  }

  /** Null until the first 429 since the last reset. */
  log(): RateLimitLog | null {
    if (this.answers.limit + this.answers.injected === 0) return null;
    return {
      answers: { ...this.answers },
      waits: this.waitsBegun,
      retryAfterViolations: this.violations,
      inFlightAfter429: this.inFlight,
      maxAcceptedPerSecond: this.maxAccepted,
    };
  }

  /** Clears the figures; waits still running keep applying. */
  reset(): void {
    this.answers = { limit: 0, injected: 0 };
    this.waitsBegun = 0;
    this.violations = 0;
    this.inFlight = 0;
    this.maxAccepted = 0;
  }
}
