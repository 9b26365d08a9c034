import { eq } from "drizzle-orm";
import { subscriptions } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { PaddleApiError } from "../paddle/client.ts";
import { AdjustmentSchema, type PaddleWebhookEvent } from "../paddle/types.ts";
import { findSubscription, knownTransaction } from "./records.ts";
import { providerError } from "./subscriptions.ts";

/**
 * Cancels at Paddle, at once, a subscription whose payment was refunded or charged back (the refund policy:
 * the subscription ends). Crate already treats it as ended; this stops Paddle from charging it again.
 */
export async function cancelRefundedSubscription(deps: Deps, subscriptionId: string): Promise<void> {
  try {
    await deps.paddle.cancelImmediately(subscriptionId);
    deps.log.info("refunded subscription cancelled at paddle", { subscriptionId });
  } catch (err) {
    // Already canceled at Paddle, or unknown there: nothing left to cancel.
    const nothingToCancel =
      err instanceof PaddleApiError &&
      (err.status === 404 || (err.status === 400 && err.code === "subscription_update_when_canceled"));
    if (!nothingToCancel) {
      deps.log.error("refunded subscription could not be cancelled at paddle", {
        subscriptionId,
        error: err instanceof Error ? err.message : String(err),
      });
      throw providerError(deps, err, "cancel the refunded subscription");
    }
  }
  deps.db
    .update(subscriptions)
    .set({ providerStatus: "canceled" })
    .where(eq(subscriptions.id, subscriptionId))
    .run();
}

/** A repeated adjustment event: the cancel its first delivery could not make is made now. */
export async function finishRefundCancels(deps: Deps, event: PaddleWebhookEvent): Promise<void> {
  const adj = AdjustmentSchema.safeParse(event.data);
  if (!adj.success) return;
  const subscriptionId =
    adj.data.subscription_id ?? knownTransaction(deps.db, adj.data.transaction_id)?.subscriptionId ?? null;
  const sub = subscriptionId ? findSubscription(deps.db, subscriptionId) : undefined;
  if (sub?.refundedAt != null && sub.providerStatus !== "canceled") {
    await cancelRefundedSubscription(deps, sub.id);
  }
}
