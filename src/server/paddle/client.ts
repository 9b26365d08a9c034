import type { z } from "zod";
import { pausePacing } from "../platform/pacing.ts";
import { type FetchLike, ProviderHttp, type RetryPolicy } from "../platform/provider-http.ts";
import { parseRetryAfter } from "../platform/retry-after.ts";
import {
  ErrorEnvelopeSchema,
  type PaddlePrice,
  type PaddleSubscription,
  type PaddleTransaction,
  PriceSchema,
  SubscriptionSchema,
  TransactionSchema,
} from "./types.ts";

export type PaddleFailureKind = "http" | "timeout" | "network" | "invalid_response";

/** A failed Paddle call: the HTTP status and Paddle's `{error: {type, code, detail}}` when it answered. */
export class PaddleApiError extends Error {
  readonly kind: PaddleFailureKind;
  readonly status: number | null;
  readonly type: string | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  /** a 429's Retry-After, in seconds */
  readonly retryAfterSec: number | null;
  constructor(
    kind: PaddleFailureKind,
    message: string,
    info: {
      status?: number;
      type?: string;
      code?: string;
      detail?: string;
      retryAfterSec?: number | null;
    } = {},
  ) {
    super(message);
    this.name = "PaddleApiError";
    this.kind = kind;
    this.status = info.status ?? null;
    this.type = info.type;
    this.code = info.code;
    this.detail = info.detail;
    this.retryAfterSec = info.retryAfterSec ?? null;
  }
  /** worth another attempt: Paddle's side failed or did not answer in time */
  get transient(): boolean {
    if (this.kind === "timeout" || this.kind === "network") return true;
    return this.kind === "http" && (this.status === 429 || (this.status !== null && this.status >= 500));
  }
}

export interface PaddleClientOptions {
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
  /** further attempts after the first, on 5xx, 429, timeouts and network errors */
  maxRetries?: number;
  retryBaseMs?: number;
  /** the longest Retry-After waited for; a longer one fails the call at once (someone is waiting on a page) */
  maxRetryAfterMs?: number;
  now?: () => number;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  /** told of every attempt sent: `METHOD /path/{id}`, the status (or how it failed), how long it took */
  onCall?: (info: { endpoint: string; status: number | "timeout" | "network"; ms: number }) => void;
  /** told of each wait a Retry-After imposes before a call */
  onRateLimitWait?: (ms: number) => void;
}

const COLLECTIONS = new Set(["prices", "subscriptions", "transactions", "customers"]);

/** `GET /subscriptions/sub_01…/cancel` → `GET /subscriptions/{id}/cancel`: ids never become labels. */
export function paddleEndpoint(method: string, path: string): string {
  const parts = path.split("?")[0]?.split("/") ?? [];
  const template = parts.map((part, i) => (i > 0 && COLLECTIONS.has(parts[i - 1] ?? "") ? "{id}" : part));
  return `${method} ${template.join("/")}`;
}

export interface PaddleClient {
  getPrice(priceId: string): Promise<PaddlePrice>;
  getSubscription(subscriptionId: string): Promise<PaddleSubscription>;
  /** POST /subscriptions/{id}/cancel with effective_from next_billing_period (a scheduled change) */
  cancelAtPeriodEnd(subscriptionId: string): Promise<PaddleSubscription>;
  /** POST /subscriptions/{id}/cancel with effective_from immediately (a refund or chargeback ended it) */
  cancelImmediately(subscriptionId: string): Promise<PaddleSubscription>;
  /** PATCH /subscriptions/{id} with scheduled_change null: removes a scheduled cancel */
  removeScheduledChange(subscriptionId: string): Promise<PaddleSubscription>;
  /** GET /subscriptions/{id}/update-payment-method-transaction */
  getUpdatePaymentMethodTransaction(subscriptionId: string): Promise<PaddleTransaction>;
}

/** Paddle's 5xx, timeouts and network errors wait 300 ms, 600 ms … (at most 5 s) before the next attempt. */
const BACKOFF_MAX_MS = 5_000;

/** A small Paddle Billing API client on the provider core: Bearer auth, `{data, meta}` envelopes, timeouts, retries. */
export function createPaddleClient(options: PaddleClientOptions): PaddleClient {
  const base = options.apiUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseMs = options.retryBaseMs ?? 300;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 5_000;
  const now = options.now ?? (() => Date.now());
  const core = new ProviderHttp({
    // Paddle limits by IP address: after a 429 no call may be sent until its Retry-After has passed.
    pacing: pausePacing({ now, sleep: options.sleep, onWait: options.onRateLimitWait }),
    fetch: options.fetch,
    timeoutMs,
    sleep: options.sleep,
    now,
    onCall: ({ request, status, ms }) => options.onCall?.({ endpoint: request.endpoint, status, ms }),
  });

  /** A Retry-After in force longer than anyone should wait fails the call at once, unsent. */
  const refusePause = (method: string, path: string) => (waitMs: number) =>
    waitMs > maxRetryAfterMs
      ? new PaddleApiError(
          "http",
          `Paddle rate-limits Crate for ${Math.ceil(waitMs / 1000)} s more; ${method} ${path} not sent`,
          { status: 429, code: "too_many_requests", retryAfterSec: Math.ceil(waitMs / 1000) },
        )
      : undefined;

  const policy = (method: string, path: string): RetryPolicy => ({
    maxAttempts: maxRetries + 1,
    backoff: { baseMs: retryBaseMs, maxMs: BACKOFF_MAX_MS },
    refusePause: refusePause(method, path),
    judge: (outcome) => {
      if (outcome.kind === "failed") return { kind: "failed" };
      const { status, headers } = outcome.answer;
      // A 429 is retried once its Retry-After has passed (the pacing holds every call until then).
      if (status === 429) return { kind: "rate-limited", retryAfterMs: retryAfterSec(headers) * 1000 };
      return status >= 500 ? { kind: "failed" } : { kind: "done" };
    },
  });

  /** A 429 without a readable Retry-After waits 1 s. */
  const retryAfterSec = (headers: Headers) =>
    Math.ceil((parseRetryAfter(headers.get("retry-after"), now()) ?? 1000) / 1000);

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.apiKey}`,
      accept: "application/json",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    const request = {
      method,
      url: `${base}${path}`,
      endpoint: paddleEndpoint(method, path),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    const { outcome } = await core.send(request, policy(method, path));
    if (outcome.kind === "failed") {
      throw new PaddleApiError(
        outcome.failure,
        outcome.failure === "timeout"
          ? `Paddle did not answer ${method} ${path} within ${timeoutMs} ms`
          : `Paddle could not be reached for ${method} ${path}: ${outcome.reason}`,
      );
    }
    const { status, json } = outcome.answer;
    if (status < 200 || status > 299) {
      const envelope = ErrorEnvelopeSchema.safeParse(json);
      const info = envelope.success ? envelope.data.error : {};
      throw new PaddleApiError(
        "http",
        `Paddle answered ${status} to ${method} ${path}${info.code ? ` (${info.code})` : ""}${
          info.detail ? `: ${info.detail}` : ""
        }`,
        {
          status,
          type: info.type,
          code: info.code,
          detail: info.detail,
          retryAfterSec: status === 429 ? retryAfterSec(outcome.answer.headers) : null,
        },
      );
    }
    if (typeof json !== "object" || json === null || !("data" in json)) {
      throw new PaddleApiError("invalid_response", `Paddle's answer to ${method} ${path} has no data`, {
        status,
      });
    }
    const parsed = schema.safeParse((json as { data: unknown }).data);
    if (!parsed.success) {
      throw new PaddleApiError(
        "invalid_response",
        `Paddle's answer to ${method} ${path} has an unexpected shape`,
      );
    }
    return parsed.data as z.infer<S>;
  }

  const sub = (id: string) => `/subscriptions/${encodeURIComponent(id)}`;
  return {
    getPrice: (priceId) => call("GET", `/prices/${encodeURIComponent(priceId)}`, PriceSchema),
    getSubscription: (id) => call("GET", sub(id), SubscriptionSchema),
    cancelAtPeriodEnd: (id) =>
      call("POST", `${sub(id)}/cancel`, SubscriptionSchema, { effective_from: "next_billing_period" }),
    cancelImmediately: (id) =>
      call("POST", `${sub(id)}/cancel`, SubscriptionSchema, { effective_from: "immediately" }),
    removeScheduledChange: (id) => call("PATCH", sub(id), SubscriptionSchema, { scheduled_change: null }),
    getUpdatePaymentMethodTransaction: (id) =>
      call("GET", `${sub(id)}/update-payment-method-transaction`, TransactionSchema),
  };
}
