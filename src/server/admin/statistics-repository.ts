// What the admin statistics read: sign-ups, premium events, users by creation, batch runs, statistics users.
import { and, asc, count, countDistinct, desc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { premiumLevel } from "../../shared/membership.ts";
import type { Db } from "../db/client.ts";
import {
  batchExecutions,
  dailySignups,
  membershipEvents,
  statisticsUsers,
  users,
} from "../db/schema/index.ts";

export interface DayCount {
  day: string;
  n: number;
}

/** The UTC day (YYYY-MM-DD) of a millisecond column. */
const utcDayOf = (column: typeof users.createdAt | typeof membershipEvents.effectiveDate) =>
  sql<string>`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;

/** Accounts created per day from `firstDay` on (counted at creation, so later deletions still count). */
export function signupsSince(db: Db, firstDay: string): DayCount[] {
  return db
    .select({ day: dailySignups.day, n: dailySignups.count })
    .from(dailySignups)
    .where(gte(dailySignups.day, firstDay))
    .all();
}

/** Users who became PremiumYearly, per UTC day, from `since` (ms) on. */
export function premiumInfluxSince(db: Db, since: number): DayCount[] {
  const day = utcDayOf(membershipEvents.effectiveDate);
  return db
    .select({ day, n: countDistinct(membershipEvents.userId) })
    .from(membershipEvents)
    .where(
      and(eq(membershipEvents.membershipLevel, premiumLevel), gte(membershipEvents.effectiveDate, since)),
    )
    .groupBy(day)
    .all();
}

export function usersCreatedBefore(db: Db, before: number): number {
  return db.select({ n: count() }).from(users).where(lt(users.createdAt, before)).get()?.n ?? 0;
}

export function usersCreatedAfter(db: Db, after: number): number {
  return db.select({ n: count() }).from(users).where(gt(users.createdAt, after)).get()?.n ?? 0;
}

/** Accounts existing now, per UTC day of creation, from `since` (ms) on. */
export function usersCreatedPerDaySince(db: Db, since: number): DayCount[] {
  const day = utcDayOf(users.createdAt);
  return db.select({ day, n: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day).all();
}

export function monitoredUsers(db: Db): number {
  return db.select({ n: count() }).from(users).where(eq(users.monitored, true)).get()?.n ?? 0;
}

/** Users whose activity is recorded, first enabled first. */
export function statisticsUserIds(db: Db): string[] {
  return db
    .select({ userId: statisticsUsers.userId })
    .from(statisticsUsers)
    .orderBy(asc(statisticsUsers.enabledAt), asc(statisticsUsers.userId))
    .all()
    .map((row) => row.userId);
}

/** The latest batch runs, newest first (ties: the later inserted first). */
export function latestBatchRuns(db: Db, limit: number) {
  return db
    .select({
      id: batchExecutions.id,
      job: batchExecutions.job,
      status: batchExecutions.status,
      startTime: batchExecutions.startTime,
      endTime: batchExecutions.endTime,
    })
    .from(batchExecutions)
    .orderBy(desc(batchExecutions.startTime), desc(sql`${batchExecutions}.rowid`))
    .limit(limit)
    .all();
}
