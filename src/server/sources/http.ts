// The transport of the open metadata sources: one pace per source, a timeout per attempt, the User-Agent and
// Accept headers, retries for network errors and 5xx with backoff, and a count of every request sent.
import pkg from "../../../package.json";
import { parseRetryAfter } from "../platform/retry-after.ts";
import type { Pacer } from "./pacer.ts";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

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

export interface SourceHttpOptions {
  source: string;
  baseUrl: string;
  userAgent: string;
  pacer: Pacer;
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

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SourceHttp {
  private readonly counts = new Map<string, number>();
  private readonly fetchImpl: FetchLike;

  constructor(private readonly opts: SourceHttpOptions) {
    this.fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Requests sent per endpoint (every attempt counts). */
  callCounts(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  get pacer(): Pacer {
    return this.opts.pacer;
  }

  /**
   * GETs `path` (relative to the base URL) and answers the parsed JSON with its status. `judge` may ask for a
   * retry (429, quota bodies, 503); 5xx and network errors are retried with backoff; past the attempts it throws.
   */
  async get(
    endpoint: string,
    path: string,
    judge: (answer: SourceAnswer, headers: Headers) => AnswerVerdict,
  ) {
    const { pacer, maxAttempts = 6, timeoutMs = 20_000 } = this.opts;
    const sleep = this.opts.sleep ?? realSleep;
    let lastError = "no answer";
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await pacer.turn();
      this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
      let res: Response;
      let json: unknown;
      const started = performance.now();
      const observe = (status: number | "timeout" | "network", rateLimited = false) =>
        this.opts.onCall?.({ endpoint, status, ms: performance.now() - started, rateLimited });
      try {
        res = await this.fetchImpl(`${this.opts.baseUrl}${path}`, {
          headers: { "User-Agent": this.opts.userAgent, Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        pacer.answered();
        try {
          json = text === "" ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
      } catch (error) {
        pacer.answered();
        observe(error instanceof DOMException && error.name === "TimeoutError" ? "timeout" : "network");
        lastError = String(error);
        await sleep(backoff(attempt));
        continue;
      }
      const verdict = judge({ status: res.status, json }, res.headers);
      observe(res.status, verdict !== null);
      if (verdict) {
        lastError = `HTTP ${res.status}`;
        if (verdict.slowDown) pacer.slowDown();
        pacer.holdFor(verdict.retryAfterMs);
        continue;
      }
      if (res.status >= 500) {
        lastError = `HTTP ${res.status}`;
        await sleep(backoff(attempt));
        continue;
      }
      pacer.recover();
      return { status: res.status, json };
    }
    throw new MetadataSourceError(
      this.opts.source,
      503,
      `gave up after ${maxAttempts} attempts (${lastError})`,
    );
  }

  retryAfterMs(headers: Headers, fallbackMs: number): number {
    return parseRetryAfter(headers.get("retry-after"), (this.opts.now ?? Date.now)()) ?? fallbackMs;
  }
}

const backoff = (attempt: number) => Math.min(10_000, 250 * 2 ** attempt);
