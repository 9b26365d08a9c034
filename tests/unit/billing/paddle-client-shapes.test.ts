// Crate's Paddle client and the details it derives, fed Paddle's published entity shapes (typed with the
// official SDK's response types in paddle-reference-shapes.ts) rather than the emulator's answers.
import { describe, expect, test } from "bun:test";
import { Subscription, Transaction } from "@paddle/paddle-node-sdk";
import { subscriptionDetailsOf } from "../../../src/server/billing/status.ts";
import { createPaddleClient } from "../../../src/server/paddle/client.ts";
import {
  barePrice,
  bareSubscription,
  bareTransaction,
  paymentMethodTransaction,
  price,
  subscription,
} from "./paddle-reference-shapes.ts";

/** A Paddle that answers every call with `{data, meta}` around the next sample. */
function clientAnswering(...samples: unknown[]) {
  const queue = [...samples];
  return createPaddleClient({
    apiUrl: "https://sandbox-api.paddle.test",
    apiKey: "pdl_sdbx_apikey_shapes",
    maxRetries: 0,
    fetch: async () =>
      Response.json({ data: queue.shift(), meta: { request_id: "2a2b5c1e-2f9a-4b3e-8c1d-0a1b2c3d4e5f" } }),
  });
}

describe("the samples are what the SDK itself reads", () => {
  test("its entity classes accept them", () => {
    expect(new Subscription(subscription).scheduledChange?.action).toBe("cancel");
    expect(new Subscription(bareSubscription).nextBilledAt).toBeNull();
    expect(new Transaction(paymentMethodTransaction).origin).toBe("subscription_payment_method_change");
    expect(new Transaction(bareTransaction).details).toBeNull();
  });
});

describe("Crate's Paddle client parses Paddle's published shapes", () => {
  test("prices, full and bare", async () => {
    const paddle = clientAnswering(price, barePrice);
    expect((await paddle.getPrice(price.id)).unit_price).toEqual({ amount: "30000", currency_code: "USD" });
    expect((await paddle.getPrice(barePrice.id)).billing_cycle).toBeUndefined();
  });

  test("a subscription with a scheduled cancel, through get, cancel and reactivate", async () => {
    const paddle = clientAnswering(subscription, subscription, { ...subscription, scheduled_change: null });
    const read = await paddle.getSubscription(subscription.id);
    expect(subscriptionDetailsOf(read)).toEqual({
      status: "BeingCancelled",
      nextBillingDate: "2025-04-12T10:18:47.635Z",
      currentBillingPeriodEnds: "2025-04-12T10:18:47.635Z",
      recurringFeeAmount: { amount: "300.00", currency: "USD" },
    });
    expect((await paddle.cancelAtPeriodEnd(subscription.id)).scheduled_change?.action).toBe("cancel");
    expect(subscriptionDetailsOf(await paddle.removeScheduledChange(subscription.id)).status).toBe("Active");
  });

  test("a subscription with only the required fields", async () => {
    const read = await clientAnswering(bareSubscription).getSubscription(bareSubscription.id);
    expect(subscriptionDetailsOf(read)).toEqual({
      status: "Cancelled",
      nextBillingDate: null,
      currentBillingPeriodEnds: null,
      recurringFeeAmount: { amount: "49.00", currency: "EUR" },
    });
  });

  test("the payment-method-change transaction, full and bare", async () => {
    const paddle = clientAnswering(paymentMethodTransaction, bareTransaction);
    const full = await paddle.getUpdatePaymentMethodTransaction(subscription.id);
    expect(full.id).toBe(paymentMethodTransaction.id);
    expect(full.origin).toBe("subscription_payment_method_change");
    expect((await paddle.getUpdatePaymentMethodTransaction(subscription.id)).id).toBe(bareTransaction.id);
  });
});
