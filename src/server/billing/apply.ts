import { premiumLevel } from "../../shared/membership.ts";
import { toDisplayAmount } from "../../shared/money.ts";
import type { Tx } from "../db/transaction.ts";
import {
  AdjustmentSchema,
  customUserId,
  type PaddleSubscription,
  type PaddleTransaction,
  type PaddleWebhookEvent,
  SubscriptionSchema,
  TransactionSchema,
} from "../paddle/types.ts";
import { applyAdjustment } from "./adjustments.ts";
import { type ApplyResult, type EventContext, mayChangeLevel } from "./event-context.ts";
import { type MembershipChange, writeMembershipLevel } from "./membership.ts";
import {
  findSubscription,
  hasOtherRunningSubscription,
  isPremiumMemberNow,
  recordPayment,
  type SubscriptionRow,
  type SubscriptionStatusValue,
  upsertSubscription,
  userExists,
} from "./records.ts";
import { grantsPremium, includesPrice, parseTime, recurringFeeOf, subscriptionStatusOf } from "./status.ts";

/** Applies one verified, not yet seen Paddle event inside the caller's transaction. */
export function applyPaddleEvent(
  tx: Tx,
  event: PaddleWebhookEvent,
  now: number,
  priceId: string,
): ApplyResult {
  const ctx: EventContext = { tx, event, occurredAt: Date.parse(event.occurred_at), now, priceId };
  if (event.event_type === "adjustment.created" || event.event_type === "adjustment.updated") {
    const parsed = AdjustmentSchema.safeParse(event.data);
    return parsed.success ? applyAdjustment(ctx, parsed.data) : ignored();
  }
  if (event.event_type === "transaction.completed") {
    const parsed = TransactionSchema.safeParse(event.data);
    return parsed.success ? applyCompletedTransaction(ctx, parsed.data) : ignored();
  }
  if (event.event_type.startsWith("subscription.")) {
    const parsed = SubscriptionSchema.safeParse(event.data);
    return parsed.success ? applySubscriptionState(ctx, parsed.data) : ignored();
  }
  return ignored();
}

const ignored = (): ApplyResult => ({ outcome: "ignored", changes: [] });

/** Every subscription.* event carries the whole subscription entity: its status decides the state. */
function applySubscriptionState(ctx: EventContext, sub: PaddleSubscription): ApplyResult {
  const { tx, occurredAt, now, event } = ctx;
  const existing = findSubscription(tx, sub.id);
  // Events come at least once and in any order: never let an older one overwrite newer state.
  if (existing && occurredAt < existing.lastEventAt)
    return { outcome: "superseded", changes: [], userId: existing.userId };
  // The first owner stays the owner: custom_data of a later event never moves a subscription to another user.
  const userId = existing?.userId ?? customUserId(sub.custom_data) ?? null;
  if (!userId) return { outcome: "no_user", changes: [] };
  const crateProduct = includesPrice(sub.items, ctx.priceId);
  // Another product sold on the same Paddle account: its purchase is recorded (transaction), never granted.
  if (!existing && !crateProduct) return { outcome: "not_crate_product", changes: [], userId };

  const refunded = existing?.refundedAt != null;
  const status = refunded || !crateProduct ? "Cancelled" : subscriptionStatusOf(sub);
  const premium = grantsPremium(sub.status) && crateProduct && !refunded;
  const startedAt =
    existing?.startedAt ?? parseTime(sub.started_at) ?? parseTime(sub.created_at) ?? occurredAt;
  const fee = recurringFeeOf(sub);
  upsertSubscription(tx, {
    id: sub.id,
    userId,
    customerId: sub.customer_id ?? existing?.customerId ?? null,
    status,
    providerStatus: sub.status,
    nextBillingDate: parseTime(sub.next_billed_at),
    currentBillingPeriodEnds: parseTime(sub.current_billing_period?.ends_at),
    amount: fee ? toDisplayAmount(fee.amount, fee.currency_code) : (existing?.amount ?? null),
    currency: fee?.currency_code ?? existing?.currency ?? null,
    lastEventAt: occurredAt,
    endedAt: premium ? null : (existing?.endedAt ?? parseTime(sub.canceled_at) ?? occurredAt),
    updatedAt: now,
    startedAt,
    refundedAt: existing?.refundedAt ?? null,
  });

  const change = refunded ? null : describeTransition(existing, status, sub);
  if (change) {
    recordPayment(tx, {
      userId,
      change: change.label,
      effectiveDate: change.effectiveDate ?? occurredAt,
      registeredDate: now,
      notificationId: event.notification_id ?? event.event_id,
      customerId: sub.customer_id ?? null,
      subscriptionId: sub.id,
      amount: null,
      currency: null,
      eventId: event.event_id,
    });
  }

  if (!userExists(tx, userId)) return { outcome: "no_user", changes: [], userId };
  const premiumNow = isPremiumMemberNow(tx, userId);
  const changes: MembershipChange[] = [];
  if (!mayChangeLevel(tx, userId, startedAt)) return { outcome: "applied", changes, userId };
  if (premium && !premiumNow) {
    const c = writeMembershipLevel(tx, userId, premiumLevel, "subscription", occurredAt);
    if (c) changes.push(c);
  } else if (!premium && premiumNow && !hasOtherRunningSubscription(tx, userId, sub.id)) {
    const c = writeMembershipLevel(tx, userId, "Free", "subscription", occurredAt);
    if (c) changes.push(c);
  }
  return { outcome: "applied", changes, userId };
}

/** The payment record label for a change of Crate's subscription status (null: nothing changed). */
function describeTransition(
  before: SubscriptionRow | undefined,
  status: SubscriptionStatusValue,
  sub: PaddleSubscription,
): { label: string; effectiveDate: number | null } | null {
  const previous = before?.status;
  if (previous === status && before?.providerStatus === sub.status) return null;
  if (status === "Active") {
    if (previous === undefined) return { label: "SubscriptionStarted", effectiveDate: null };
    if (previous === "BeingCancelled") return { label: "Reactivated", effectiveDate: null };
    if (previous === "Cancelled") return { label: "Resumed", effectiveDate: null };
    return null;
  }
  if (status === "BeingCancelled") {
    return { label: "CancellationScheduled", effectiveDate: parseTime(sub.scheduled_change?.effective_at) };
  }
  if (sub.status === "past_due") return { label: "RenewalFailed", effectiveDate: null };
  if (sub.status === "paused")
    return { label: "Paused", effectiveDate: parseTime(sub.scheduled_change?.effective_at) };
  return { label: "Cancelled", effectiveDate: parseTime(sub.canceled_at) };
}

function transactionLabel(origin: string | null | undefined): string {
  if (origin === "subscription_recurring") return "Renewal";
  if (origin === "subscription_payment_method_change") return "PaymentMethodUpdated";
  if (origin === "subscription_charge" || origin === "subscription_update") return "Charge";
  return "Purchase";
}

/**
 * A completed transaction is a payment and is always recorded. Only the payment of a subscription to Crate's
 * price makes the user premium (unless newer state says otherwise); a one-off or another product grants nothing.
 */
function applyCompletedTransaction(ctx: EventContext, txn: PaddleTransaction): ApplyResult {
  const { tx, occurredAt, now, event } = ctx;
  const existing = txn.subscription_id ? findSubscription(tx, txn.subscription_id) : undefined;
  const userId = existing?.userId ?? customUserId(txn.custom_data) ?? null;
  if (!userId) return { outcome: "no_user", changes: [] };

  const methodChange = txn.origin === "subscription_payment_method_change";
  // Crate sells one thing: a subscription to its price. A one-off payment (no subscription) is not it.
  const crateProduct = includesPrice(txn.items, ctx.priceId) && Boolean(txn.subscription_id);
  const total = txn.details?.totals?.grand_total ?? txn.details?.totals?.total;
  const currency = txn.currency_code ?? null;
  recordPayment(tx, {
    userId,
    change: crateProduct || methodChange ? transactionLabel(txn.origin) : "NotCrateProduct",
    effectiveDate: parseTime(txn.billing_period?.starts_at) ?? parseTime(txn.billed_at) ?? occurredAt,
    registeredDate: now,
    notificationId: event.notification_id ?? event.event_id,
    customerId: txn.customer_id ?? null,
    subscriptionId: txn.subscription_id ?? null,
    amount: total && currency ? toDisplayAmount(total, currency) : null,
    currency,
    eventId: event.event_id,
  });

  // Updating the payment method is a zero charge that says nothing about the subscription's state.
  if (methodChange) return { outcome: "applied", changes: [], userId };
  if (!crateProduct || !txn.subscription_id) return { outcome: "not_crate_product", changes: [], userId };
  if (existing && occurredAt < existing.lastEventAt) return { outcome: "superseded", changes: [], userId };
  // A refunded subscription stays ended, whatever its later payments say.
  if (existing?.refundedAt != null) return { outcome: "applied", changes: [], userId };

  const startedAt = existing?.startedAt ?? parseTime(txn.billing_period?.starts_at) ?? occurredAt;
  const periodEnds = parseTime(txn.billing_period?.ends_at);
  const running = existing !== undefined && existing.status !== "Cancelled";
  upsertSubscription(tx, {
    id: txn.subscription_id,
    userId,
    customerId: txn.customer_id ?? existing?.customerId ?? null,
    // A payment newer than every subscription event shows it running again (a recovered renewal).
    status: running ? existing.status : "Active",
    providerStatus: running ? existing.providerStatus : "active",
    nextBillingDate: periodEnds ?? existing?.nextBillingDate ?? null,
    currentBillingPeriodEnds: periodEnds ?? existing?.currentBillingPeriodEnds ?? null,
    amount: existing?.amount ?? null,
    currency: existing?.currency ?? null,
    // A subscription first seen through its transaction keeps 0, so its own events (often older) still apply.
    lastEventAt: existing ? occurredAt : 0,
    endedAt: null,
    updatedAt: now,
    startedAt,
    refundedAt: null,
  });

  if (!userExists(tx, userId)) return { outcome: "no_user", changes: [], userId };
  if (isPremiumMemberNow(tx, userId) || !mayChangeLevel(tx, userId, startedAt))
    return { outcome: "applied", changes: [], userId };
  const change = writeMembershipLevel(tx, userId, premiumLevel, "payment", occurredAt);
  return { outcome: "applied", changes: change ? [change] : [], userId };
}
