import { Hono } from "hono";
import { ErrorCode } from "../../shared/errors.ts";
import {
  cancelSubscription,
  getPremiumPrice,
  getSubscriptionDetails,
  getUpdatePaymentMethodTransaction,
  reactivateSubscription,
} from "../billing/subscriptions.ts";
import { receivePaddleWebhook } from "../billing/webhook.ts";
import type { Deps } from "../deps/deps.ts";
import { crossSiteRequest } from "../http/security.ts";
import { refuse } from "../platform/http-errors.ts";
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
    .get("/payment/subscription/update-payment-method-transaction", async (c) => {
      const user = requireUser(c, deps);
      // A GET that creates a transaction at Paddle: another site must not make a signed-in browser open one.
      if (crossSiteRequest(c.req, new URL(deps.config.publicUrl).origin)) {
        return refuse(c, 403, ErrorCode.Unauthorized, "Cross-site request refused.");
      }
      return c.json(await getUpdatePaymentMethodTransaction(deps, user.userId));
    })
    .post("/payment/webhook", async (c) => {
      // The signature covers the exact bytes Paddle sent, so the body is read raw, never re-serialised.
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      return c.json(
        await receivePaddleWebhook(deps, { rawBody, signature: c.req.header("paddle-signature") }),
      );
    });
}
