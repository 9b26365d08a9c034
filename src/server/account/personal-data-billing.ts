// The personal-data export's billing part: membership changes, payments, subscriptions and Paddle's
// notifications as stored.
import { asc, eq } from "drizzle-orm";
import type { PersonalData } from "../../shared/schemas/account.ts";
import { paymentRecord } from "../billing/records.ts";
import type { Db } from "../db/client.ts";
import { membershipEvents, payments, subscriptions, webhookEvents } from "../db/schema/index.ts";
import { iso } from "./personal-data-history.ts";

type BillingPart = Pick<
  PersonalData,
  "membershipEvents" | "payments" | "subscriptions" | "paymentNotifications"
>;

export function billingOf(db: Db, userId: string): BillingPart {
  return {
    membershipEvents: db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.userId, userId))
      .orderBy(asc(membershipEvents.effectiveDate))
      .all()
      .map((m) => ({
        membershipLevel: m.membershipLevel,
        effectiveDate: iso(m.effectiveDate),
        source: m.source,
      })),
    payments: db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.effectiveDate))
      .all()
      .map((p) => ({ ...paymentRecord(p), amount: p.amount, currency: p.currency })),
    subscriptions: db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .all()
      .map((s) => ({
        subscriptionId: s.id,
        customerId: s.customerId,
        status: s.status,
        nextBillingDate: iso(s.nextBillingDate),
        currentBillingPeriodEnds: iso(s.currentBillingPeriodEnds),
        amount: s.amount,
        currency: s.currency,
        endedAt: iso(s.endedAt),
        updatedAt: iso(s.updatedAt),
      })),
    paymentNotifications: db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, userId))
      .orderBy(asc(webhookEvents.occurredAt))
      .all()
      .map((w) => ({
        eventId: w.eventId,
        eventType: w.eventType,
        occurredAt: iso(w.occurredAt),
        receivedAt: iso(w.receivedAt),
        outcome: w.outcome,
        payload: JSON.parse(w.payload) as unknown,
      })),
  };
}
