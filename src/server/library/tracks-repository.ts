// The shared tracks table as other domains ask about it.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { likes, tracks } from "../db/schema/index.ts";

/** Whether any of the user's liked songs was stored before Crate kept ISRCs (its recording is unknown). */
export function hasLikeWithoutRecording(db: Db, userId: string): boolean {
  const row = db
    .select({ trackId: likes.trackId })
    .from(likes)
    .innerJoin(tracks, eq(tracks.id, likes.trackId))
    .where(and(eq(likes.userId, userId), isNull(tracks.isrc)))
    .limit(1)
    .get();
  return row !== undefined;
}
