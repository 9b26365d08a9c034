// Songs the listener removed from a managed playlist in Spotify: Crate never adds them again, and a playlist's
// page lists them with the day Crate noticed. Noticing means reading the playlist's items (100 a call), so it is
// done in the background when the page is opened, at most once an hour per playlist.

import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { rateRules } from "../../shared/rate-rules.ts";
import type { Db } from "../db/client.ts";
import { playlistSongs } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";

/** Marks held songs missing from Spotify's items, and clears the mark of those the listener put back. */
export function recordPresence(db: Db, playlistId: string, present: ReadonlySet<string>, now: number): void {
  const held = db
    .select({ trackId: playlistSongs.trackId, missingSince: playlistSongs.missingSince })
    .from(playlistSongs)
    .where(and(eq(playlistSongs.playlistId, playlistId), isNull(playlistSongs.removedAt)))
    .all();
  const gone = held.filter((s) => s.missingSince === null && !present.has(s.trackId)).map((s) => s.trackId);
  const back = held.filter((s) => s.missingSince !== null && present.has(s.trackId)).map((s) => s.trackId);
  const where = (ids: string[]) =>
    and(eq(playlistSongs.playlistId, playlistId), inArray(playlistSongs.trackId, ids));
  transaction(db, () => {
    for (let i = 0; i < gone.length; i += 500)
      db.update(playlistSongs)
        .set({ missingSince: now })
        .where(where(gone.slice(i, i + 500)))
        .run();
    for (let i = 0; i < back.length; i += 500)
      db.update(playlistSongs)
        .set({ missingSince: null })
        .where(and(where(back.slice(i, i + 500)), isNotNull(playlistSongs.missingSince)))
        .run();
  });
}

/** Queues a read of the playlist's items behind the listener's other work, unless one ran within the hour. */
export function scheduleRemovedCheck(
  deps: Deps,
  userId: string,
  playlist: { id: string; spotifyPlaylistId: string },
): void {
  if (!deps.rateLimits.tryTake(rateRules.removedSongsCheck, `${userId}:${playlist.id}`)) return;
  deps.work.spawn(userId, "removed songs check", async () => {
    const items = await deps.spotifyFor(userId).getPlaylistItems(playlist.spotifyPlaylistId);
    recordPresence(deps.db, playlist.id, new Set(items), deps.clock.now());
  });
}
