// The likes and library_syncs tables, as other domains read them.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { librarySyncs } from "../db/schema/index.ts";

/** Likes the listener still has (unliked ones are kept but not counted); every sync asks, so a cached statement. */
export function countActiveLikes(db: Db, userId: string): number {
  return (
    db.$client
      .query<{ n: number }, [string]>(
        "SELECT count(*) AS n FROM likes WHERE user_id = ? AND unliked_at IS NULL",
      )
      .get(userId)?.n ?? 0
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

/** When the library was read in full for its recordings (AddRecordingOnce); null when never. */
export function recordingsReadAt(db: Db, userId: string): number | null {
  return (
    db
      .select({ at: librarySyncs.recordingsReadAt })
      .from(librarySyncs)
      .where(eq(librarySyncs.userId, userId))
      .get()?.at ?? null
  );
}

export function markRecordingsRead(db: Db, userId: string, at: number): void {
  db.update(librarySyncs).set({ recordingsReadAt: at }).where(eq(librarySyncs.userId, userId)).run();
}
