import { toDisplayAmount } from "../../shared/money.ts";
import type { PaddleAdjustment } from "../paddle/types.ts";
import { type ApplyResult, type EventContext, mayChangeLevel } from "./event-context.ts";
import { type MembershipChange, writeMembershipLevel } from "./membership.ts";
import {
  adjustmentApplied,
  findSubscription,
  hasOtherRunningSubscription,
  isPremiumMemberNow,
  knownTransaction,
  recordPayment,
  upsertSubscription,
  userExists,
} from "./records.ts";

/** The adjustments that take back a payment: the refund policy ends the subscription for these. */
const ENDING_ACTIONS: Record<string, string> = { refund: "Refunded", chargeback: "Chargeback" };

/**
 * adjustment.created / adjustment.updated. An approved refund or chargeback of a payment for one of Crate's
 * subscriptions ends that subscription (the caller cancels it at Paddle after the commit), returns the member to
 * Free and is recorded as a payment. A pending or rejected one, a credit or a warning changes nothing; an
 * adjustment of anything else is recorded only.
 */
export function applyAdjustment(ctx: EventContext, adj: PaddleAdjustment): ApplyResult {
  const { tx, event, occurredAt, now } = ctx;
  const label = ENDING_ACTIONS[adj.action];
  if (!label || adj.status !== "approved") return { outcome: "ignored", changes: [] };
  // adjustment.created (approved) and a later adjustment.updated (approved) take back one payment, once.
  if (adjustmentApplied(tx, adj.id, event.event_id)) return { outcome: "superseded", changes: [] };

  const paid = knownTransaction(tx, adj.transaction_id);
  const subscriptionId = adj.subscription_id ?? paid?.subscriptionId ?? null;
  const sub = subscriptionId ? findSubscription(tx, subscriptionId) : undefined;
  const userId = sub?.userId ?? paid?.userId ?? null;
  if (!userId) return { outcome: "no_user", changes: [] };

  const total = adj.totals?.total;
  const currency = adj.totals?.currency_code ?? adj.currency_code ?? null;
  recordPayment(tx, {
    userId,
    change: label,
    effectiveDate: occurredAt,
    registeredDate: now,
    notificationId: event.notification_id ?? event.event_id,
    customerId: adj.customer_id ?? null,
    subscriptionId,
    amount: total && currency ? toDisplayAmount(total, currency) : null,
    currency,
    eventId: event.event_id,
  });
  // Not a payment for one of Crate's subscriptions: nothing to end.
  if (!sub) return { outcome: "not_crate_product", changes: [], userId };

  upsertSubscription(tx, {
    ...sub,
    status: "Cancelled",
    endedAt: sub.endedAt ?? occurredAt,
    refundedAt: sub.refundedAt ?? occurredAt,
    updatedAt: now,
  });
  const changes: MembershipChange[] = [];
  const stillPremium = hasOtherRunningSubscription(tx, userId, sub.id);
  if (
    userExists(tx, userId) &&
    isPremiumMemberNow(tx, userId) &&
    !stillPremium &&
    mayChangeLevel(tx, userId, sub.startedAt)
  ) {
    const change = writeMembershipLevel(tx, userId, "Free", "payment", occurredAt);
    if (change) changes.push(change);
  }
  const cancelAtPaddle = sub.providerStatus === "canceled" ? undefined : sub.id;
  return { outcome: "applied", changes, userId, cancelAtPaddle };
}
