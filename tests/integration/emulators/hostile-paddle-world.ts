// The Paddle emulator the hostile suite attacks: an active and a canceled subscription bought through the
// hosted checkout, a notification receiver, and the request pieces its properties draw from.
import { join } from "node:path";
import fc from "fast-check";
import { createPaddleEmulator, type PaddleEmulator } from "../../../src/emulators/paddle/index.ts";
import { tempDir } from "../../support/server.ts";
import {
  hostileBodyText,
  hostileSegment,
  hostileString,
  mutatedInput,
  sameShapeInput,
} from "../hardening/arbitraries.ts";
import { nodeReplaced, numbersReplaced } from "./hostile-support.ts";

export const BASE = "/emulator/paddle";
export const ORIGIN = "http://paddle.test";
export const API_KEY = "pdl_sdbx_apikey_hostile";
export const PRICE_ID = "pri_01hostile00000000000000000";
export const GOOD_CARD = { card_number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

export type Part = "api" | "checkout" | "control";
export const partOf = (pathname: string): Part =>
  pathname === `${BASE}/checkout` ? "checkout" : pathname.startsWith(`${BASE}/control/`) ? "control" : "api";

/**
 * What each route that may read a body is sent, keyed `METHOD path` below the base: an example the properties
 * mutate, or null where hostile bodies alone fit. Every route that is not GET must be listed.
 */
export const bodyExamples: Record<string, unknown> = {
  "POST /checkout": { price_id: PRICE_ID, user_id: "u-new", email: "a@b.c", ...GOOD_CARD },
  "POST /control/subscriptions/:id/advance": null,
  "POST /control/subscriptions/:id/fail-next-renewal": { fail: true },
  "POST /control/webhooks/:id/resend": { asNewNotification: false },
  "PUT /control/delivery": { hold: false },
  "POST /control/webhooks/deliver-held": { order: "occurred" },
  "POST /pricing-preview": { items: [{ price_id: PRICE_ID, quantity: 1 }], address: { country_code: "US" } },
  "POST /subscriptions/:id/cancel": { effective_from: "next_billing_period" },
  "PATCH /subscriptions/:id": { scheduled_change: null },
  "PUT /control/faults": null,
  "DELETE /control/api-calls": null,
  "POST /adjustments": {
    action: "refund",
    type: "full",
    transaction_id: "txn_01h000000000000000000000aa",
    reason: "r",
  },
  "POST /control/prices": {
    id: "pri_01h000000000000000000000aa",
    amount: "500",
    currency_code: "USD",
    recurring: false,
  },
  "POST /control/adjustments/:id/review": { status: "approved" },
  "POST /control/transactions/:id/chargeback": null,
};

export type AuthChoice = "good" | "missing" | "basic" | "schemeOnly" | "lowercase" | "wrongKey";
export const authHeader: Record<AuthChoice, string | null> = {
  good: `Bearer ${API_KEY}`,
  missing: null,
  basic: "Basic cGFkZGxlOmtleQ==",
  schemeOnly: "Bearer",
  lowercase: `bearer ${API_KEY}`,
  wrongKey: "Bearer pdl_sdbx_apikey_other",
};
/** Paddle's 403 code for each refused Authorization header (`lowercase` is accepted: schemes ignore case). */
export const authRefusal: Partial<Record<AuthChoice, string>> = {
  missing: "authentication_missing",
  basic: "authentication_malformed",
  schemeOnly: "authentication_malformed",
  wrongKey: "invalid_token",
};

export interface PaddleWorldFixture {
  emulator: PaddleEmulator;
  dir: string;
  statePath: string;
  /** notifications the receiver got */
  received(): number;
  ids: {
    active: string;
    canceled: string;
    customer: string;
    price: string;
    paymentTxn: string;
    notification: string;
  };
  stop(): Promise<void>;
}

export async function startPaddleWorld(): Promise<PaddleWorldFixture> {
  let received = 0;
  const receiver = Bun.serve({
    port: 0,
    async fetch(req) {
      await req.arrayBuffer();
      received++;
      return Response.json({ ok: true });
    },
  });
  const dir = tempDir("hostile-paddle-");
  const statePath = join(dir, "paddle-emulator.db");
  const emulator = createPaddleEmulator({
    apiKey: API_KEY,
    webhookSecret: "pdl_ntfset_hostile",
    priceId: PRICE_ID,
    webhookUrl: `http://localhost:${receiver.port}/api/payment/webhook`,
    statePath,
    retry: false,
  });
  const call = (method: string, path: string, body?: unknown) =>
    emulator.app.request(`${ORIGIN}${BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const buy = async (userId: string) => {
    const form = new URLSearchParams({
      price_id: PRICE_ID,
      user_id: userId,
      email: `${userId}@x.test`,
      ...GOOD_CARD,
    });
    const res = await emulator.app.request(`${ORIGIN}${BASE}/checkout`, { method: "POST", body: form });
    if (res.status !== 303) throw new Error(`checkout answered ${res.status}`);
    const sub = emulator.world.subscriptions().find((s) => s.custom_data?.user_id === userId);
    if (!sub) throw new Error("no subscription");
    return sub;
  };
  const active = await buy("u-active");
  const canceled = await buy("u-canceled");
  await call("POST", `/subscriptions/${canceled.id}/cancel`, { effective_from: "immediately" });
  const txn = (await (
    await call("GET", `/subscriptions/${active.id}/update-payment-method-transaction`)
  ).json()) as {
    data: { id: string };
  };
  const notification = emulator.world.subscriptions().length > 0 ? await firstNotification(emulator) : "";
  return {
    emulator,
    dir,
    statePath,
    received: () => received,
    ids: {
      active: active.id,
      canceled: canceled.id,
      customer: active.customer_id,
      price: PRICE_ID,
      paymentTxn: txn.data.id,
      notification,
    },
    async stop() {
      emulator.close();
      await receiver.stop(true);
    },
  };
}

async function firstNotification(emulator: PaddleEmulator): Promise<string> {
  const res = await emulator.app.request(`${ORIGIN}${BASE}/control/webhooks`);
  const list = (await res.json()) as { webhooks: { notificationId: string }[] };
  return list.webhooks[0]?.notificationId ?? "";
}

export function segmentArb(world: PaddleWorldFixture): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: hostileSegment },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(world.ids)) },
    { weight: 1, arbitrary: fc.constantFrom("sub_01", "sub_".padEnd(30, "0"), "x".repeat(5_000), "pri_%00") },
  );
}

/** Checkout forms: the right fields with hostile or almost right values (never a card that is accepted). */
export function checkoutFormArb(world: PaddleWorldFixture): fc.Arbitrary<string> {
  const value = fc.oneof(
    hostileString,
    fc.constantFrom(world.ids.paymentTxn, world.ids.active, PRICE_ID, ""),
  );
  return fc
    .record(
      {
        price_id: fc.oneof(fc.constant(PRICE_ID), value),
        user_id: value,
        email: fc.oneof(fc.constant("a@b.c"), value),
        card_number: fc.oneof(fc.constantFrom("4000 0000 0000 0002", "4242 4242 4242 4241", "1"), value),
        expiry: fc.oneof(fc.constantFrom("12/40", "13/40", "01/20", "1/2"), value),
        cvc: fc.oneof(fc.constantFrom("123", "12", "12345"), value),
        _ptxn: value,
        success_url: fc.oneof(
          fc.constantFrom("https://evil.test/", "javascript:alert(1)", "//evil.test"),
          value,
        ),
      },
      { requiredKeys: [] },
    )
    .map((fields) =>
      new URLSearchParams(fields as Record<string, string>).toString().replace(/%EF%BF%BD/g, "%FF"),
    );
}

export function bodyArb(routeKeyBelowBase: string, world: PaddleWorldFixture): fc.Arbitrary<string | null> {
  if (routeKeyBelowBase === "POST /checkout")
    return fc.oneof(
      { weight: 3, arbitrary: checkoutFormArb(world) },
      { weight: 1, arbitrary: hostileBodyText },
    );
  const example = bodyExamples[routeKeyBelowBase];
  const options: { weight: number; arbitrary: fc.Arbitrary<string | null> }[] = [
    { weight: 3, arbitrary: hostileBodyText },
    { weight: 1, arbitrary: fc.constant(null) },
  ];
  if (example !== undefined && example !== null)
    options.push(
      { weight: 3, arbitrary: mutatedInput(example) },
      { weight: 2, arbitrary: sameShapeInput(example) },
      { weight: 3, arbitrary: numbersReplaced(example) },
      { weight: 3, arbitrary: nodeReplaced(example) },
    );
  return fc.oneof(...options);
}
