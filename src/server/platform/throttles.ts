// Per-user throttles (distribution every 30 s, analysis start every 20 s), kept in the throttles table.
import type { Db } from "../db/client.ts";

export const throttleKeys = {
  distribution: (userId: string) => `distribution:${userId}`,
  analysis: (userId: string) => `analysis:${userId}`,
} as const;

/** True when the action was last taken less than intervalMs ago. */
export function isThrottled(db: Db, key: string, intervalMs: number, now: number): boolean {
  const row = db.$client.query<{ at: number }, [string]>("SELECT at FROM throttles WHERE key = ?").get(key);
  return row !== null && now - row.at < intervalMs && now >= row.at;
}

export function recordThrottle(db: Db, key: string, now: number): void {
  db.$client
    .query("INSERT INTO throttles (key, at) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET at = excluded.at")
    .run(key, now);
}
