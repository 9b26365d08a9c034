// The transport of the open metadata sources, on the provider core (platform/provider-http.ts): one pace per
// source, a timeout per attempt, the User-Agent and Accept headers, retries for network errors, 5xx and the
// source's own "wait" answers, and a count of every request sent.
import pkg from "../../../../package.json";
import {
  type FetchLike,
  type Pacing,
  ProviderHttp,
  type RetryPolicy,
  type Verdict,
} from "../../platform/provider-http.ts";
import { parseRetryAfter } from "../../platform/retry-after.ts";

export type { FetchLike };

/** `Crate/<version> ( contact )`, as MusicBrainz asks of every client. */
export const userAgentFor = (contact: string): string => `Crate/${pkg.version} ( ${contact} )`;

export class MetadataSourceError extends Error {
  constructor(
    readonly source: string,
    readonly status: number,
    message: string,
  ) {
    super(`${source}: ${message}`);
  }
}

export interface MetadataSourceHttpOptions {
  source: string;
  baseUrl: string;
  userAgent: string;
  /** the source's pace for the whole process (platform/pacing.ts) */
  pacing: Pacing;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** attempts in all (network errors, 5xx, 429, quota answers) */
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** observes every attempt (metrics and the admin charts); rateLimited: the source said to wait */
  onCall?: (call: {
    endpoint: string;
    status: number | "timeout" | "network";
    ms: number;
    rateLimited: boolean;
  }) => void;
}

export interface SourceAnswer {
  status: number;
  json: unknown;
}

/** What a source's client makes of an answer: done, or wait (ms) and ask again. */
export type AnswerVerdict = { retryAfterMs: number; slowDown?: boolean } | null;

/** Network errors and 5xx wait 500 ms, 1 s, 2 s … (at most 10 s) before the next attempt. */
const BACKOFF = { baseMs: 500, maxMs: 10_000 };

export class MetadataSourceHttp {
  private readonly core: ProviderHttp;

  constructor(private readonly opts: MetadataSourceHttpOptions) {
    this.core = new ProviderHttp({
      pacing: opts.pacing,
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs ?? 20_000,
      sleep: opts.sleep,
      now: opts.now,
      onCall: ({ request, status, ms, verdict }) =>
        opts.onCall?.({
          endpoint: request.endpoint,
          status,
          ms,
          rateLimited: verdict.kind === "rate-limited",
        }),
    });
  }

  /** Requests sent per endpoint (every attempt counts). */
  callCounts(): Record<string, number> {
    return Object.fromEntries(this.core.counts);
  }

  get pacing(): Pacing {
    return this.opts.pacing;
  }

  /**
   * GETs `path` (relative to the base URL) and answers the parsed JSON with its status. `judge` may ask for a
   * retry (429, quota bodies, 503); 5xx and network errors are retried with backoff; past the attempts it throws.
   */
  async get(
    endpoint: string,
    path: string,
    judge: (answer: SourceAnswer, headers: Headers) => AnswerVerdict,
  ): Promise<SourceAnswer> {
    const maxAttempts = this.opts.maxAttempts ?? 6;
    const policy: RetryPolicy = {
      maxAttempts,
      backoff: BACKOFF,
      judge: (outcome): Verdict => {
        if (outcome.kind === "failed") return { kind: "failed" };
        const { status, json, headers } = outcome.answer;
        const wait = judge({ status, json }, headers);
        if (wait) return { kind: "rate-limited", retryAfterMs: wait.retryAfterMs, slowDown: wait.slowDown };
        return status >= 500 ? { kind: "failed" } : { kind: "done" };
      },
    };
    const settled = await this.core.send(
      {
        method: "GET",
        url: `${this.opts.baseUrl}${path}`,
        endpoint,
        headers: { "User-Agent": this.opts.userAgent, Accept: "application/json" },
      },
      policy,
    );
    const { outcome } = settled;
    if (!settled.gaveUp && outcome.kind === "response") {
      return { status: outcome.answer.status, json: outcome.answer.json };
    }
    const lastError = outcome.kind === "response" ? `HTTP ${outcome.answer.status}` : outcome.reason;
    throw new MetadataSourceError(
      this.opts.source,
      503,
      `gave up after ${settled.retries} attempts (${lastError})`,
    );
  }

  retryAfterMs(headers: Headers, fallbackMs: number): number {
    return parseRetryAfter(headers.get("retry-after"), (this.opts.now ?? Date.now)()) ?? fallbackMs;
  }
}
