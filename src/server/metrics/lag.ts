// The hourly promise: every monitored user's likes are looked at at least once an hour.
import type { Db } from "../db/client.ts";

export const HOURLY_PROMISE_MS = 3_600_000;

/**
 * Monitored users not updated within the last hour: their last library sync (or, never synced, their sign-up)
 * is more than an hour old. Shown on the admin statistics page and exported as a metric.
 */
export function usersBehindHourly(db: Db, now: number): number {
  return (
    db.$client
      .query<{ n: number }, [number]>(
        `SELECT COUNT(*) AS n FROM users u LEFT JOIN library_syncs s ON s.user_id = u.id
         WHERE u.monitored = 1 AND coalesce(s.last_sync_at, u.created_at) < ?`,
      )
      .get(now - HOURLY_PROMISE_MS)?.n ?? 0
  );
}
