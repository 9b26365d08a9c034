import { and, eq, ne } from "drizzle-orm";
import { messages } from "../../shared/errors.ts";
import { subscriptions } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { PaddleApiError } from "../paddle/client.ts";
import { AppError } from "../platform/errors.ts";
import { providerError } from "./subscriptions.ts";

/**
 * Before an account is deleted, each running subscription is cancelled at the end of its billing period, so
 * nobody keeps paying for an account that is gone. A failure at Paddle refuses the deletion (nothing deleted).
 */
export async function cancelSubscriptionsBeforeDeletion(
  deps: Pick<Deps, "db" | "paddle" | "config" | "log">,
  userId: string,
): Promise<void> {
  const running = deps.db
    .select({ id: subscriptions.id, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "Cancelled")))
    .all();
  for (const row of running) {
    if (row.status === "BeingCancelled") continue;
    if (!deps.config.premium) {
      // PREMIUM=off: Crate holds no Paddle key any more; the operator cancels it in Paddle's dashboard.
      deps.log.warn("deleted account has a running subscription to cancel in Paddle", {
        subscriptionId: row.id,
      });
      continue;
    }
    try {
      const sub = await deps.paddle.getSubscription(row.id);
      if (sub.status === "canceled" || sub.scheduled_change?.action === "cancel") continue;
      await deps.paddle.cancelAtPeriodEnd(row.id);
      deps.log.info("subscription cancel scheduled for account deletion", { userId, subscriptionId: row.id });
    } catch (err) {
      if (err instanceof PaddleApiError && err.status === 404) continue;
      const cause = providerError(deps, err, "cancel the subscription");
      throw new AppError(cause.code, `${messages.deletionNeedsCancel} ${cause.message}`, cause.status);
    }
  }
}
