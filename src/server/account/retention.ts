import { eq, lt, notInArray, or, sql } from "drizzle-orm";
import { limits } from "../../shared/limits.ts";
import { SESSION_IDLE_MS } from "../auth/sessions.ts";
import { type Db, withTransaction } from "../db/client.ts";
import {
  deletedAccounts,
  membershipEvents,
  payments,
  sessions,
  subscriptions,
  throttles,
  users,
  webhookEvents,
} from "../db/schema/index.ts";
import type { Clock } from "../platform/clock.ts";
import { addMonthsUtc } from "./calendar.ts";
import { deleteRetainedRows, userChildTables, userOwnedTables } from "./user-data.ts";
import { purgeWorkTables } from "./work-retention.ts";

const DAY_MS = 24 * 3600_000;
const { membershipAfterLastPaymentMonths, membershipAfterEndDays, deletedUserDataDays } = limits.retention;

export interface RetentionResult {
  expiredSessions: number;
  deletedAccountMarks: number;
  orphanedRows: number;
  /** deleted users whose membership and payment records reached the end of their legal period */
  billingHistoriesPurged: number;
  webhookEvents: number;
  /** work rows past their period, per table (work-retention.ts) */
  workRows: Record<string, number>;
}

/**
 * When the retained records of a deleted user must be gone: 14 months after the last payment, or 70 days
 * after the subscription ended, whichever comes first. Null while neither applies (a subscription still runs
 * and keeps paying). A deleted user with no payment and no subscription has nothing to keep.
 */
export function billingRetentionEnd(
  lastPaymentAt: number | null,
  subscriptionEnds: (number | null)[],
): number | null {
  const candidates: number[] = [];
  if (lastPaymentAt !== null) candidates.push(addMonthsUtc(lastPaymentAt, membershipAfterLastPaymentMonths));
  const allEnded = subscriptionEnds.length > 0 && subscriptionEnds.every((end) => end !== null);
  if (allEnded)
    candidates.push(Math.max(...(subscriptionEnds as number[])) + membershipAfterEndDays * DAY_MS);
  if (lastPaymentAt === null && subscriptionEnds.length === 0) return 0;
  return candidates.length ? Math.min(...candidates) : null;
}

/** The retention periods of the privacy text, enforced. Idempotent; the daily job calls it. */
export function purgeExpiredData(db: Db, clock: Clock): RetentionResult {
  const now = clock.now();
  return withTransaction(db, (tx) => {
    const expiredSessions = tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now + 1), lt(sessions.lastSeenAt, now - SESSION_IDLE_MS)))
      .returning({ one: sql`1` })
      .all().length;
    const deletedAccountMarks = tx
      .delete(deletedAccounts)
      .where(lt(deletedAccounts.deletedAt, now - deletedUserDataDays * DAY_MS))
      .returning({ one: sql`1` })
      .all().length;
    const orphanedRows = purgeOrphans(tx);
    const billingHistoriesPurged = purgeBillingOfDeletedUsers(tx, now);
    const webhookEventsPurged = tx
      .delete(webhookEvents)
      .where(lt(webhookEvents.receivedAt, addMonthsUtc(now, -membershipAfterLastPaymentMonths)))
      .returning({ one: sql`1` })
      .all().length;
    const workRows = purgeWorkTables(tx, now);
    return {
      workRows,
      expiredSessions,
      deletedAccountMarks,
      orphanedRows,
      billingHistoriesPurged,
      webhookEvents: webhookEventsPurged,
    };
  });
}

const existingUserIds = (tx: Db) => tx.select({ id: users.id }).from(users);

/** Rows left behind by a user that no longer exists (the deletion removes them; this is the safety net). */
function purgeOrphans(tx: Db): number {
  let purged = 0;
  for (const { table, parent } of userChildTables) {
    const parentIds = tx.select({ id: parent.id }).from(parent);
    // journal steps also name a playlist, which may be gone (an unfollow deletes it): their parent is the run
    const column =
      "distributionId" in table
        ? table.distributionId
        : "analysisId" in table
          ? table.analysisId
          : table.playlistId;
    purged += tx.delete(table).where(notInArray(column, parentIds)).returning({ one: sql`1` }).all().length;
  }
  for (const table of userOwnedTables) {
    purged += tx
      .delete(table)
      .where(sql`${table.userId} NOT IN (SELECT ${users.id} FROM ${users})`)
      .returning({ one: sql`1` })
      .all().length;
  }
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  for (const { key } of tx.select({ key: throttles.key }).from(throttles).all()) {
    const id = uuid.exec(key)?.[0];
    if (id && !tx.select({ id: users.id }).from(users).where(eq(users.id, id)).get()) {
      purged += tx.delete(throttles).where(eq(throttles.key, key)).returning({ one: sql`1` }).all().length;
    }
  }
  return purged;
}

function purgeBillingOfDeletedUsers(tx: Db, now: number): number {
  const goneIds = new Set<string>();
  for (const table of [membershipEvents, payments, subscriptions]) {
    for (const row of tx
      .selectDistinct({ userId: table.userId })
      .from(table)
      .where(notInArray(table.userId, existingUserIds(tx)))
      .all()) {
      goneIds.add(row.userId);
    }
  }
  let purged = 0;
  for (const userId of goneIds) {
    const lastPayment = tx
      .select({ at: sql<number | null>`max(${payments.effectiveDate})` })
      .from(payments)
      .where(eq(payments.userId, userId))
      .get();
    const ends = tx
      .select({
        endedAt: subscriptions.endedAt,
        status: subscriptions.status,
        updatedAt: subscriptions.updatedAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .all()
      .map((s) => s.endedAt ?? (s.status === "Cancelled" ? s.updatedAt : null));
    const end = billingRetentionEnd(lastPayment?.at ?? null, ends);
    if (end === null || now < end) continue;
    deleteRetainedRows(tx, userId);
    tx.delete(webhookEvents).where(sql`instr(${webhookEvents.payload}, ${userId}) > 0`).run();
    purged++;
  }
  return purged;
}
