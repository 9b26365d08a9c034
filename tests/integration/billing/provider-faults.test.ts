// Paddle misbehaving: 5xx bursts are retried through, an outage gives the user errorCode 50 and changes
// nothing, and 429s are waited out exactly as long as Retry-After says (never a call inside the wait).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { PaddleFaultSettings } from "../../../src/emulators/paddle/faults.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { createSignedInUser, subscribeAtCheckout, subscriptionRow, type TestUser } from "./helpers.ts";

let server: TestServer;
let user: TestUser;
let subscriptionId: string;
const control = () => `${server.url}/emulator/paddle/control`;

async function setFaults(settings: Partial<PaddleFaultSettings>): Promise<void> {
  const res = await fetch(`${control()}/faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(200);
  await fetch(`${control()}/api-calls`, { method: "DELETE" });
}

const apiCalls = async () =>
  (await (await fetch(`${control()}/api-calls`)).json()) as {
    total: number;
    rateLimited: number;
    serverErrors: number;
    retryAfterViolations: number;
  };

async function paddleSubscription() {
  const res = await fetch(`${control()}/subscriptions?user_id=${user.userId}`);
  const { subscriptions } = (await res.json()) as {
    subscriptions: { id: string; scheduled_change: { action: string } | null }[];
  };
  return subscriptions.find((s) => s.id === subscriptionId);
}

const cancel = () =>
  fetch(`${server.url}/api/payment/subscription/cancel`, {
    method: "POST",
    headers: { cookie: user.cookie, origin: server.url },
  });

beforeAll(async () => {
  server = await startTestServer();
  user = createSignedInUser(server.deps);
  subscriptionId = await subscribeAtCheckout(server.url, server.deps.config.paddle.priceId, user);
});
beforeEach(async () => {
  await setFaults({});
});
afterAll(async () => {
  await server.dispose();
});

describe("Paddle faults", () => {
  test("an outage: errorCode 50 with a clear message, and nothing changes at Paddle or in Crate", async () => {
    await setFaults({ rate5xx: 1, seed: 2 });
    const res = await cancel();
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: string; errorCode: number };
    expect(body.errorCode).toBe(ErrorCode.ProviderUnavailable);
    expect(body.error).toContain("payment provider");
    // the client tried three times, then gave up
    expect((await apiCalls()).serverErrors).toBe(3);
    expect((await paddleSubscription())?.scheduled_change).toBeNull();
    expect(subscriptionRow(server.deps, subscriptionId)?.status).toBe("Active");
  });

  test("a 5xx burst: the retries get the cancel through", async () => {
    await setFaults({ rate5xx: 0.5, seed: 8 });
    const res = await cancel();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("BeingCancelled");
    // this seed fails the first two attempts
    expect(await apiCalls()).toMatchObject({ total: 3, serverErrors: 2 });
    expect((await paddleSubscription())?.scheduled_change?.action).toBe("cancel");
  });

  test("429s: each retry waits out Retry-After; no call is sent inside the wait", async () => {
    await setFaults({ rate429: 1, retryAfterSec: 1, seed: 3 });
    const started = Date.now();
    const res = await fetch(`${server.url}/api/payment/subscription`, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { errorCode: number }).errorCode).toBe(ErrorCode.ProviderUnavailable);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(await apiCalls()).toMatchObject({ total: 3, rateLimited: 3, retryAfterViolations: 0 });
  });

  test("Paddle's rate limit: a wait longer than a page can take fails at once and sends nothing more", async () => {
    await setFaults({ rateLimitPerMinute: 2 });
    const read = () => fetch(`${server.url}/api/payment/subscription`, { headers: { cookie: user.cookie } });
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const started = Date.now();
    const limited = await read();
    expect(limited.status).toBe(502);
    expect(((await limited.json()) as { errorCode: number }).errorCode).toBe(ErrorCode.ProviderUnavailable);
    expect((await read()).status).toBe(502);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await apiCalls()).toMatchObject({ total: 3, rateLimited: 1, retryAfterViolations: 0 });
  });
});

describe("the fault control", () => {
  test("refuses unknown or out-of-range settings in Paddle's error format", async () => {
    for (const body of [{ rate5xx: 2 }, { nonsense: true }, { rateLimitPerMinute: 0 }]) {
      const res = await fetch(`${control()}/faults`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    }
  });
});
