// The songs a playlist holds on Spotify by Crate's own record, in like order (oldest first): what Crate put in it
// and neither took out nor saw the listener remove. Crate keeps its only-growing playlists in like order.
import { and, asc, eq, isNull, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likes, managedPlaylists, playlistSongs } from "../../db/schema/index.ts";

export interface HeldSong {
  trackId: string;
  likedAt: number;
}

/** A playlist song's like: the playlist's listener liked that track. */
const likeOfSong = and(eq(likes.userId, managedPlaylists.userId), eq(likes.trackId, playlistSongs.trackId));

/** The songs the playlist holds: neither taken out by Crate nor removed by the listener. */
const heldBy = (playlistId: string) =>
  and(
    eq(playlistSongs.playlistId, playlistId),
    isNull(playlistSongs.removedAt),
    isNull(playlistSongs.missingSince),
  );

export function heldInLikeOrder(db: Db, playlistId: string): HeldSong[] {
  return db
    .select({ trackId: playlistSongs.trackId, likedAt: likes.likedAt })
    .from(playlistSongs)
    .innerJoin(managedPlaylists, eq(managedPlaylists.id, playlistSongs.playlistId))
    .innerJoin(likes, likeOfSong)
    .where(heldBy(playlistId))
    .orderBy(asc(likes.likedAt), asc(likes.seq))
    .all();
}

/** When the newest song the playlist holds was liked (null if it holds none): most adds come after it. */
export function newestHeldLike(db: Db, playlistId: string): number | null {
  const row = db
    .select({ newest: max(likes.likedAt) })
    .from(playlistSongs)
    .innerJoin(managedPlaylists, eq(managedPlaylists.id, playlistSongs.playlistId))
    .innerJoin(likes, likeOfSong)
    .where(heldBy(playlistId))
    .get();
  return row?.newest ?? null;
}
