// The likes and library_syncs tables, as other domains read them.
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { librarySyncs, likes } from "../db/schema/index.ts";

/** Likes the listener still has (unliked ones are kept but not counted). */
export function countActiveLikes(db: Db, userId: string): number {
  return (
    db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes.userId, userId), isNull(likes.unlikedAt)))
      .get()?.n ?? 0
  );
}

/** The last full read of the user's library: undefined before the first sync, null before a full one. */
export function lastFullSyncOf(db: Db, userId: string): number | null | undefined {
  return db
    .select({ at: librarySyncs.lastFullSyncAt })
    .from(librarySyncs)
    .where(eq(librarySyncs.userId, userId))
    .get()?.at;
}
