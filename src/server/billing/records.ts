import { and, desc, eq, like, ne, sql } from "drizzle-orm";
import { isPremiumMember } from "../../shared/membership.ts";
import type { Db } from "../db/client.ts";
import { membershipEvents, payments, subscriptions, users, webhookEvents } from "../db/schema/index.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionStatusValue = SubscriptionRow["status"];
export type PaymentInsert = typeof payments.$inferInsert;

type PaymentFacts = Pick<
  typeof payments.$inferSelect,
  "change" | "effectiveDate" | "registeredDate" | "notificationId" | "customerId" | "subscriptionId"
>;

/** A payment as the admin's user detail and the personal-data export show it (times in ISO 8601). */
export function paymentRecord(p: PaymentFacts) {
  return {
    change: p.change,
    effectiveDate: new Date(p.effectiveDate).toISOString(),
    registeredDate: new Date(p.registeredDate).toISOString(),
    notificationId: p.notificationId,
    customerId: p.customerId,
    subscriptionId: p.subscriptionId,
  };
}

export function findSubscription(db: Db, subscriptionId: string): SubscriptionRow | undefined {
  return db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).get();
}

/** The subscription the plans page manages: a running one first, else the most recently changed. */
export function currentSubscriptionFor(db: Db, userId: string): SubscriptionRow | undefined {
  const rows = db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt))
    .all();
  return rows.find((r) => r.status !== "Cancelled") ?? rows[0];
}

/** Whether the user holds a premium-granting subscription other than the one given. */
export function hasOtherRunningSubscription(db: Db, userId: string, exceptId: string): boolean {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        ne(subscriptions.id, exceptId),
        ne(subscriptions.status, "Cancelled"),
      ),
    )
    .all()
    .some(Boolean);
}

export function userExists(db: Db, userId: string): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get() !== undefined;
}

/** Whether the user holds the premium level now (false when there is no such user). */
export function isPremiumMemberNow(db: Db, userId: string): boolean {
  const level = db
    .select({ level: users.membershipLevel })
    .from(users)
    .where(eq(users.id, userId))
    .get()?.level;
  return level !== undefined && isPremiumMember(level);
}

export function upsertSubscription(db: Db, row: typeof subscriptions.$inferInsert): void {
  const { id: _id, ...changes } = row;
  db.insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.id, set: changes }).run();
}

export function recordPayment(db: Db, row: PaymentInsert): void {
  db.insert(payments).values(row).run();
}

/** The subscriptions of a user that still run (premium-granting at Paddle and not ended by a refund). */
export function runningSubscriptionsOf(db: Db, userId: string): SubscriptionRow[] {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "Cancelled")))
    .orderBy(subscriptions.updatedAt)
    .all();
}

/** When an admin last set the user's level (null: never). */
export function adminChangeAt(db: Db, userId: string): number | null {
  const row = db
    .select({ at: sql<number | null>`max(${membershipEvents.effectiveDate})` })
    .from(membershipEvents)
    .where(and(eq(membershipEvents.userId, userId), eq(membershipEvents.source, "admin")))
    .get();
  return row?.at ?? null;
}

/** The subscription and owner of a completed transaction Crate was told of (null: never seen). */
export function knownTransaction(
  db: Db,
  transactionId: string,
): { subscriptionId: string | null; userId: string | null } | null {
  const row = db
    .select({
      subscriptionId: sql<string | null>`json_extract(${webhookEvents.payload}, '$.data.subscription_id')`,
      userId: webhookEvents.userId,
    })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.eventType, "transaction.completed"),
        sql`json_extract(${webhookEvents.payload}, '$.data.id') = ${transactionId}`,
      ),
    )
    .get();
  return row ?? null;
}

/** Whether an approved adjustment with this id was already applied by an earlier event. */
export function adjustmentApplied(db: Db, adjustmentId: string, exceptEventId: string): boolean {
  return (
    db
      .select({ id: webhookEvents.eventId })
      .from(webhookEvents)
      .where(
        and(
          like(webhookEvents.eventType, "adjustment.%"),
          ne(webhookEvents.eventId, exceptEventId),
          eq(webhookEvents.outcome, "applied"),
          sql`json_extract(${webhookEvents.payload}, '$.data.id') = ${adjustmentId}`,
          sql`json_extract(${webhookEvents.payload}, '$.data.status') = 'approved'`,
        ),
      )
      .get() !== undefined
  );
}
