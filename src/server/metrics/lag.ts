// The hourly promise: every monitored user's likes are looked at at least once an hour.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { librarySyncs, users } from "../db/schema/index.ts";

export const HOURLY_PROMISE_MS = 3_600_000;

/**
 * Monitored users not updated within the last hour: their last library sync (or, never synced, their sign-up)
 * is more than an hour old. Shown on the admin statistics page and exported as a metric.
 */
export function usersBehindHourly(db: Db, now: number): number {
  return countMonitoredNotSyncedSince(db, now - HOURLY_PROMISE_MS);
}

/** Monitored users whose last sync (or, never synced, sign-up) is older than `before`. */
function countMonitoredNotSyncedSince(db: Db, before: number): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .leftJoin(librarySyncs, eq(librarySyncs.userId, users.id))
      .where(
        and(
          eq(users.monitored, true),
          lt(sql`coalesce(${librarySyncs.lastSyncAt}, ${users.createdAt})`, before),
        ),
      )
      .get()?.n ?? 0
  );
}
