// The songs Crate put in managed playlists (playlist_songs): never deleted, so a removed song is never re-added.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likes, managedPlaylists, playlistSongs, tracks } from "../../db/schema/index.ts";
import { changesOf } from "./changes.ts";
import type { PlaylistSource } from "./playlists.ts";

/**
 * Reads every song Crate added to a playlist that only grows and did not take out again; prepared once for all
 * the user's playlists. Crate takes a song out of such a playlist only for the listener's exclusion or
 * correction, so once that is undone the song may come back; a song the listener removed in Spotify stays
 * counted and is never added again.
 */
export function everAddedReader(db: Db): (playlistId: string) => string[] {
  const query = db
    .select({ trackId: playlistSongs.trackId })
    .from(playlistSongs)
    .where(and(eq(playlistSongs.playlistId, sql.placeholder("playlistId")), isNull(playlistSongs.removedAt)))
    .prepare();
  // Raw values: a large library reads tens of thousands of rows here, and mapping each into an object costs.
  return (playlistId) => (query.values({ playlistId }) as [string][]).map((r) => r[0]);
}

/** Every song Crate added to the user's playlists of a source and did not take out, as [preference key, track id]. */
export function everAddedBySource(db: Db, userId: string, source: PlaylistSource): [string, string][] {
  return db
    .select({ preferenceKey: managedPlaylists.preferenceKey, trackId: playlistSongs.trackId })
    .from(playlistSongs)
    .innerJoin(managedPlaylists, eq(managedPlaylists.id, playlistSongs.playlistId))
    .where(
      and(
        eq(managedPlaylists.userId, userId),
        eq(managedPlaylists.source, source),
        isNull(playlistSongs.removedAt),
      ),
    )
    .values() as [string, string][];
}

/** The songs Crate holds in a playlist now, newest like first. */
export function currentSongs(db: Db, userId: string, playlistId: string): string[] {
  return db
    .select({ trackId: playlistSongs.trackId })
    .from(playlistSongs)
    .leftJoin(likes, and(eq(likes.userId, userId), eq(likes.trackId, playlistSongs.trackId)))
    .where(and(eq(playlistSongs.playlistId, playlistId), isNull(playlistSongs.removedAt)))
    .orderBy(desc(likes.likedAt), desc(likes.seq))
    .all()
    .map((r) => r.trackId);
}

/** The songs Crate placed in a playlist that the listener removed from it in Spotify (noticed, not taken out). */
export function removedByListenerIn(db: Db, playlistId: string): string[] {
  return db
    .select({ trackId: playlistSongs.trackId })
    .from(playlistSongs)
    .where(
      and(
        eq(playlistSongs.playlistId, playlistId),
        isNull(playlistSongs.removedAt),
        isNotNull(playlistSongs.missingSince),
      ),
    )
    .all()
    .map((r) => r.trackId);
}

/** The recordings (ISRCs) of the songs Crate holds in each of the user's playlists now. */
export function heldRecordings(db: Db, userId: string) {
  return db
    .select({ playlistId: playlistSongs.playlistId, isrc: tracks.isrc })
    .from(managedPlaylists)
    .innerJoin(
      playlistSongs,
      and(eq(playlistSongs.playlistId, managedPlaylists.id), isNull(playlistSongs.removedAt)),
    )
    .innerJoin(tracks, eq(tracks.id, playlistSongs.trackId))
    .where(and(eq(managedPlaylists.userId, userId), isNotNull(tracks.isrc)))
    .all();
}

/** What a journal run records of its adds and removals, prepared once per run (a run writes thousands). */
export function songRecords(db: Db) {
  const playlistId = sql.placeholder("playlistId");
  const ids = sql`${sql.placeholder("ids")}`;
  const now = sql`${sql.placeholder("now")}`;
  const insert = db
    .insert(playlistSongs)
    .select(sql`SELECT ${playlistId}, value, ${now}, NULL, NULL FROM json_each(${ids}) WHERE true`)
    .onConflictDoNothing()
    .prepare();
  // Songs Crate took out before (a rolling playlist) and puts back now.
  const restore = db
    .update(playlistSongs)
    .set({ removedAt: null, addedAt: now })
    .where(
      and(
        eq(playlistSongs.playlistId, playlistId),
        isNotNull(playlistSongs.removedAt),
        inArray(playlistSongs.trackId, sql`(SELECT value FROM json_each(${ids}))`),
      ),
    )
    .prepare();
  // Songs the listener removed in Spotify and Crate puts back (counted all along).
  const unmiss = db
    .update(playlistSongs)
    .set({ missingSince: null })
    .where(
      and(
        eq(playlistSongs.playlistId, playlistId),
        isNotNull(playlistSongs.missingSince),
        inArray(playlistSongs.trackId, sql`(SELECT value FROM json_each(${ids}))`),
      ),
    )
    .prepare();
  const newestLike = sql`(SELECT max(${likes.likedAt}) FROM json_each(${ids}) j
    CROSS JOIN ${likes} ON ${likes.userId} = ${sql.placeholder("userId")} AND ${likes.trackId} = j.value)`;
  const countAdded = db
    .update(managedPlaylists)
    .set({
      trackCount: sql`${managedPlaylists.trackCount} + ${sql.placeholder("count")}`,
      latestTrackAddedAt: now,
      latestSettledTrackLikedAt: sql`max(coalesce(${managedPlaylists.latestSettledTrackLikedAt}, 0), coalesce(${newestLike}, 0))`,
    })
    .where(eq(managedPlaylists.id, playlistId))
    .prepare();
  const remove = db
    .update(playlistSongs)
    .set({ removedAt: now })
    .where(
      and(
        eq(playlistSongs.playlistId, playlistId),
        eq(playlistSongs.trackId, sql.placeholder("trackId")),
        isNull(playlistSongs.removedAt),
      ),
    )
    .prepare();
  const countRemoved = db
    .update(managedPlaylists)
    .set({ trackCount: sql`max(0, ${managedPlaylists.trackCount} - ${sql.placeholder("count")})` })
    .where(eq(managedPlaylists.id, playlistId))
    .prepare();
  return {
    /** songs added to a playlist (or put back after Crate took them out); keeps its counters */
    added(playlist: string, userId: string, trackIds: readonly string[], at: number): void {
      const json = JSON.stringify(trackIds);
      const values = { playlistId: playlist, ids: json, now: at };
      const count = changesOf(insert.run(values)) + changesOf(restore.run(values));
      unmiss.run({ playlistId: playlist, ids: json });
      countAdded.run({ ...values, userId, count });
    },
    /** songs Crate took out of a playlist (kept, so they are never added again) */
    removed(playlist: string, trackIds: readonly string[], at: number): void {
      let count = 0;
      for (const trackId of trackIds)
        count += changesOf(remove.run({ playlistId: playlist, trackId, now: at }));
      countRemoved.run({ playlistId: playlist, count });
    },
  };
}

export type SongRecords = ReturnType<typeof songRecords>;
