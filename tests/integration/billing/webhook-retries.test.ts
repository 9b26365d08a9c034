// The Paddle emulator sends a notification again when the receiver gives no 2xx or no answer: with
// exponential backoff, a limited number of times, the same body (same notification and event id) each time.
import { afterEach, describe, expect, test } from "bun:test";
import { createPaddleEmulator, type PaddleEmulator } from "../../../src/emulators/paddle/index.ts";
import { retryDelayMs, SANDBOX_RETRY_POLICY } from "../../../src/emulators/paddle/webhooks.ts";

const webhookSecret = "pdl_ntfset_retry_test";
const priceId = "pri_01retrytest00000000000000";

interface Arrival {
  at: number;
  notificationId: string;
  eventId: string;
}

/** A receiver that fails its first `failures` requests (500), then accepts. */
function receiver(failures: number) {
  const arrivals: Arrival[] = [];
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      const body = (await req.json()) as { notification_id: string; event_id: string };
      arrivals.push({ at: Date.now(), notificationId: body.notification_id, eventId: body.event_id });
      return arrivals.length <= failures ? new Response("down", { status: 500 }) : Response.json({ ok: 1 });
    },
  });
  return { server, arrivals, url: `http://localhost:${server.port}/api/payment/webhook` };
}

let emulator: PaddleEmulator | null = null;
let server: ReturnType<typeof Bun.serve> | null = null;
afterEach(() => {
  emulator?.close();
  server?.stop(true);
  emulator = server = null;
});

const policy = { maxRetries: 3, baseDelayMs: 80, maxDelayMs: 1_000 };

/** The emulator sending its notifications to a receiver that fails its first `failures`; both end after the test. */
function emulatorSendingTo(failures: number, retry: Parameters<typeof createPaddleEmulator>[0]["retry"]) {
  const r = receiver(failures);
  server = r.server;
  const paddle = createPaddleEmulator({ apiKey: "k", webhookSecret, priceId, webhookUrl: r.url, retry });
  emulator = paddle;
  return { r, paddle };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(10);
  }
}

describe("webhook retries", () => {
  test("the schedule doubles each wait up to the cap; the sandbox default fits in about 15 minutes", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(policy, n))).toEqual([80, 160, 320, 640, 1_000]);
    const sandbox = [1, 2, 3].map((n) => retryDelayMs(SANDBOX_RETRY_POLICY, n));
    expect(sandbox.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(15 * 60_000);
  });

  test("a failed notification is sent again with growing waits until it is accepted", async () => {
    const { r, paddle } = emulatorSendingTo(2, policy);
    const { deliveries } = await paddle.world.purchase({ priceId, userId: "u1", email: "u1@example.com" });
    // transaction.completed failed twice, then was accepted with subscription.created
    expect(deliveries.map((d) => d.status)).toEqual([500, 500]);
    await until(() => r.arrivals.length >= 4, 5_000);
    await Bun.sleep(400);
    expect(r.arrivals).toHaveLength(4);
    const [first, second, third] = r.arrivals;
    // the retries carry the very same notification
    expect(new Set(r.arrivals.map((a) => a.eventId)).size).toBe(2);
    expect(third?.notificationId).toBe(first?.notificationId ?? "");
    const retried = r.arrivals.filter((a) => a.notificationId === first?.notificationId);
    expect(retried).toHaveLength(2);
    // the retry waited at least the first backoff step (and not a tight loop)
    expect((retried[1]?.at ?? 0) - (retried[0]?.at ?? 0)).toBeGreaterThanOrEqual(policy.baseDelayMs - 5);
    expect(second?.notificationId).not.toBe(first?.notificationId);
    const res = await paddle.app.request("http://paddle.test/emulator/paddle/control/webhooks");
    const body = (await res.json()) as { webhooks: { status: string; attempts: number }[] };
    expect(body.webhooks.map((w) => [w.status, w.attempts])).toEqual([
      ["delivered", 2],
      ["delivered", 2],
    ]);
  });

  test("after the last retry a notification stays failed; nothing is sent any more", async () => {
    const { r, paddle } = emulatorSendingTo(1_000, { maxRetries: 2, baseDelayMs: 40, maxDelayMs: 40 });
    await paddle.world.purchase({ priceId, userId: "u2", email: "u2@example.com" });
    await until(() => r.arrivals.length >= 6, 5_000);
    await Bun.sleep(300);
    // two notifications, each sent once and retried twice
    expect(r.arrivals).toHaveLength(6);
  });

  test("with retries off a failed notification is sent once", async () => {
    const { r, paddle } = emulatorSendingTo(1_000, false);
    await paddle.world.purchase({ priceId, userId: "u3", email: "u3@example.com" });
    await Bun.sleep(200);
    expect(r.arrivals).toHaveLength(2);
  });
});
