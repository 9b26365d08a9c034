// The listener's own Spotify playlists a rule's `inPlaylist` names (source_playlists) and their songs as Crate
// last read them (source_playlist_songs).
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sourcePlaylistSongs, sourcePlaylists } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";

export interface SourcePlaylist {
  playlistId: string;
  name: string;
  snapshotId: string | null;
  checkedAt: number;
  trackIds: string[];
}

/** The listener's source playlists with their songs, in the order Crate first read them. */
export function sourcePlaylistsOf(db: Db, userId: string): SourcePlaylist[] {
  const rows = db
    .select()
    .from(sourcePlaylists)
    .where(eq(sourcePlaylists.userId, userId))
    .orderBy(asc(sourcePlaylists.playlistId))
    .all();
  const songs = db
    .select({ playlistId: sourcePlaylistSongs.playlistId, trackId: sourcePlaylistSongs.trackId })
    .from(sourcePlaylistSongs)
    .where(eq(sourcePlaylistSongs.userId, userId))
    .all();
  return rows.map((row) => ({
    playlistId: row.playlistId,
    name: row.name,
    snapshotId: row.snapshotId,
    checkedAt: row.checkedAt,
    trackIds: songs.filter((s) => s.playlistId === row.playlistId).map((s) => s.trackId),
  }));
}

/** One source playlist as read now: its name and snapshot, and (when read) its songs. */
export function saveSourcePlaylist(
  db: Db,
  userId: string,
  read: { playlistId: string; name: string; snapshotId: string | null; trackIds?: readonly string[] },
  now: number,
): void {
  transaction(db, () => {
    db.insert(sourcePlaylists)
      .values({
        userId,
        playlistId: read.playlistId,
        name: read.name,
        snapshotId: read.snapshotId,
        checkedAt: now,
      })
      .onConflictDoUpdate({
        target: [sourcePlaylists.userId, sourcePlaylists.playlistId],
        set: { name: read.name, snapshotId: read.snapshotId, checkedAt: now },
      })
      .run();
    if (read.trackIds === undefined) return;
    const mine = and(
      eq(sourcePlaylistSongs.userId, userId),
      eq(sourcePlaylistSongs.playlistId, read.playlistId),
    );
    db.delete(sourcePlaylistSongs).where(mine).run();
    const unique = [...new Set(read.trackIds)];
    for (let i = 0; i < unique.length; i += 500)
      db.insert(sourcePlaylistSongs)
        .values(unique.slice(i, i + 500).map((trackId) => ({ userId, playlistId: read.playlistId, trackId })))
        .run();
  });
}

/** Forgets the source playlists no rule names any more. */
export function forgetSourcePlaylistsExcept(db: Db, userId: string, named: readonly string[]): void {
  transaction(db, () => {
    const others = (column: typeof sourcePlaylists.playlistId | typeof sourcePlaylistSongs.playlistId) =>
      named.length > 0 ? notInArray(column, [...named]) : undefined;
    db.delete(sourcePlaylistSongs)
      .where(and(eq(sourcePlaylistSongs.userId, userId), others(sourcePlaylistSongs.playlistId)))
      .run();
    db.delete(sourcePlaylists)
      .where(and(eq(sourcePlaylists.userId, userId), others(sourcePlaylists.playlistId)))
      .run();
  });
}

/** The names Crate knows for some of the listener's source playlists. */
export function sourcePlaylistNames(db: Db, userId: string, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  return new Map(
    db
      .select({ id: sourcePlaylists.playlistId, name: sourcePlaylists.name })
      .from(sourcePlaylists)
      .where(and(eq(sourcePlaylists.userId, userId), inArray(sourcePlaylists.playlistId, [...ids])))
      .all()
      .map((r) => [r.id, r.name]),
  );
}

/** A mark that moves whenever Crate reads or forgets one of the listener's source playlists. */
export function sourcePlaylistsStamp(db: Db, userId: string): string {
  const row = db.$client
    .query<{ n: number; last: number | null }, [string]>(
      "SELECT count(*) AS n, max(checked_at) AS last FROM source_playlists WHERE user_id = ?",
    )
    .get(userId);
  return `${row?.n ?? 0}:${row?.last ?? 0}`;
}
