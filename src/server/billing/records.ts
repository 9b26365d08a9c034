import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { payments, subscriptions, users } from "../db/schema/index.ts";

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

export function currentLevel(db: Db, userId: string) {
  return db.select({ level: users.membershipLevel }).from(users).where(eq(users.id, userId)).get()?.level;
}

export function upsertSubscription(db: Db, row: typeof subscriptions.$inferInsert): void {
  const { id: _id, ...changes } = row;
  db.insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.id, set: changes }).run();
}

export function recordPayment(db: Db, row: PaymentInsert): void {
  db.insert(payments).values(row).run();
}
