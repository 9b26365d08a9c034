// The statistics_users and activity tables: who has their activity recorded, and what they did.
import { and, desc, eq, gt, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activity, statisticsUsers, users } from "../db/schema/index.ts";

export function userExists(db: Db, userId: string): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get() !== undefined;
}

/** Enabling twice keeps the first date. */
export function enableStatistics(db: Db, userId: string, now: number): void {
  db.insert(statisticsUsers).values({ userId, enabledAt: now }).onConflictDoNothing().run();
}

export function disableStatistics(db: Db, userId: string): void {
  db.delete(statisticsUsers).where(eq(statisticsUsers.userId, userId)).run();
}

export function statisticsEnabled(db: Db, userId: string): boolean {
  return (
    db
      .select({ userId: statisticsUsers.userId })
      .from(statisticsUsers)
      .where(eq(statisticsUsers.userId, userId))
      .get() !== undefined
  );
}

/**
 * Writes an activity row when statistics are enabled for the user and the same kind was not recorded after
 * `since`, in one statement (so two requests at once cannot both write). Returns whether a row was written.
 */
export function insertActivityUnlessRecent(
  db: Db,
  row: { userId: string; kind: string; time: number },
  since: number,
): boolean {
  const recent = db
    .select({ one: sql`1` })
    .from(activity)
    .where(and(eq(activity.userId, row.userId), gt(activity.time, since), eq(activity.kind, row.kind)));
  // Selecting from statistics_users (one row at most) writes only for an enabled user.
  const written = db
    .insert(activity)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          userId: statisticsUsers.userId,
          kind: sql<string>`${row.kind}`.as("kind"),
          time: sql<number>`${row.time}`.as("time"),
        })
        .from(statisticsUsers)
        .where(and(eq(statisticsUsers.userId, row.userId), notExists(recent))),
    )
    .returning({ id: activity.id })
    .all();
  return written.length > 0;
}

/** The user's latest activity, newest first. */
export function recentActivity(db: Db, userId: string, limit: number) {
  return db
    .select({ kind: activity.kind, time: activity.time })
    .from(activity)
    .where(eq(activity.userId, userId))
    .orderBy(desc(activity.time), desc(activity.id))
    .limit(limit)
    .all();
}
