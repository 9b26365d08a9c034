import { limits } from "../../shared/limits.ts";
import type { SpotifyCallKind } from "../../shared/spotify-access.ts";
import { ListenerShare } from "../platform/listener-share.ts";
import { AdaptivePacer, PacerBusy, type PacerState, type Priority } from "../platform/pacer.ts";
import { learnedPacing } from "../platform/pacing.ts";
import {
  type FetchLike,
  type ProviderAnswer,
  ProviderHttp,
  type ProviderRequest,
  type RetryPolicy,
  realSleep,
} from "../platform/provider-http.ts";
import { parseRetryAfter } from "../platform/retry-after.ts";
import { SpotifyBusyError, SpotifyError } from "./errors.ts";
import { isQuotaExceeded, QuotaGate, type QuotaState } from "./quota-gate.ts";
import { priorityOf, type SpotifyWork, workOf } from "./work.ts";

/** Requests sent per endpoint. */
export type CallCounts = Record<string, number>;

export type { FetchLike };

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
  /** what the call is for (work.ts); default: counted as `other`, at a listener's priority */
  work?: SpotifyWork;
}

export type Service = "api" | "accounts";

export type HttpResponse = ProviderAnswer;

export const defaultHttpOptions = {
  timeoutMs: 15_000,
  maxAttempts: 4,
  maxRateLimitedAttempts: 6,
  maxTotalWaitMs: 120_000,
  baseBackoffMs: 500,
  maxBackoffMs: 10_000,
  concurrency: 64,
} as const;

type SentRequest = HttpRequest & Pick<ProviderRequest, "redirect" | "priority" | "listener" | "awaitTurn">;

const OTHER_WORK = workOf("other");

/** A 429 with `Retry-After: 0` still waits this long, so retries never spin. */
const MIN_RATE_LIMITED_WAIT_MS = 100;

const isRetryableStatus = (status: number) =>
  status === 500 || status === 502 || status === 503 || status === 504;

type Settings = { [K in keyof typeof defaultHttpOptions]: number } & {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
};

/**
 * The transport every Spotify call goes through, on the provider core (platform/provider-http.ts): one learned
 * pace per service (a rate learned from 429s, Retry-After pausing every call, interactive calls first, a cap on
 * calls in flight), 5xx/timeouts retried with backoff, all bounded in attempts and total waiting. Spotify's own
 * rules stay here: the daily call budget, the development-mode quota gate, and its errors.
 */
export class SpotifyHttp {
  /** Spotify's development-mode quota: one gate for every Web API call of the process */
  readonly quota: QuotaGate;
  /** the Web API and the accounts service have limits of their own: one pacer each */
  private readonly pacers: Record<Service, AdaptivePacer>;
  private readonly cores: Record<Service, ProviderHttp<SentRequest>>;
  private readonly counts = new Map<string, number>();
  private readonly settings: Settings;
  private readonly budget: HttpOptions["budget"];

  constructor(options: HttpOptions = {}) {
    const o: Settings = {
      ...defaultHttpOptions,
      sleep: realSleep,
      now: Date.now,
      random: Math.random,
      ...withoutUndefined(options),
    };
    this.settings = o;
    this.budget = options.budget;
    const observer = options.observer;
    const pacer = (maxWaiting?: number) =>
      new AdaptivePacer({
        maxWaiting,
        maxInFlight: o.concurrency,
        reserved: Math.min(8, Math.floor(o.concurrency / 4)),
        now: o.now,
        sleep: o.sleep,
        onWait: observer?.onWait,
        onRateLimited: observer?.onRateLimited,
        admit: new ListenerShare({ now: o.now }).admit,
      });
    // The accounts service's queue is bounded: a flood of sign-ins cannot hold every refresh behind it.
    this.pacers = { api: pacer(), accounts: pacer(limits.accountsQueueMax) };
    const core = (service: Service) =>
      new ProviderHttp<SentRequest>({
        pacing: learnedPacing(this.pacers[service], o.now),
        fetch: options.fetch,
        timeoutMs: o.timeoutMs,
        sleep: o.sleep,
        now: o.now,
        random: o.random,
        counts: this.counts,
        onCall: ({ request, status, ms }) =>
          observer?.onCall?.({
            endpoint: request.endpoint,
            status,
            ms,
            priority: request.priority ?? "interactive",
            service,
            userId: request.userId,
            kind: (request.work ?? OTHER_WORK).kind,
          }),
        onRetry: ({ request, ...info }) => options.onRetry?.({ endpoint: request.endpoint, ...info }),
      });
    this.cores = { api: core("api"), accounts: core("accounts") };
    this.quota = new QuotaGate({
      now: o.now,
      firstProbeMs: options.quotaFirstProbeMs,
      onChange: observer?.onQuota,
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
    const service = request.service ?? "api";
    const work = request.work ?? OTHER_WORK;
    // Under the daily budget a call waits (hours, maybe) before it takes its place in the pacer's queue.
    if (service === "api") await this.budget?.pass(work.kind);
    const sent: SentRequest = {
      ...request,
      redirect: "manual",
      priority: priorityOf(work),
      listener: request.userId,
      awaitTurn: work.awaitTurn,
    };
    const settled = await this.cores[service]
      .send(sent, this.policy(request.endpoint, service === "api" ? this.quota : null, work))
      .catch((error) => {
        if (error instanceof PacerBusy) throw new SpotifyBusyError(request.endpoint, error.message);
        throw error;
      });
    if (settled.outcome.kind === "failed")
      throw new SpotifyError(0, request.endpoint, settled.outcome.reason);
    return settled.outcome.answer;
  }

  /** How Spotify's answers are judged; a spent quota holds the call at the gate instead of failing it. */
  private policy(endpoint: string, gate: QuotaGate | null, work: SpotifyWork): RetryPolicy {
    const o = this.settings;
    // A spent quota holds the call at the gate, or sends it as the probe; a probe always reports back.
    let probe = false;
    return {
      maxFailures: o.maxAttempts,
      maxRateLimited: o.maxRateLimitedAttempts,
      maxTotalWaitMs: o.maxTotalWaitMs,
      minPauseMs: MIN_RATE_LIMITED_WAIT_MS,
      backoff: { baseMs: o.baseBackoffMs, maxMs: o.maxBackoffMs },
      // Spotify's limit is per app: every caller waits, or, past its budget, gives up without calling.
      refusePause: (pausedFor, waited) =>
        pausedFor > 0 && waited + pausedFor > o.maxTotalWaitMs
          ? new SpotifyError(429, endpoint, "rate limited for longer than the wait budget")
          : undefined,
      // The gate's wait is not counted as waiting: the pause may last hours.
      beforeTurn: async () => {
        probe = gate ? await gate.pass(endpoint, work.failFastOnQuota) : false;
      },
      skipTurn: () => gate !== null && !probe && gate.state().paused,
      judge: (outcome) => {
        if (outcome.kind === "failed") {
          gate?.unanswered(probe);
          return { kind: "failed" };
        }
        const { status, headers, json } = outcome.answer;
        const retryAfterMs = parseRetryAfter(headers.get("retry-after"), o.now());
        if (gate && isQuotaExceeded(status, json)) {
          // Not a failure: the call waits at the gate and goes again once the quota is back.
          gate.exceeded(retryAfterMs, probe);
          return { kind: "again" };
        }
        gate?.answered(probe);
        if (status === 429) return { kind: "rate-limited", retryAfterMs };
        if (isRetryableStatus(status)) return { kind: "failed", retryAfterMs };
        return { kind: "done" };
      },
    };
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
