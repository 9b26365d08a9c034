import { limits } from "../../shared/limits.ts";
import type { SpotifyCallKind } from "../../shared/spotify-access.ts";
import { ListenerShare } from "../platform/listener-share.ts";
import {
  AdaptivePacer,
  currentPriority,
  PacerBusy,
  type PacerState,
  type Priority,
} from "../platform/pacer.ts";
import { parseRetryAfter } from "../platform/retry-after.ts";
import { currentCallKind } from "./call-kind.ts";
import { SpotifyBusyError, SpotifyError } from "./errors.ts";
import { isQuotaExceeded, QuotaGate, type QuotaState } from "./quota-gate.ts";

/** Requests sent per endpoint. */
export type CallCounts = Record<string, number>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpOptions {
  /** injectable so tests can count or fail requests */
  fetch?: FetchLike;
  /** per attempt, including reading the body */
  timeoutMs?: number;
  /** attempts for 5xx answers, timeouts and network errors */
  maxAttempts?: number;
  /** attempts for 429 answers */
  maxRateLimitedAttempts?: number;
  /** total time one request may spend sleeping before it gives up */
  maxTotalWaitMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** requests in flight at once, all users together (background work leaves a few free for interactive calls) */
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  onRetry?: (info: { endpoint: string; status: number; waitMs: number; attempt: number }) => void;
  /** observes every call, wait and learned rate (metrics); never changes what the transport does */
  observer?: HttpObserver;
  /** the first probe after Spotify's quota ran out (then 2, 4 … times this, at most an hour) */
  quotaFirstProbeMs?: number;
  /** SPOTIFY_DAILY_CALLS: every Web API call waits here until it fits (call-budget.ts) */
  budget?: { pass(kind: SpotifyCallKind): Promise<void> };
}

/** What the transport tells an observer. Calls include refused ones; waits are before a call may go. */
export interface HttpObserver {
  onCall?: (info: {
    endpoint: string;
    status: number | "timeout" | "network";
    ms: number;
    priority: Priority;
    service: Service;
    /** the listener the call was made for, when known */
    userId: string | undefined;
    kind: SpotifyCallKind;
  }) => void;
  onWait?: (info: { priority: Priority; ms: number }) => void;
  onRateLimited?: (info: { rate: number; ceiling: number; pauseMs: number }) => void;
  /** the quota pause began, a probe went out, or the pause ended */
  onQuota?: (state: QuotaState) => void;
}

export interface HttpRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  /** "METHOD /path-template", the key of the call counts */
  endpoint: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * false for writes that must not be sent twice: after a 5xx or a timeout the provider may have applied them, so
   * the caller checks and resends instead of the transport (429s are still retried: they were not applied).
   */
  retryUnknownOutcome?: boolean;
  /** whose limit the call counts against (default: the Web API's) */
  service?: Service;
  /** the listener the call is made for (counted per listener) */
  userId?: string;
  /** how long the call may wait for its turn before it fails with SpotifyBusyError, unsent (default: no limit) */
  turnWaitMs?: number;
}

export type Service = "api" | "accounts";

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** parsed JSON, or undefined when the body is empty or not JSON */
  json: unknown;
}

export const defaultHttpOptions = {
  timeoutMs: 15_000,
  maxAttempts: 4,
  maxRateLimitedAttempts: 6,
  maxTotalWaitMs: 120_000,
  baseBackoffMs: 500,
  maxBackoffMs: 10_000,
  concurrency: 64,
} as const;

/** A 429 with `Retry-After: 0` still waits this long, so retries never spin. */
const MIN_RATE_LIMITED_WAIT_MS = 100;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isRetryableStatus = (status: number) =>
  status === 500 || status === 502 || status === 503 || status === 504;

/**
 * The transport every Spotify call goes through: a timeout on every attempt, one adaptive pacer for the process
 * (a rate learned from 429s, Retry-After pausing every call, interactive calls first, a cap on calls in flight),
 * 5xx/timeouts retried with exponential backoff and jitter, all bounded in attempts and total waiting. Counts
 * every attempt sent per endpoint.
 */
export class SpotifyHttp {
  private readonly fetchImpl: FetchLike;
  private readonly opts: Required<
    Omit<HttpOptions, "fetch" | "onRetry" | "observer" | "quotaFirstProbeMs" | "budget">
  > &
    Pick<HttpOptions, "onRetry" | "observer" | "budget">;
  /** Spotify's development-mode quota: one gate for every Web API call of the process */
  readonly quota: QuotaGate;
  /** the Web API and the accounts service have limits of their own: one pacer each */
  private readonly pacers: Record<Service, AdaptivePacer>;
  private readonly counts = new Map<string, number>();

  constructor(options: HttpOptions = {}) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.opts = {
      ...defaultHttpOptions,
      sleep: realSleep,
      now: Date.now,
      random: Math.random,
      ...withoutUndefined(options),
    };
    const pacer = (maxWaiting?: number) =>
      new AdaptivePacer({
        maxWaiting,
        maxInFlight: this.opts.concurrency,
        reserved: Math.min(8, Math.floor(this.opts.concurrency / 4)),
        now: this.opts.now,
        sleep: this.opts.sleep,
        onWait: options.observer?.onWait,
        onRateLimited: options.observer?.onRateLimited,
        admit: new ListenerShare({ now: this.opts.now }).admit,
      });
    // The accounts service's queue is bounded: a flood of sign-ins cannot hold every refresh behind it.
    this.pacers = { api: pacer(), accounts: pacer(limits.accountsQueueMax) };
    this.quota = new QuotaGate({
      now: this.opts.now,
      firstProbeMs: options.quotaFirstProbeMs,
      onChange: options.observer?.onQuota,
    });
  }

  /** The Web API pacer's learned rate, pause and queues (the hourly job's concurrency follows it; metrics). */
  pacing(service: Service = "api"): PacerState {
    return this.pacers[service].state();
  }

  callCounts(): CallCounts {
    const out: CallCounts = {};
    let total = 0;
    for (const [endpoint, n] of [...this.counts].sort(([a], [b]) => a.localeCompare(b))) {
      out[endpoint] = n;
      total += n;
    }
    out.total = total;
    return out;
  }

  resetCallCounts(): void {
    this.counts.clear();
  }

  /** Sends with retries; answers with the final response (any status), or throws SpotifyError(0) when none came. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { now, sleep } = this.opts;
    let waited = 0;
    let failures = 0;
    let rateLimited = 0;
    const priority = currentPriority();
    const pacer = this.pacers[request.service ?? "api"];
    const gate = (request.service ?? "api") === "api" ? this.quota : null;
    // Under the daily budget a call waits (hours, maybe) before it takes its place in the pacer's queue.
    if (gate) await this.opts.budget?.pass(currentCallKind());
    for (;;) {
      const pausedFor = pacer.state().pausedUntil - now();
      if (pausedFor > 0 && waited + pausedFor > this.opts.maxTotalWaitMs) {
        throw new SpotifyError(429, request.endpoint, "rate limited for longer than the wait budget");
      }
      // A spent quota holds the call here (not counted as waiting: the pause may last hours) or sends it as the
      // probe; nothing between here and the attempt throws, so a probe always reports back.
      const probe = gate ? await gate.pass(request.endpoint) : false;
      const queuedAt = now();
      const release = await pacer.acquire(priority, { timeoutMs: request.turnWaitMs }).catch((error) => {
        if (error instanceof PacerBusy) throw new SpotifyBusyError(request.endpoint, error.message);
        throw error;
      });
      waited += now() - queuedAt;
      if (gate && !probe && gate.state().paused) {
        release();
        continue;
      }
      let outcome: Awaited<ReturnType<SpotifyHttp["attempt"]>>;
      let waitMs = 0;
      try {
        outcome = await this.attempt(request, priority);
        if (
          gate &&
          outcome.kind === "response" &&
          isQuotaExceeded(outcome.response.status, outcome.response.json)
        ) {
          // Not a failure: the call waits at the gate and goes again once the quota is back.
          gate.exceeded(parseRetryAfter(outcome.response.headers.get("retry-after"), now()), probe);
          continue;
        }
        if (gate && outcome.kind === "response") gate.answered(probe);
        else if (gate) gate.unanswered(probe);
        // Told before the slot is freed, so no queued call slips out between a 429 and its pause.
        if (outcome.kind === "response" && outcome.response.status === 429) {
          rateLimited++;
          const retryAfter = parseRetryAfter(outcome.response.headers.get("retry-after"), now());
          waitMs = Math.max(MIN_RATE_LIMITED_WAIT_MS, retryAfter ?? this.backoff(rateLimited));
          // Spotify's limit is per app: every caller waits (or, past its budget, gives up without calling).
          pacer.rateLimited(waitMs);
        } else if (outcome.kind === "response") {
          pacer.accepted();
        }
      } finally {
        release();
      }
      if (outcome.kind === "response" && outcome.response.status === 429) {
        if (rateLimited >= this.opts.maxRateLimitedAttempts || waited + waitMs > this.opts.maxTotalWaitMs) {
          return outcome.response;
        }
        waitMs = 0;
      } else if (outcome.kind === "response" && !isRetryableStatus(outcome.response.status)) {
        return outcome.response;
      } else {
        failures++;
        const retryAfter =
          outcome.kind === "response"
            ? parseRetryAfter(outcome.response.headers.get("retry-after"), now())
            : undefined;
        waitMs = Math.max(this.backoff(failures), retryAfter ?? 0);
        const exhausted =
          request.retryUnknownOutcome === false ||
          failures >= this.opts.maxAttempts ||
          waited + waitMs > this.opts.maxTotalWaitMs;
        if (exhausted) {
          if (outcome.kind === "response") return outcome.response;
          throw new SpotifyError(0, request.endpoint, outcome.reason);
        }
      }
      this.opts.onRetry?.({
        endpoint: request.endpoint,
        status: outcome.kind === "response" ? outcome.response.status : 0,
        waitMs: waitMs || Math.max(0, pacer.state().pausedUntil - now()),
        attempt: failures + rateLimited,
      });
      if (waitMs > 0) {
        await sleep(waitMs);
        waited += waitMs;
      }
    }
  }

  /** Exponential backoff with equal jitter: half fixed, half random. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.opts.maxBackoffMs, this.opts.baseBackoffMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + this.opts.random() * (ceiling / 2));
  }

  private async attempt(
    request: HttpRequest,
    priority: Priority,
  ): Promise<{ kind: "response"; response: HttpResponse } | { kind: "failed"; reason: string }> {
    this.counts.set(request.endpoint, (this.counts.get(request.endpoint) ?? 0) + 1);
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    const started = this.opts.now();
    const observe = (status: number | "timeout" | "network") =>
      this.opts.observer?.onCall?.({
        endpoint: request.endpoint,
        status,
        ms: this.opts.now() - started,
        priority,
        service: request.service ?? "api",
        userId: request.userId,
        kind: currentCallKind(),
      });
    try {
      const res = await this.fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
        redirect: "manual",
      });
      const text = await res.text();
      observe(res.status);
      return {
        kind: "response",
        response: { status: res.status, headers: res.headers, json: parseJson(text) },
      };
    } catch (error) {
      const timedOut = signal.aborted || (error instanceof Error && error.name === "TimeoutError");
      observe(timedOut ? "timeout" : "network");
      return { kind: "failed", reason: timedOut ? "timeout" : `network error: ${String(error)}` };
    }
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Spotify's error message from a Web API error body `{error: {status, message}}` or an OAuth `{error, error_description}`. */
export function errorReason(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const error = (json as { error?: unknown }).error;
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string") return message;
  }
  return undefined;
}
