import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createPaddleEmulator } from "../../../src/emulators/paddle/index.ts";
import { verifyPaddleSignature } from "../../../src/server/paddle/webhook-signature.ts";
import { tempDir } from "../../support/server.ts";

// The emulator on its own: Paddle's envelopes and auth, signed notifications, state that survives a restart.
const apiKey = "pdl_sdbx_apikey_emulator_test";
const webhookSecret = "pdl_ntfset_emulator_test";
const priceId = "pri_01emulatortest000000000000";

let received: { signature: string | null; body: string }[] = [];
let receiver: ReturnType<typeof Bun.serve>;
let dir: string;

beforeAll(() => {
  dir = tempDir("paddle-emulator-");
  receiver = Bun.serve({
    port: 0,
    async fetch(req) {
      received.push({ signature: req.headers.get("paddle-signature"), body: await req.text() });
      return Response.json({ received: true });
    },
  });
});
afterAll(() => {
  receiver.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

const make = (statePath?: string) =>
  createPaddleEmulator({
    apiKey,
    webhookSecret,
    priceId,
    webhookUrl: `http://localhost:${receiver.port}/api/payment/webhook`,
    statePath,
  });

const call = (app: ReturnType<typeof make>["app"], path: string, init: RequestInit = {}, key = apiKey) =>
  app.request(`http://paddle.test/emulator/paddle${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
  });

describe("Paddle emulator", () => {
  test("answers with Paddle's envelopes and refuses a missing or wrong API key", async () => {
    const emulator = make();
    try {
      const price = await call(emulator.app, `/prices/${priceId}`);
      expect(price.status).toBe(200);
      const body = (await price.json()) as {
        data: { id: string; unit_price: unknown };
        meta: { request_id: string };
      };
      expect(body.data.unit_price).toEqual({ amount: "4900", currency_code: "USD" });
      expect(typeof body.meta.request_id).toBe("string");

      const anonymous = await emulator.app.request(`http://paddle.test/emulator/paddle/prices/${priceId}`);
      // Paddle answers both with 403: authentication_missing and invalid_token.
      expect(anonymous.status).toBe(403);
      expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe(
        "authentication_missing",
      );
      const wrong = await call(emulator.app, `/prices/${priceId}`, {}, "pdl_other");
      expect(wrong.status).toBe(403);
      expect(((await wrong.json()) as { error: { type: string; code: string } }).error).toMatchObject({
        type: "request_error",
        code: "invalid_token",
      });
      const missing = await call(emulator.app, "/subscriptions/sub_01nothere00000000000000000");
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");

      const preview = await call(emulator.app, "/pricing-preview", {
        method: "POST",
        body: JSON.stringify({ items: [{ price_id: priceId, quantity: 1 }] }),
      });
      expect(
        ((await preview.json()) as { data: { details: { line_items: unknown[] } } }).data.details.line_items,
      ).toHaveLength(1);
    } finally {
      emulator.close();
    }
  });

  test("notifications are signed as Paddle signs them and carry the documented envelope", async () => {
    received = [];
    const emulator = make();
    try {
      const { subscription } = await emulator.world.purchase({
        priceId,
        userId: "user-1",
        email: "a@example.com",
      });
      expect(received).toHaveLength(2);
      for (const delivery of received) {
        const check = verifyPaddleSignature({
          header: delivery.signature,
          rawBody: delivery.body,
          secret: webhookSecret,
          nowMs: Date.now(),
        });
        expect(check.ok).toBe(true);
        const event = JSON.parse(delivery.body) as Record<string, unknown>;
        expect(Object.keys(event)).toEqual([
          "event_id",
          "event_type",
          "occurred_at",
          "notification_id",
          "data",
        ]);
        expect(event.event_id).toMatch(/^evt_[a-z\d]{26}$/);
        expect(event.notification_id).toMatch(/^ntf_[a-z\d]{26}$/);
        expect((event.data as { custom_data: unknown }).custom_data).toEqual({ user_id: "user-1" });
        expect("management_urls" in (event.data as object)).toBe(false);
      }
      expect(received.map((r) => (JSON.parse(r.body) as { event_type: string }).event_type)).toEqual([
        "transaction.completed",
        "subscription.created",
      ]);
      const fetched = await call(emulator.app, `/subscriptions/${subscription.id}`);
      expect(
        ((await fetched.json()) as { data: { management_urls: unknown } }).data.management_urls,
      ).not.toBeNull();
    } finally {
      emulator.close();
    }
  });

  test("state survives a restart when kept in a file", async () => {
    const statePath = join(dir, "paddle-emulator.db");
    const first = make(statePath);
    const { subscription } = await first.world.purchase({
      priceId,
      userId: "user-2",
      email: "b@example.com",
    });
    await first.world.advance(subscription.id);
    const movedTo = first.world.now();
    first.close();

    const second = make(statePath);
    try {
      expect(second.world.subscription(subscription.id)?.status).toBe("active");
      expect(second.world.now()).toBeGreaterThanOrEqual(movedTo);
      const list = await second.app.request("http://paddle.test/emulator/paddle/control/webhooks");
      expect(((await list.json()) as { webhooks: unknown[] }).webhooks.length).toBe(4);
    } finally {
      second.close();
    }
  });
});
