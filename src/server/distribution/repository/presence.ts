// What Crate knows of a playlist's state on Spotify: its version (snapshot id), the songs of Crate's the listener
// removed there (playlist_songs.missing_since, never added again) and, when the listener added songs by hand,
// its entries as last read (playlist_layouts).
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { managedPlaylists, playlistLayouts, playlistSongs } from "../../db/schema/index.ts";

/** The songs Crate holds in the playlist by its record: put there, not taken out, not removed by the listener. */
export function heldSongs(db: Db, playlistId: string): Set<string> {
  return new Set(
    db
      .select({ trackId: playlistSongs.trackId })
      .from(playlistSongs)
      .where(
        and(
          eq(playlistSongs.playlistId, playlistId),
          isNull(playlistSongs.removedAt),
          isNull(playlistSongs.missingSince),
        ),
      )
      .all()
      .map((r) => r.trackId),
  );
}

/**
 * Marks the held songs that are not on Spotify as removed by the listener and clears the mark of those the
 * listener put back. Returns the songs newly gone (in the order Crate added them) and those back.
 */
export function recordPresence(
  db: Db,
  playlistId: string,
  present: ReadonlySet<string>,
  now: number,
): { gone: string[]; back: string[] } {
  const rows = db
    .select({ trackId: playlistSongs.trackId, missingSince: playlistSongs.missingSince })
    .from(playlistSongs)
    .where(and(eq(playlistSongs.playlistId, playlistId), isNull(playlistSongs.removedAt)))
    .orderBy(asc(playlistSongs.addedAt))
    .all();
  const gone = rows.filter((s) => s.missingSince === null && !present.has(s.trackId)).map((s) => s.trackId);
  const back = rows.filter((s) => s.missingSince !== null && present.has(s.trackId)).map((s) => s.trackId);
  const where = (ids: string[]) =>
    and(eq(playlistSongs.playlistId, playlistId), inArray(playlistSongs.trackId, ids));
  for (let i = 0; i < gone.length; i += 500)
    db.update(playlistSongs)
      .set({ missingSince: now })
      .where(where(gone.slice(i, i + 500)))
      .run();
  for (let i = 0; i < back.length; i += 500)
    db.update(playlistSongs)
      .set({ missingSince: null })
      .where(where(back.slice(i, i + 500)))
      .run();
  return { gone, back };
}

/** The playlist's version as Crate last knew it, and its entries when they are more than Crate's songs. */
export function knownState(
  db: Db,
  playlistId: string,
): { snapshotId: string | null; entries: (string | null)[] | null } {
  const row = db
    .select({ snapshotId: managedPlaylists.snapshotId, entries: playlistLayouts.entries })
    .from(managedPlaylists)
    .leftJoin(playlistLayouts, eq(playlistLayouts.playlistId, managedPlaylists.id))
    .where(eq(managedPlaylists.id, playlistId))
    .get();
  return { snapshotId: row?.snapshotId ?? null, entries: row?.entries ?? null };
}

/** Records the playlist's version and its entries (null: it holds Crate's songs only, no row kept). */
export function storeState(
  db: Db,
  playlistId: string,
  state: { snapshotId: string | null; entries: readonly (string | null)[] | null },
): void {
  db.update(managedPlaylists)
    .set({ snapshotId: state.snapshotId })
    .where(eq(managedPlaylists.id, playlistId))
    .run();
  if (state.entries === null) {
    db.delete(playlistLayouts).where(eq(playlistLayouts.playlistId, playlistId)).run();
    return;
  }
  const entries = [...state.entries];
  db.insert(playlistLayouts)
    .values({ playlistId, entries })
    .onConflictDoUpdate({ target: playlistLayouts.playlistId, set: { entries } })
    .run();
}

/** Forgets what Crate knew of the Spotify playlist (it is made anew). */
export function forgetState(db: Db, playlistId: string): void {
  storeState(db, playlistId, { snapshotId: null, entries: null });
}
