import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { membershipLevels } from "../../../shared/membership.ts";

// Membership and payment records outlive the user row (legal retention), so userId is not a foreign key.

export const membershipEvents = sqliteTable(
  "membership_events",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text().notNull(),
    membershipLevel: text({ enum: membershipLevels }).notNull(),
    effectiveDate: integer().notNull(),
    source: text({ enum: ["signup", "payment", "subscription", "admin", "expiry"] }).notNull(),
  },
  (t) => [index("membership_events_user_id_idx").on(t.userId, t.effectiveDate)],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text().notNull(),
    change: text().notNull(),
    effectiveDate: integer().notNull(),
    registeredDate: integer().notNull(),
    notificationId: text().notNull(),
    customerId: text(),
    subscriptionId: text(),
    amount: text(),
    currency: text(),
    /** the Paddle event this record came from */
    eventId: text(),
  },
  (t) => [index("payments_user_id_idx").on(t.userId)],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    customerId: text(),
    status: text({ enum: ["Active", "BeingCancelled", "Cancelled"] }).notNull(),
    providerStatus: text().notNull(),
    nextBillingDate: integer(),
    currentBillingPeriodEnds: integer(),
    amount: text(),
    currency: text(),
    /** occurred_at of the last event applied, so older events never overwrite newer state */
    lastEventAt: integer().notNull(),
    endedAt: integer(),
    updatedAt: integer().notNull(),
    /** when the subscription began at Paddle: only a subscription begun after an admin's change may undo it */
    startedAt: integer(),
    /** when an approved refund or chargeback ended it: it grants nothing from then on, whatever Paddle says */
    refundedAt: integer(),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId)],
);

export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    eventId: text().primaryKey(),
    /** the user the event was applied to (the subscription's first owner), when known */
    userId: text(),
    eventType: text().notNull(),
    occurredAt: integer().notNull(),
    receivedAt: integer().notNull(),
    processedAt: integer(),
    /** the event trimmed to what billing needs (storedPayload): no names, addresses or payment details */
    payload: text().notNull(),
    notificationId: text(),
    /** what applying it did: applied, superseded (older than the state already held), ignored, no_user */
    outcome: text(),
  },
  (t) => [index("webhook_events_user_id_idx").on(t.userId)],
);
