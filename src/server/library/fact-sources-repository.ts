// What the fact sources read: artists' names, and the songs of the listener's own playlists a rule names.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { artists, sourcePlaylistSongs } from "../db/schema/index.ts";

const CHUNK = 500;

/** The names of these artists (ids Crate has not read are left out). */
export function firstArtistNames(db: Db, artistIds: readonly string[]): Map<string, string> {
  const ids = [...new Set(artistIds)];
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = db
      .select({ id: artists.id, name: artists.name })
      .from(artists)
      .where(inArray(artists.id, ids.slice(i, i + CHUNK)))
      .all();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** Per track, the listener's source playlists (their Spotify ids) that hold it, as Crate last read them. */
export function songsInSourcePlaylists(db: Db, userId: string): Map<string, Set<string>> {
  const holding = new Map<string, Set<string>>();
  const rows = db
    .select({ playlistId: sourcePlaylistSongs.playlistId, trackId: sourcePlaylistSongs.trackId })
    .from(sourcePlaylistSongs)
    .where(eq(sourcePlaylistSongs.userId, userId))
    .all();
  for (const { playlistId, trackId } of rows) {
    let set = holding.get(trackId);
    if (!set) {
      set = new Set();
      holding.set(trackId, set);
    }
    set.add(playlistId);
  }
  return holding;
}
