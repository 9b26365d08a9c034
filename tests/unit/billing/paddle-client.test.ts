import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPaddleClient, PaddleApiError } from "../../../src/server/paddle/client.ts";
import { toDisplayAmount } from "../../../src/shared/money.ts";

interface Seen {
  method: string;
  path: string;
  auth: string | null;
  body: string;
}

let seen: Seen[] = [];
let script: ((req: Request) => Response | Promise<Response>)[] = [];
let server: ReturnType<typeof Bun.serve>;
let base: string;

const subscription = {
  id: "sub_01h8bx9cc0000000000000000a",
  status: "active",
  customer_id: "ctm_01h8bx9cc0000000000000000a",
  next_billed_at: "2027-01-01T00:00:00Z",
  current_billing_period: { starts_at: "2026-01-01T00:00:00Z", ends_at: "2027-01-01T00:00:00Z" },
  scheduled_change: null,
  items: [{ quantity: 1, price: { id: "pri_1", unit_price: { amount: "4900", currency_code: "USD" } } }],
};
const envelope = (data: unknown) => Response.json({ data, meta: { request_id: "r" } });

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      seen.push({
        method: req.method,
        path: url.pathname,
        auth: req.headers.get("authorization"),
        body: await req.text(),
      });
      const next = script.shift();
      return next ? next(req) : new Response("no script", { status: 599 });
    },
  });
  base = `http://localhost:${server.port}`;
});
afterAll(() => {
  server.stop(true);
});

const client = (overrides: Partial<Parameters<typeof createPaddleClient>[0]> = {}) =>
  createPaddleClient({
    apiUrl: base,
    apiKey: "pdl_live_apikey_test",
    retryBaseMs: 1,
    timeoutMs: 500,
    ...overrides,
  });

const reset = (...responses: ((req: Request) => Response | Promise<Response>)[]) => {
  seen = [];
  script = responses;
};

describe("Paddle client", () => {
  test("sends the documented requests with the Bearer key and unwraps {data, meta}", async () => {
    reset(
      () => envelope({ id: "pri_1", unit_price: { amount: "4900", currency_code: "USD" } }),
      () => envelope(subscription),
      () =>
        envelope({
          ...subscription,
          scheduled_change: { action: "cancel", effective_at: "2027-01-01T00:00:00Z" },
        }),
      () => envelope(subscription),
      () => envelope({ id: "txn_01h8bx9cc0000000000000000a", status: "ready" }),
    );
    const paddle = client();
    expect((await paddle.getPrice("pri_1")).unit_price).toEqual({ amount: "4900", currency_code: "USD" });
    expect((await paddle.getSubscription(subscription.id)).id).toBe(subscription.id);
    expect((await paddle.cancelAtPeriodEnd(subscription.id)).scheduled_change?.action).toBe("cancel");
    await paddle.removeScheduledChange(subscription.id);
    expect((await paddle.getUpdatePaymentMethodTransaction(subscription.id)).id).toMatch(/^txn_/);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      "GET /prices/pri_1",
      `GET /subscriptions/${subscription.id}`,
      `POST /subscriptions/${subscription.id}/cancel`,
      `PATCH /subscriptions/${subscription.id}`,
      `GET /subscriptions/${subscription.id}/update-payment-method-transaction`,
    ]);
    expect(seen.every((s) => s.auth === "Bearer pdl_live_apikey_test")).toBe(true);
    expect(JSON.parse(seen[2]?.body ?? "")).toEqual({ effective_from: "next_billing_period" });
    expect(JSON.parse(seen[3]?.body ?? "")).toEqual({ scheduled_change: null });
  });

  test("retries 5xx answers with backoff, then succeeds", async () => {
    reset(
      () => new Response("down", { status: 502 }),
      () => Response.json({ error: { type: "api_error", code: "internal_error" } }, { status: 500 }),
      () => envelope(subscription),
    );
    expect((await client().getSubscription(subscription.id)).status).toBe("active");
    expect(seen).toHaveLength(3);
  });

  test("gives up after the retries with a transient error", async () => {
    reset(...Array.from({ length: 5 }, () => () => new Response("down", { status: 503 })));
    const err = await client({ maxRetries: 2 })
      .getSubscription(subscription.id)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaddleApiError);
    expect((err as PaddleApiError).status).toBe(503);
    expect((err as PaddleApiError).transient).toBe(true);
    expect(seen).toHaveLength(3);
  });

  test("a timeout is retried and reported as a timeout", async () => {
    const slow = () =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(envelope(subscription)), 300));
    reset(slow, slow);
    const err = await client({ timeoutMs: 50, maxRetries: 1 })
      .getSubscription(subscription.id)
      .catch((e: unknown) => e);
    expect((err as PaddleApiError).kind).toBe("timeout");
    expect(seen).toHaveLength(2);
  });

  test("an answer whose body stops arriving is a timeout and is asked again", async () => {
    const stalled = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            // the headers and the start of the body, then nothing
            controller.enqueue(new TextEncoder().encode('{"data": {"id": "sub_'));
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    reset(stalled, () => envelope(subscription));
    expect((await client({ timeoutMs: 200 }).getSubscription(subscription.id)).status).toBe("active");
    expect(seen).toHaveLength(2);
  });

  test("4xx answers are not retried and carry Paddle's error code and detail", async () => {
    reset(() =>
      Response.json(
        {
          error: {
            type: "request_error",
            code: "subscription_update_when_canceled",
            detail: "Subscription is canceled.",
          },
          meta: { request_id: "r" },
        },
        { status: 400 },
      ),
    );
    const err = (await client()
      .cancelAtPeriodEnd(subscription.id)
      .catch((e: unknown) => e)) as PaddleApiError;
    expect(err.status).toBe(400);
    expect(err.code).toBe("subscription_update_when_canceled");
    expect(err.detail).toBe("Subscription is canceled.");
    expect(err.transient).toBe(false);
    expect(seen).toHaveLength(1);
  });

  test("an answer without the expected shape is an invalid_response error", async () => {
    reset(() => envelope({ nothing: true }));
    const err = (await client()
      .getPrice("pri_1")
      .catch((e: unknown) => e)) as PaddleApiError;
    expect(err.kind).toBe("invalid_response");
    expect(seen).toHaveLength(1);
  });

  const tooMany = (retryAfter: string) => () =>
    Response.json(
      {
        error: { type: "api_error", code: "too_many_requests", detail: "Retry later." },
        meta: { request_id: "r" },
      },
      { status: 429, headers: { "retry-after": retryAfter } },
    );

  test("a 429 is retried only after its Retry-After, and no other call is sent before then", async () => {
    reset(
      tooMany("1"),
      () => envelope(subscription),
      () => envelope(subscription),
    );
    const arrivals: number[] = [];
    const timed = client({ retryBaseMs: 1 });
    const start = Date.now();
    const first = timed.getSubscription(subscription.id).then(() => arrivals.push(Date.now() - start));
    await Bun.sleep(50);
    // a second call made during the wait waits too
    const second = timed.getSubscription(subscription.id).then(() => arrivals.push(Date.now() - start));
    await Promise.all([first, second]);
    expect(seen).toHaveLength(3);
    for (const at of arrivals) expect(at).toBeGreaterThanOrEqual(950);
  });

  test("a Retry-After longer than anyone should wait fails the call at once, without calling Paddle again", async () => {
    reset(tooMany("120"), () => envelope(subscription));
    const limited = client({ maxRetries: 2 });
    const started = Date.now();
    const err = (await limited.getSubscription(subscription.id).catch((e: unknown) => e)) as PaddleApiError;
    expect(Date.now() - started).toBeLessThan(500);
    expect(err.status).toBe(429);
    expect(err.retryAfterSec).toBeGreaterThan(100);
    const again = (await limited.getPrice("pri_1").catch((e: unknown) => e)) as PaddleApiError;
    expect(again.status).toBe(429);
    expect(seen).toHaveLength(1);
  });

  test("an unreachable API is a network error", async () => {
    const err = (await createPaddleClient({ apiUrl: "http://127.0.0.1:1", apiKey: "k", maxRetries: 0 })
      .getPrice("pri_1")
      .catch((e: unknown) => e)) as PaddleApiError;
    expect(err.kind).toBe("network");
  });
});

describe("amounts", () => {
  test("lowest denomination strings become displayable decimals", () => {
    expect(toDisplayAmount("4900", "USD")).toBe("49.00");
    expect(toDisplayAmount("5", "EUR")).toBe("0.05");
    expect(toDisplayAmount("0", "GBP")).toBe("0.00");
    expect(toDisplayAmount("4900", "JPY")).toBe("4900");
    expect(toDisplayAmount("123456789012345678901", "USD")).toBe("1234567890123456789.01");
  });
});
