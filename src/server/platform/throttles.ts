// Per-user throttles (distribution every 30 s, analysis start every 20 s), kept in the throttles table.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { preparedOnce } from "../db/prepared.ts";
import { throttles } from "../db/schema/index.ts";

export const throttleKeys = {
  distribution: (userId: string) => `distribution:${userId}`,
  analysis: (userId: string) => `analysis:${userId}`,
} as const;

/** True when the action was last taken less than intervalMs ago. */
// Asked by every throttled request, refused ones too: built once per connection (db/prepared.ts).
const throttleAt = preparedOnce((db) =>
  db
    .select({ at: throttles.at })
    .from(throttles)
    .where(eq(throttles.key, sql.placeholder("key")))
    .prepare(),
);

export function isThrottled(db: Db, key: string, intervalMs: number, now: number): boolean {
  const row = throttleAt(db).get({ key });
  return row !== undefined && now - row.at < intervalMs && now >= row.at;
}

export function recordThrottle(db: Db, key: string, now: number): void {
  db.insert(throttles)
    .values({ key, at: now })
    .onConflictDoUpdate({ target: throttles.key, set: { at: now } })
    .run();
}
