import type { z } from "zod";
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
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
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

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A small Paddle Billing API client: Bearer auth, `{data, meta}` envelopes, timeouts, retries with backoff. */
export function createPaddleClient(options: PaddleClientOptions): PaddleClient {
  const base = options.apiUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseMs = options.retryBaseMs ?? 300;
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? sleepFor;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 5_000;
  const now = options.now ?? (() => Date.now());
  // Paddle limits by IP address: after a 429 no call may be sent until its Retry-After has passed.
  let blockedUntil = 0;

  /** Waits out a Retry-After in force, or fails at once when it is longer than anyone should wait. */
  async function respectRateLimit(method: string, path: string): Promise<void> {
    const waitMs = blockedUntil - now();
    if (waitMs <= 0) return;
    if (waitMs > maxRetryAfterMs) {
      throw new PaddleApiError(
        "http",
        `Paddle rate-limits Crate for ${Math.ceil(waitMs / 1000)} s more; ${method} ${path} not sent`,
        {
          status: 429,
          code: "too_many_requests",
          retryAfterSec: Math.ceil(waitMs / 1000),
        },
      );
    }
    options.onRateLimitWait?.(waitMs);
    await sleep(waitMs);
  }

  async function attempt(method: string, path: string, body: unknown): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.apiKey}`,
      accept: "application/json",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    await respectRateLimit(method, path);
    let response: Response;
    const started = performance.now();
    const told = (status: number | "timeout" | "network") =>
      options.onCall?.({ endpoint: paddleEndpoint(method, path), status, ms: performance.now() - started });
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut =
        err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError");
      told(timedOut ? "timeout" : "network");
      throw new PaddleApiError(
        timedOut ? "timeout" : "network",
        timedOut
          ? `Paddle did not answer ${method} ${path} within ${timeoutMs} ms`
          : `Paddle could not be reached for ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const text = await response.text().catch(() => "");
    told(response.status);
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const envelope = ErrorEnvelopeSchema.safeParse(json);
      const info = envelope.success ? envelope.data.error : {};
      // A 429 without a readable Retry-After waits 1 s.
      const retryAfterSec =
        response.status === 429
          ? Math.ceil((parseRetryAfter(response.headers.get("retry-after"), now()) ?? 1000) / 1000)
          : null;
      if (retryAfterSec !== null) blockedUntil = Math.max(blockedUntil, now() + retryAfterSec * 1000);
      throw new PaddleApiError(
        "http",
        `Paddle answered ${response.status} to ${method} ${path}${info.code ? ` (${info.code})` : ""}${
          info.detail ? `: ${info.detail}` : ""
        }`,
        { status: response.status, type: info.type, code: info.code, detail: info.detail, retryAfterSec },
      );
    }
    if (typeof json !== "object" || json === null || !("data" in json)) {
      throw new PaddleApiError("invalid_response", `Paddle's answer to ${method} ${path} has no data`, {
        status: response.status,
      });
    }
    return (json as { data: unknown }).data;
  }

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown) {
    for (let retry = 0; ; retry++) {
      try {
        const data = await attempt(method, path, body);
        const parsed = schema.safeParse(data);
        if (!parsed.success) {
          throw new PaddleApiError(
            "invalid_response",
            `Paddle's answer to ${method} ${path} has an unexpected shape`,
          );
        }
        return parsed.data as z.infer<S>;
      } catch (err) {
        if (!(err instanceof PaddleApiError) || !err.transient || retry >= maxRetries) throw err;
        // A 429 is retried once its Retry-After has passed (respectRateLimit waits for it, or refuses).
        if (err.retryAfterSec !== null) continue;
        // Exponential backoff with jitter: 300 ms, 600 ms, … (±25%).
        const delay = retryBaseMs * 2 ** retry;
        await sleep(delay * (0.75 + Math.random() * 0.5));
      }
    }
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
