import { Hono } from "hono";
import {
  cancelSubscription,
  getPremiumPrice,
  getSubscriptionDetails,
  getUpdatePaymentMethodTransaction,
  reactivateSubscription,
} from "../billing/subscriptions.ts";
import { receivePaddleWebhook } from "../billing/webhook.ts";
import type { Deps } from "../deps/deps.ts";
import { requireUser } from "./validate.ts";

/** The documented /api/payment paths; the subscription calls act on the signed-in user's own subscription. */
export function billingRest(deps: Deps) {
  return new Hono()
    .post("/payment/pricing", async (c) => c.json(await getPremiumPrice(deps)))
    .get("/payment/subscription", async (c) =>
      c.json(await getSubscriptionDetails(deps, requireUser(c, deps).userId)),
    )
    .post("/payment/subscription/cancel", async (c) =>
      c.json(await cancelSubscription(deps, requireUser(c, deps).userId)),
    )
    .post("/payment/subscription/reactivate", async (c) =>
      c.json(await reactivateSubscription(deps, requireUser(c, deps).userId)),
    )
    .get("/payment/subscription/update-payment-method-transaction", async (c) =>
      c.json(await getUpdatePaymentMethodTransaction(deps, requireUser(c, deps).userId)),
    )
    .post("/payment/webhook", async (c) => {
      // The signature covers the exact bytes Paddle sent, so the body is read raw, never re-serialised.
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      return c.json(
        await receivePaddleWebhook(deps, { rawBody, signature: c.req.header("paddle-signature") }),
      );
    });
}
