import { toDisplayAmount } from "../../shared/money.ts";
import type { Db } from "../db/client.ts";
import {
  customUserId,
  type PaddleSubscription,
  type PaddleTransaction,
  type PaddleWebhookEvent,
  SubscriptionSchema,
  TransactionSchema,
} from "../paddle/types.ts";
import { type MembershipChange, writeMembershipLevel } from "./membership.ts";
import {
  currentLevel,
  findSubscription,
  hasOtherRunningSubscription,
  recordPayment,
  type SubscriptionRow,
  type SubscriptionStatusValue,
  upsertSubscription,
  userExists,
} from "./records.ts";
import { grantsPremium, parseTime, recurringFeeOf, subscriptionStatusOf } from "./status.ts";

export type EventOutcome = "applied" | "superseded" | "ignored" | "no_user";

export interface ApplyResult {
  outcome: EventOutcome;
  /** membership changes written in the event's transaction */
  changes: MembershipChange[];
  /** the user the event belongs to, when known */
  userId?: string;
}

interface EventContext {
  tx: Db;
  event: PaddleWebhookEvent;
  occurredAt: number;
  now: number;
}

/** Applies one verified, not yet seen Paddle event inside the caller's transaction. */
export function applyPaddleEvent(tx: Db, event: PaddleWebhookEvent, now: number): ApplyResult {
  const ctx: EventContext = { tx, event, occurredAt: Date.parse(event.occurred_at), now };
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

  const status = subscriptionStatusOf(sub);
  const premium = grantsPremium(sub.status);
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
  });

  const change = describeTransition(existing, status, sub);
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
  const level = currentLevel(tx, userId);
  const changes: MembershipChange[] = [];
  if (premium && level !== "PremiumYearly") {
    const c = writeMembershipLevel(tx, userId, "PremiumYearly", "subscription", occurredAt);
    if (c) changes.push(c);
  } else if (!premium && level === "PremiumYearly" && !hasOtherRunningSubscription(tx, userId, sub.id)) {
    // Only premium that a subscription gave is taken away; a level the admin set stays.
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

/** A completed transaction is a payment: it is always recorded, and it makes the user premium unless newer state says otherwise. */
function applyCompletedTransaction(ctx: EventContext, txn: PaddleTransaction): ApplyResult {
  const { tx, occurredAt, now, event } = ctx;
  const existing = txn.subscription_id ? findSubscription(tx, txn.subscription_id) : undefined;
  const userId = existing?.userId ?? customUserId(txn.custom_data) ?? null;
  if (!userId) return { outcome: "no_user", changes: [] };

  const total = txn.details?.totals?.grand_total ?? txn.details?.totals?.total;
  const currency = txn.currency_code ?? null;
  recordPayment(tx, {
    userId,
    change: transactionLabel(txn.origin),
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
  if (txn.origin === "subscription_payment_method_change") return { outcome: "applied", changes: [], userId };
  if (existing && occurredAt < existing.lastEventAt) return { outcome: "superseded", changes: [], userId };

  if (txn.subscription_id) {
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
    });
  }

  if (!userExists(tx, userId)) return { outcome: "no_user", changes: [], userId };
  if (currentLevel(tx, userId) === "PremiumYearly") return { outcome: "applied", changes: [], userId };
  const change = writeMembershipLevel(tx, userId, "PremiumYearly", "payment", occurredAt);
  return { outcome: "applied", changes: change ? [change] : [], userId };
}
