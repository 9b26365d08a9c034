// SPOTIFY_DAILY_CALLS, the one rule every Web API call asks before it goes (the transport calls `pass`): background
// work (hourly updates with their weekly full re-reads, reminders, metadata follow-ups, the random refresh) waits
// once the rolling 24 hours reach four fifths of the budget, a listener's own work (a first fill, an analysis, a
// settings change) once they reach the whole of it. Waiting is the pacing: a run holds its place (journal, progress)
// and goes on when the oldest counted hours leave the window. A sign-in is never held: it is what the reserve is for.
import {
  BACKGROUND_BUDGET_SHARE,
  backgroundCallKinds,
  type SpotifyCallKind,
} from "../../shared/spotify-access.ts";

export type BudgetClass = "background" | "listener";

/** Work of one class waiting for the budget. */
export interface BudgetHold {
  /** epoch ms the class began waiting */
  since: number;
  /** epoch ms the window has room for it again (without new calls) */
  resumesAt: number;
}

export interface CallBudgetState {
  /** SPOTIFY_DAILY_CALLS, null: no budget */
  dailyCalls: number | null;
  held: Record<BudgetClass, BudgetHold | null>;
}

/** The calls the budget counts (the ledger of the rolling 24 hours). */
export interface CountedCalls {
  now(): number;
  totalLast24h(): number;
  fewerThanAt(limit: number): number;
}

export const budgetClassOf = (kind: SpotifyCallKind): BudgetClass =>
  backgroundCallKinds.includes(kind) ? "background" : "listener";

/** The calls of the last 24 hours at which work of `kind` waits; null when it never does. */
export function budgetLimit(dailyCalls: number | null, kind: SpotifyCallKind): number | null {
  if (dailyCalls === null || kind === "signIn") return null;
  return budgetClassOf(kind) === "background" ? Math.floor(dailyCalls * BACKGROUND_BUDGET_SHARE) : dailyCalls;
}

/** How often waiting work looks at the window again (the clock may move on faster than the timer). */
export const BUDGET_RECHECK_MS = 60_000;

export class CallBudget {
  private readonly held: Record<BudgetClass, BudgetHold | null> = { background: null, listener: null };
  private wake = deferred();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly dailyCalls: number | null,
    private readonly calls: CountedCalls,
    private readonly recheckMs = BUDGET_RECHECK_MS,
  ) {}

  state(): CallBudgetState {
    return { dailyCalls: this.dailyCalls, held: { ...this.held } };
  }

  /** Whether work of `kind` may call now (the hourly and random jobs ask before taking the next listener). */
  allows(kind: SpotifyCallKind): boolean {
    const limit = budgetLimit(this.dailyCalls, kind);
    return limit === null || this.calls.totalLast24h() < limit;
  }

  /** Resolves when a call of `kind` fits the budget: at once, or once enough of the window's oldest calls aged out. */
  async pass(kind: SpotifyCallKind): Promise<void> {
    const limit = budgetLimit(this.dailyCalls, kind);
    if (limit === null) return;
    const cls = budgetClassOf(kind);
    for (;;) {
      if (this.calls.totalLast24h() < limit) {
        this.held[cls] = null;
        return;
      }
      const resumesAt = this.calls.fewerThanAt(limit);
      const hold = this.held[cls];
      this.held[cls] = { since: hold?.since ?? this.calls.now(), resumesAt };
      this.schedule(resumesAt);
      await this.wake.promise;
    }
  }

  /** Stops the recheck timer (shutdown); waiting calls look again at the next `pass`. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(resumesAt: number): void {
    if (this.timer) return;
    const delay = Math.max(100, Math.min(this.recheckMs, resumesAt - this.calls.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      const wake = this.wake;
      this.wake = deferred();
      wake.resolve();
    }, delay);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
