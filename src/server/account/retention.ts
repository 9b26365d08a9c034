import { eq, lt, notExists, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { addCalendarMonths } from "../../shared/calendar.ts";
import { limits } from "../../shared/limits.ts";
import { SESSION_IDLE_MS } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import {
  deletedAccounts,
  membershipEvents,
  payments,
  sessions,
  subscriptions,
  users,
  webhookEvents,
} from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Clock } from "../platform/clock.ts";
import { deleteInBatches, yieldToRequests } from "./batched-delete.ts";
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
  if (lastPaymentAt !== null)
    candidates.push(addCalendarMonths(lastPaymentAt, membershipAfterLastPaymentMonths));
  const allEnded = subscriptionEnds.length > 0 && subscriptionEnds.every((end) => end !== null);
  if (allEnded)
    candidates.push(Math.max(...(subscriptionEnds as number[])) + membershipAfterEndDays * DAY_MS);
  if (lastPaymentAt === null && subscriptionEnds.length === 0) return 0;
  return candidates.length ? Math.min(...candidates) : null;
}

/**
 * The retention periods of the privacy text, enforced. Idempotent; the daily job calls it. Deletes in small
 * batches and yields to requests between them (batched-delete.ts), so the server keeps answering while it runs.
 */
export async function purgeExpiredData(db: Db, clock: Clock): Promise<RetentionResult> {
  const now = clock.now();
  const expiredSessions = await deleteInBatches(
    db,
    sessions,
    or(lt(sessions.expiresAt, now + 1), lt(sessions.lastSeenAt, now - SESSION_IDLE_MS)),
  );
  const deletedAccountMarks = await deleteInBatches(
    db,
    deletedAccounts,
    lt(deletedAccounts.deletedAt, now - deletedUserDataDays * DAY_MS),
  );
  const orphanedRows = await purgeOrphans(db);
  const billingHistoriesPurged = await purgeBillingOfDeletedUsers(db, now);
  const webhookEventsPurged = await deleteInBatches(
    db,
    webhookEvents,
    lt(webhookEvents.receivedAt, addCalendarMonths(now, -membershipAfterLastPaymentMonths)),
  );
  const workRows = await purgeWorkTables(db, now);
  return {
    workRows,
    expiredSessions,
    deletedAccountMarks,
    orphanedRows,
    billingHistoriesPurged,
    webhookEvents: webhookEventsPurged,
  };
}

/** No users row with this id (NOT EXISTS on the primary key: one lookup per row, not a scan of users). */
const userIsGone = (userId: SQLiteColumn) =>
  notExists(sql`(SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})`);

/** Rows left behind by a user that no longer exists (the deletion removes them; this is the safety net). */
async function purgeOrphans(db: Db): Promise<number> {
  let purged = 0;
  for (const { table, parent } of userChildTables) {
    // journal steps also name a playlist, which may be gone (an unfollow deletes it): their parent is the run
    const column =
      "distributionId" in table
        ? table.distributionId
        : "analysisId" in table
          ? table.analysisId
          : table.playlistId;
    const parentGone = notExists(sql`(SELECT 1 FROM ${parent} WHERE ${parent.id} = ${column})`);
    purged += await deleteInBatches(db, table, parentGone);
  }
  for (const table of userOwnedTables) purged += await deleteInBatches(db, table, userIsGone(table.userId));
  return purged;
}

async function purgeBillingOfDeletedUsers(db: Db, now: number): Promise<number> {
  const goneIds = new Set<string>();
  for (const table of [membershipEvents, payments, subscriptions]) {
    for (const row of db
      .selectDistinct({ userId: table.userId })
      .from(table)
      .where(userIsGone(table.userId))
      .all()) {
      goneIds.add(row.userId);
    }
  }
  let purged = 0;
  for (const userId of goneIds) {
    // one deleted user's records at a time, each in its own transaction
    const done = transaction(db, (tx) => purgeBillingOf(tx, userId, now));
    if (done) purged++;
    await yieldToRequests();
  }
  return purged;
}

/** Deletes a deleted user's billing records once their period has ended; whether it did. */
function purgeBillingOf(tx: Db, userId: string, now: number): boolean {
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
  if (end === null || now < end) return false;
  deleteRetainedRows(tx, userId);
  tx.delete(webhookEvents).where(sql`instr(${webhookEvents.payload}, ${userId}) > 0`).run();
  return true;
}
