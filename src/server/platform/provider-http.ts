// The one HTTP core every provider client stands on (Spotify, Paddle, the open metadata sources): a timeout on
// every attempt (body included), lenient JSON, a count and an observer of every attempt sent, one backoff formula,
// and a retry loop in which the provider's policy judges each answer and a pacing strategy (pacing.ts) decides
// when a call may go. What a provider adds (the quota gate, the call budget, its errors) stays in its client.
import { realSleep } from "./clock.ts";
import type { Priority } from "./pacer.ts";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export { realSleep };

export interface ProviderRequest {
  method: string;
  url: string;
  /** "METHOD /path-template": the key of the call counts and of the metrics */
  endpoint: string;
  headers?: Record<string, string>;
  body?: string;
  /** false for writes that must not be sent twice after an unknown outcome (5xx, timeout) */
  retryUnknownOutcome?: boolean;
  /** how long the call may wait for its turn before the pacing refuses it, unsent */
  turnWaitMs?: number;
  redirect?: RequestRedirect;
  /** background work's calls queue behind interactive ones (default interactive) */
  priority?: Priority;
  /** the listener the call is made for: one listener's calls may take only a share of the pace */
  listener?: string;
  /** background work handles each answer in a turn of the event loop of its own (batch-turns.ts) */
  awaitTurn?: () => Promise<void>;
}

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  /** parsed JSON, or undefined when the body is empty or not JSON */
  json: unknown;
}

export type Outcome =
  | { kind: "response"; answer: ProviderAnswer }
  | { kind: "failed"; failure: "timeout" | "network"; reason: string };

/** What a provider's policy makes of one attempt. */
export type Verdict =
  /** the answer stands (any status): return it */
  | { kind: "done" }
  /** send again at once, counted as nothing (Spotify's spent quota: the call waits at its gate) */
  | { kind: "again" }
  /** the provider said "too fast": the pacing pauses every call (Retry-After, else the backoff), then again */
  | { kind: "rate-limited"; retryAfterMs?: number; slowDown?: boolean }
  /** the outcome is unknown or the provider failed: back off (at least `retryAfterMs`), then again */
  | { kind: "failed"; retryAfterMs?: number };

export interface RetryPolicy {
  judge(outcome: Outcome): Verdict;
  /** failed attempts (5xx, timeouts, network errors) before giving up */
  maxFailures?: number;
  /** rate-limited attempts before giving up */
  maxRateLimited?: number;
  /** failed and rate-limited attempts together before giving up */
  maxAttempts?: number;
  /** total time one call may spend waiting (turns and backoff) before it gives up */
  maxTotalWaitMs?: number;
  /** a rate-limited answer pauses at least this long, so retries never spin */
  minPauseMs?: number;
  backoff: BackoffOptions;
  /** before each turn: a pause in force that is too long to wait throws here, unsent */
  refusePause?(pausedForMs: number, waitedMs: number): Error | undefined;
  /** before each turn (Spotify's quota gate holds calls here) */
  beforeTurn?(): Promise<void>;
  /** after the turn came: true sends nothing and queues again (the gate closed meanwhile) */
  skipTurn?(): boolean;
}

/** When a call may go (the strategies are in pacing.ts). */
export interface Pacing {
  /** Waits for the call's turn; the returned function frees it once the answer (or the failure) is in. */
  turn(options: { priority: Priority; listener?: string; timeoutMs?: number }): Promise<() => void>;
  /** ms every call must still wait before any may go (a Retry-After in force) */
  pausedFor(): number;
  /** What came of a call, told before its turn is freed; `pauseMs` when the verdict is rate-limited. */
  settled(result: { answered: boolean; verdict: Verdict; pauseMs: number }): void;
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** The one backoff: exponential from `baseMs` (attempt 1) up to `maxMs`, with equal jitter (half fixed, half random). */
export function backoffMs(attempt: number, o: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(o.maxMs, o.baseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface AttemptInfo<R extends ProviderRequest> {
  request: R;
  status: number | "timeout" | "network";
  ms: number;
  verdict: Verdict;
}

export interface ProviderHttpOptions<R extends ProviderRequest> {
  pacing: Pacing;
  fetch?: FetchLike;
  /** per attempt, including reading the body */
  timeoutMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** every attempt sent, with what the policy made of it (metrics); never changes what happens */
  onCall?: (info: AttemptInfo<R>) => void;
  /** every retry about to happen, with the wait before it */
  onRetry?: (info: { request: R; status: number; waitMs: number; attempt: number }) => void;
  /** attempts sent per endpoint; several cores of one provider may share one */
  counts?: Map<string, number>;
}

/** The last outcome of a call, and whether the policy's limits stopped it before it was done. */
export interface Settled {
  outcome: Outcome;
  gaveUp: boolean;
  /** failed and rate-limited attempts */
  retries: number;
}

export class ProviderHttp<R extends ProviderRequest = ProviderRequest> {
  readonly counts: Map<string, number>;
  private readonly fetchImpl: FetchLike;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly o: ProviderHttpOptions<R>) {
    this.fetchImpl = o.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = o.sleep ?? realSleep;
    this.now = o.now ?? Date.now;
    this.random = o.random ?? Math.random;
    this.counts = o.counts ?? new Map();
  }

  /** Sends until the policy calls the answer done or its limits stop it; throws only from its hooks or the pacing. */
  async send(request: R, policy: RetryPolicy): Promise<Settled> {
    const { pacing } = this.o;
    const priority = request.priority ?? "interactive";
    const tally = { failures: 0, rateLimited: 0, waitedMs: 0 };
    const maxTotalWaitMs = policy.maxTotalWaitMs ?? Number.POSITIVE_INFINITY;
    const retries = () => tally.failures + tally.rateLimited;
    for (;;) {
      const refused = policy.refusePause?.(pacing.pausedFor(), tally.waitedMs);
      if (refused) throw refused;
      await policy.beforeTurn?.();
      const queuedAt = this.now();
      const release = await pacing.turn({
        priority,
        listener: request.listener,
        timeoutMs: request.turnWaitMs,
      });
      tally.waitedMs += this.now() - queuedAt;
      if (policy.skipTurn?.()) {
        release();
        continue;
      }
      let outcome: Outcome;
      let verdict: Verdict;
      let pauseMs = 0;
      try {
        const attempted = await this.attempt(request);
        // A batch job's answer waits for a turn of its own, so requests go between its steps (batch-turns.ts).
        await request.awaitTurn?.();
        outcome = attempted.outcome;
        verdict = policy.judge(outcome);
        this.o.onCall?.({ request, status: statusOf(outcome), ms: attempted.ms, verdict });
        if (verdict.kind === "rate-limited") {
          tally.rateLimited++;
          pauseMs = Math.max(
            policy.minPauseMs ?? 0,
            verdict.retryAfterMs ?? backoffMs(tally.rateLimited, policy.backoff, this.random),
          );
        }
        // Told before the turn is freed, so no queued call slips out between a refusal and its pause.
        pacing.settled({ answered: outcome.kind === "response", verdict, pauseMs });
      } finally {
        release();
      }
      if (verdict.kind === "done") return { outcome, gaveUp: false, retries: retries() };
      if (verdict.kind === "again") continue;
      let waitMs = 0;
      let exhausted: boolean;
      if (verdict.kind === "rate-limited") {
        // No sleep here: the pacing holds every call until the pause is over.
        exhausted =
          tally.rateLimited >= (policy.maxRateLimited ?? Number.POSITIVE_INFINITY) ||
          tally.waitedMs + pauseMs > maxTotalWaitMs;
      } else {
        tally.failures++;
        waitMs = Math.max(backoffMs(tally.failures, policy.backoff, this.random), verdict.retryAfterMs ?? 0);
        exhausted =
          request.retryUnknownOutcome === false ||
          tally.failures >= (policy.maxFailures ?? Number.POSITIVE_INFINITY) ||
          tally.waitedMs + waitMs > maxTotalWaitMs;
      }
      if (exhausted || retries() >= (policy.maxAttempts ?? Number.POSITIVE_INFINITY)) {
        return { outcome, gaveUp: true, retries: retries() };
      }
      this.o.onRetry?.({
        request,
        status: outcome.kind === "response" ? outcome.answer.status : 0,
        waitMs: waitMs || Math.max(0, pacing.pausedFor()),
        attempt: retries(),
      });
      if (waitMs > 0) {
        await this.sleep(waitMs);
        tally.waitedMs += waitMs;
      }
    }
  }

  /** Attempts sent per endpoint, in endpoint order. */
  callCounts(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }

  private async attempt(request: R): Promise<{ outcome: Outcome; ms: number }> {
    this.counts.set(request.endpoint, (this.counts.get(request.endpoint) ?? 0) + 1);
    const signal = AbortSignal.timeout(this.o.timeoutMs);
    const startedAt = this.now();
    try {
      const res = await this.fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
        redirect: request.redirect,
      });
      const text = await res.text();
      const answer = { status: res.status, headers: res.headers, json: lenientJson(text) };
      return { outcome: { kind: "response", answer }, ms: this.now() - startedAt };
    } catch (error) {
      const timedOut =
        signal.aborted ||
        (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
      const outcome: Outcome = timedOut
        ? { kind: "failed", failure: "timeout", reason: "timeout" }
        : { kind: "failed", failure: "network", reason: `network error: ${String(error)}` };
      return { outcome, ms: this.now() - startedAt };
    }
  }
}

const statusOf = (outcome: Outcome): number | "timeout" | "network" =>
  outcome.kind === "response" ? outcome.answer.status : outcome.failure;

/** Providers answer HTML error pages and truncated bodies too: anything but JSON reads as no body. */
export function lenientJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
