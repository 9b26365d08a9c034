// The hourly promise: every monitored user's likes are looked at at least once an hour.
import type { Db } from "../db/client.ts";
import { countMonitoredNotSyncedSince } from "./repository/listeners.ts";

export const HOURLY_PROMISE_MS = 3_600_000;

/**
 * Monitored users not updated within the last hour: their last library sync (or, never synced, their sign-up)
 * is more than an hour old. Shown on the admin statistics page and exported as a metric.
 */
export function usersBehindHourly(db: Db, now: number): number {
  return countMonitoredNotSyncedSince(db, now - HOURLY_PROMISE_MS);
}
