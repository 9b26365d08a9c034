// Which managed playlists carry the reminder of a grant's end in their description (one write per playlist).
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { managedPlaylists } from "../../db/schema/index.ts";

export interface ReminderTarget {
  id: string;
  userId: string;
  source: string;
  preferenceKey: string;
  bucket: string;
  sequence: number;
  spotifyPlaylistId: string;
  reminderEndsAt: number | null;
}

/** The listener's playlists on Spotify that Crate still writes to (not vanished, failed or deselected). */
export function reminderTargets(db: Db, userId: string): ReminderTarget[] {
  return db
    .select({
      id: managedPlaylists.id,
      userId: managedPlaylists.userId,
      source: managedPlaylists.source,
      preferenceKey: managedPlaylists.preferenceKey,
      bucket: managedPlaylists.bucket,
      sequence: managedPlaylists.sequence,
      spotifyPlaylistId: managedPlaylists.spotifyPlaylistId,
      reminderEndsAt: managedPlaylists.reminderEndsAt,
    })
    .from(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, userId),
        isNotNull(managedPlaylists.spotifyPlaylistId),
        inArray(managedPlaylists.status, ["active", "frozen"]),
      ),
    )
    .orderBy(asc(managedPlaylists.id))
    .all() as ReminderTarget[];
}

/** Records which grant end the playlist's description names now (null: the normal description). */
export function setReminderEndsAt(db: Db, playlistId: string, endsAt: number | null): void {
  db.update(managedPlaylists)
    .set({ reminderEndsAt: endsAt })
    .where(eq(managedPlaylists.id, playlistId))
    .run();
}
