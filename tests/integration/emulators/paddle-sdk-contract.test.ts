// Paddle's own Node SDK (@paddle/paddle-node-sdk, pinned) drives the Paddle emulator over HTTP through every
// call Crate makes, and its webhook helper accepts the emulator's signed notifications. The SDK takes a base
// URL in place of its environment name, so it talks to the emulator exactly as it talks to the sandbox.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import {
  type CurrencyCode,
  type Environment,
  EventName,
  type IPriceResponse,
  type ISubscriptionResponse,
  type ITransactionResponse,
  Paddle,
} from "@paddle/paddle-node-sdk";
import type {
  PaddlePriceEntity,
  PaddleSubscriptionEntity,
  PaddleTransactionEntity,
} from "../../../src/emulators/paddle/entities.ts";
import { createPaddleEmulator, type PaddleEmulator } from "../../../src/emulators/paddle/index.ts";

// The emulator's entity types are the SDK's response types (the compiler refuses this file otherwise), but
// for the currency: the emulator takes any ISO 4217 code, the SDK lists those Paddle supports.
type AnyCurrency<T> = T extends CurrencyCode
  ? string
  : T extends (infer E)[]
    ? AnyCurrency<E>[]
    : T extends object
      ? { [K in keyof T]: AnyCurrency<T[K]> }
      : T;
type Fits<T extends AnyCurrency<U>, U> = T;
export type EntitiesFitTheSdk = [
  Fits<PaddlePriceEntity, IPriceResponse>,
  Fits<PaddleSubscriptionEntity, ISubscriptionResponse>,
  Fits<PaddleTransactionEntity, ITransactionResponse>,
];

import { tempDir } from "../../support/server.ts";

const API_KEY = "pdl_sdbx_apikey_01sdkcontract000000000000000";
const SECRET = "pdl_ntfset_01sdkcontract_secret";
const PRICE_ID = "pri_01sdkcontract00000000000000";
const CARD = { card_number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

interface Received {
  body: string;
  signature: string;
}

const received: Received[] = [];
const receiver = Bun.serve({
  port: 0,
  async fetch(req) {
    received.push({ body: await req.text(), signature: req.headers.get("paddle-signature") ?? "" });
    return Response.json({ ok: true });
  },
});
const dir = tempDir("paddle-sdk-");
let emulator: PaddleEmulator;
let server: ReturnType<typeof Bun.serve>;
let paddle: Paddle;
let base = "";

async function buy(userId: string): Promise<string> {
  const form = new URLSearchParams({
    price_id: PRICE_ID,
    user_id: userId,
    email: `${userId}@x.test`,
    ...CARD,
  });
  const res = await fetch(`${base}/checkout`, { method: "POST", body: form, redirect: "manual" });
  if (res.status !== 303) throw new Error(`checkout answered ${res.status}`);
  const sub = emulator.world.subscriptions().find((s) => s.custom_data?.user_id === userId);
  if (!sub) throw new Error("no subscription after the checkout");
  return sub.id;
}

beforeAll(() => {
  emulator = createPaddleEmulator({
    apiKey: API_KEY,
    webhookSecret: SECRET,
    priceId: PRICE_ID,
    webhookUrl: `http://127.0.0.1:${receiver.port}/api/payment/webhook`,
    statePath: join(dir, "paddle-emulator.db"),
    retry: false,
  });
  server = Bun.serve({ port: 0, fetch: (req) => emulator.app.fetch(req) });
  base = `http://127.0.0.1:${server.port}/emulator/paddle`;
  // The SDK uses its environment's base URL, or the environment itself when it is not a known name.
  paddle = new Paddle(API_KEY, { environment: base as unknown as Environment });
});

afterAll(async () => {
  emulator.close();
  await server.stop(true);
  await receiver.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

test("the SDK sends `Authorization: bearer <key>` in lower case, and the emulator accepts it as Paddle does", async () => {
  const price = await paddle.prices.get(PRICE_ID);
  expect(price.id).toBe(PRICE_ID);
  expect(price.unitPrice).toEqual({ amount: "4900", currencyCode: "USD" });
  expect(price.billingCycle).toEqual({ interval: "year", frequency: 1 });
});

test("an unknown price is the SDK's ApiError with Paddle's code", async () => {
  const err = await paddle.prices.get("pri_01unknown000000000000000000").catch((e: unknown) => e);
  expect(err).toMatchObject({ code: "not_found", type: "request_error" });
});

test("a wrong key is refused with invalid_token even in the SDK's lower-case scheme", async () => {
  const other = new Paddle("pdl_sdbx_apikey_01wrong", { environment: base as unknown as Environment });
  const err = await other.prices.get(PRICE_ID).catch((e: unknown) => e);
  expect(err).toMatchObject({ code: "invalid_token" });
});

test("pricing preview parses, with line item totals", async () => {
  const preview = await paddle.pricingPreview.preview({
    items: [{ priceId: PRICE_ID, quantity: 1 }],
    address: { countryCode: "US" },
  });
  expect(preview.currencyCode).toBe("USD");
  expect(preview.details.lineItems).toHaveLength(1);
  expect(preview.details.lineItems[0]?.price.id).toBe(PRICE_ID);
  expect(preview.details.lineItems[0]?.formattedTotals).toBeDefined();
  expect(preview.details.lineItems[0]?.totals.total).toBe("4900");
});

test("a subscription is read, cancelled at the period's end, reactivated, and cancelled at once", async () => {
  const id = await buy("u-sdk-lifecycle");
  const sub = await paddle.subscriptions.get(id);
  expect(sub.status).toBe("active");
  expect(sub.customData).toEqual({ user_id: "u-sdk-lifecycle" });
  expect(sub.items[0]?.price?.id).toBe(PRICE_ID);
  expect(sub.currentBillingPeriod?.endsAt).toBe(sub.nextBilledAt ?? "");
  expect(sub.managementUrls?.updatePaymentMethod).toContain(id);

  const scheduled = await paddle.subscriptions.cancel(id, { effectiveFrom: "next_billing_period" });
  expect(scheduled.scheduledChange?.action).toBe("cancel");
  expect(scheduled.status).toBe("active");

  const reactivated = await paddle.subscriptions.update(id, { scheduledChange: null });
  expect(reactivated.scheduledChange).toBeNull();

  const txn = await paddle.subscriptions.getPaymentMethodChangeTransaction(id);
  expect(txn.id).toStartWith("txn_");
  expect(txn.origin).toBe("subscription_payment_method_change");
  expect(txn.subscriptionId).toBe(id);

  const ended = await paddle.subscriptions.cancel(id, { effectiveFrom: "immediately" });
  expect(ended.status).toBe("canceled");
  const refused = await paddle.subscriptions.cancel(id).catch((e: unknown) => e);
  expect(refused).toMatchObject({ type: "request_error" });
});

test("the purchase's transaction is read", async () => {
  const id = await buy("u-sdk-transaction");
  const completed = received
    .map((r) => JSON.parse(r.body) as { event_type: string; data: { id: string; subscription_id: string } })
    .find((e) => e.event_type === "transaction.completed" && e.data.subscription_id === id);
  if (!completed) throw new Error("no transaction.completed notification");
  const txn = await paddle.transactions.get(completed.data.id);
  expect(txn.status).toBe("completed");
  expect(txn.subscriptionId).toBe(id);
  expect(txn.customData).toEqual({ user_id: "u-sdk-transaction" });
  expect(txn.details?.totals?.total).toBe("4900");
  expect(txn.items[0]?.price?.id).toBe(PRICE_ID);
});

test("webhooks.unmarshal accepts every signed notification with the notification secret", async () => {
  await buy("u-sdk-webhooks");
  expect(received.length).toBeGreaterThan(0);
  const types = new Set<string>();
  for (const r of received) {
    const event = await paddle.webhooks.unmarshal(r.body, SECRET, r.signature);
    expect(event.eventId).toBe((JSON.parse(r.body) as { event_id: string }).event_id);
    types.add(event.eventType);
  }
  for (const t of [
    EventName.SubscriptionCreated,
    EventName.TransactionCompleted,
    EventName.SubscriptionCanceled,
  ])
    expect(types).toContain(t);
  const first = received[0] as Received;
  const refused = await paddle.webhooks
    .unmarshal(first.body, "pdl_ntfset_other", first.signature)
    .catch((e) => e);
  expect(refused).toBeInstanceOf(Error);
});

test("the SDK lists the notification destination: Crate's webhook address, its events and its secret", async () => {
  const settings = await paddle.notificationSettings.list();
  expect(settings).toHaveLength(1);
  const [setting] = settings;
  expect(setting?.id).toMatch(/^ntfset_[a-z\d]{26}$/);
  expect(setting).toMatchObject({
    type: "url",
    destination: `http://127.0.0.1:${receiver.port}/api/payment/webhook`,
    active: true,
    endpointSecretKey: SECRET,
    trafficSource: "platform",
  });
  expect(setting?.subscribedEvents.map((e) => e.name)).toContain("transaction.completed");
  expect(await paddle.notificationSettings.list({ active: false })).toEqual([]);
  const refused = await new Paddle("pdl_sdbx_apikey_01wrong0000000000000000000", {
    environment: base as unknown as Environment,
  }).notificationSettings
    .list()
    .catch((e: unknown) => e);
  expect(refused).toMatchObject({ code: "invalid_token" });
});
