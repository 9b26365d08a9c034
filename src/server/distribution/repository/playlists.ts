// Managed playlists (managed_playlists) and the songs Crate put in them (playlist_songs).
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { PlaylistFailure } from "../../../shared/playlist-failures.ts";
import type { Db } from "../../db/client.ts";
import { likes, managedPlaylists, playlistSongs, tracks, users } from "../../db/schema/index.ts";
import { changesOf } from "./changes.ts";

export type PlaylistSource = (typeof managedPlaylists.$inferSelect)["source"];
export type StoredPlaylistStatus = (typeof managedPlaylists.$inferSelect)["status"];

/** A playlist as planning reads it. */
export type PlaylistRow = Pick<
  typeof managedPlaylists.$inferSelect,
  | "id"
  | "preferenceKey"
  | "bucket"
  | "sequence"
  | "status"
  | "spotifyPlaylistId"
  | "trackCount"
  | "samplePeriod"
  | "name"
>;

/** The columns of a PlaylistRow. */
export const playlistRowColumns = {
  id: managedPlaylists.id,
  preferenceKey: managedPlaylists.preferenceKey,
  bucket: managedPlaylists.bucket,
  sequence: managedPlaylists.sequence,
  status: managedPlaylists.status,
  spotifyPlaylistId: managedPlaylists.spotifyPlaylistId,
  trackCount: managedPlaylists.trackCount,
  samplePeriod: managedPlaylists.samplePeriod,
  name: managedPlaylists.name,
};

/** Every playlist of a source the user has. */
export function playlistsOfSource(db: Db, userId: string, source: PlaylistSource): PlaylistRow[] {
  return db
    .select(playlistRowColumns)
    .from(managedPlaylists)
    .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.source, source)))
    .all();
}

/** The playlists of one preference (catalogue entry or combination), by bucket and sequence. */
export function playlistsOfPreference(db: Db, userId: string, source: PlaylistSource, key: string) {
  return db
    .select({
      id: managedPlaylists.id,
      name: managedPlaylists.name,
      spotifyPlaylistId: managedPlaylists.spotifyPlaylistId,
      status: managedPlaylists.status,
    })
    .from(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, userId),
        eq(managedPlaylists.source, source),
        eq(managedPlaylists.preferenceKey, key),
      ),
    )
    .orderBy(asc(managedPlaylists.bucket), asc(managedPlaylists.sequence))
    .all();
}

/** What applying a step needs of its playlist: its identity, state and the listener's Spotify id. */
export interface PlaylistState {
  userId: string;
  source: string;
  preferenceKey: string;
  bucket: string;
  sequence: number;
  name: string;
  status: StoredPlaylistStatus;
  spotifyPlaylistId: string | null;
  /** the listener's Spotify user id: a playlist Crate made is theirs */
  ownerSpotifyId: string;
}

/** Reads a playlist's state; prepared once per journal run (it is read for every step). */
export function playlistStateReader(db: Db): (id: string) => PlaylistState | null {
  const query = db
    .select({
      userId: managedPlaylists.userId,
      source: managedPlaylists.source,
      preferenceKey: managedPlaylists.preferenceKey,
      bucket: managedPlaylists.bucket,
      sequence: managedPlaylists.sequence,
      name: managedPlaylists.name,
      status: managedPlaylists.status,
      spotifyPlaylistId: managedPlaylists.spotifyPlaylistId,
      ownerSpotifyId: users.spotifyId,
    })
    .from(managedPlaylists)
    .innerJoin(users, eq(users.id, managedPlaylists.userId))
    .where(eq(managedPlaylists.id, sql.placeholder("id")))
    .prepare();
  return (id) => query.get({ id }) ?? null;
}

export function insertPlaylist(
  db: Db,
  row: {
    id: string;
    userId: string;
    source: PlaylistSource;
    preferenceKey: string;
    bucket: string;
    sequence: number;
    name: string;
    createdAt: number;
  },
): void {
  db.insert(managedPlaylists)
    .values({ ...row, status: "active" })
    .run();
}

export function setPlaylistStatus(db: Db, id: string, status: StoredPlaylistStatus): void {
  db.update(managedPlaylists).set({ status }).where(eq(managedPlaylists.id, id)).run();
}

/** Stops updating the playlists (a deletion removes them); a vanished one stays vanished. */
export function deselectPlaylists(db: Db, ids: readonly string[]): void {
  if (ids.length === 0) return;
  db.update(managedPlaylists)
    .set({ status: "deselected" })
    .where(and(inArray(managedPlaylists.id, [...ids]), ne(managedPlaylists.status, "vanished")))
    .run();
}

/** Spotify refused a write for good. */
export function setPlaylistFailed(db: Db, id: string, failure: PlaylistFailure): void {
  db.update(managedPlaylists).set({ status: "failed", failure }).where(eq(managedPlaylists.id, id)).run();
}

export function setSamplePeriod(db: Db, id: string, samplePeriod: string | null): void {
  db.update(managedPlaylists).set({ samplePeriod }).where(eq(managedPlaylists.id, id)).run();
}

/** Records the Spotify playlist; false when the row is gone (deleted meanwhile). */
export function setSpotifyPlaylistId(db: Db, id: string, spotifyPlaylistId: string): boolean {
  const result = db
    .update(managedPlaylists)
    .set({ spotifyPlaylistId })
    .where(eq(managedPlaylists.id, id))
    .run();
  return changesOf(result) > 0;
}

export function deletePlaylist(db: Db, id: string): void {
  db.delete(managedPlaylists).where(eq(managedPlaylists.id, id)).run();
}

export function deletePlaylistsOfPreference(
  db: Db,
  userId: string,
  source: PlaylistSource,
  key: string,
): void {
  db.delete(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, userId),
        eq(managedPlaylists.source, source),
        eq(managedPlaylists.preferenceKey, key),
      ),
    )
    .run();
}

/** The Spotify playlists Crate already knows for the user. */
export function knownSpotifyPlaylistIds(db: Db, userId: string): Set<string> {
  const rows = db
    .select({ id: managedPlaylists.spotifyPlaylistId })
    .from(managedPlaylists)
    .where(and(eq(managedPlaylists.userId, userId), isNotNull(managedPlaylists.spotifyPlaylistId)))
    .all();
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}

/** The vanished and failed playlists, as the preferences page lists them. */
export function leftAlonePlaylists(db: Db, userId: string) {
  return db
    .select({
      source: managedPlaylists.source,
      preferenceKey: managedPlaylists.preferenceKey,
      name: managedPlaylists.name,
      status: managedPlaylists.status,
      failure: managedPlaylists.failure,
    })
    .from(managedPlaylists)
    .where(and(eq(managedPlaylists.userId, userId), inArray(managedPlaylists.status, ["vanished", "failed"])))
    .orderBy(
      desc(managedPlaylists.source),
      asc(managedPlaylists.preferenceKey),
      asc(managedPlaylists.bucket),
      asc(managedPlaylists.sequence),
    )
    .all();
}

/** Reads every song Crate ever added to a playlist; prepared once for all the user's playlists. */
export function everAddedReader(db: Db): (playlistId: string) => string[] {
  const query = db
    .select({ trackId: playlistSongs.trackId })
    .from(playlistSongs)
    .where(eq(playlistSongs.playlistId, sql.placeholder("playlistId")))
    .prepare();
  return (playlistId) => query.all({ playlistId }).map((r) => r.trackId);
}

/** Every song Crate ever added to the user's playlists of a source, with the preference key of each. */
export function everAddedBySource(db: Db, userId: string, source: PlaylistSource) {
  return db
    .select({ preferenceKey: managedPlaylists.preferenceKey, trackId: playlistSongs.trackId })
    .from(playlistSongs)
    .innerJoin(managedPlaylists, eq(managedPlaylists.id, playlistSongs.playlistId))
    .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.source, source)))
    .all();
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
    .select(sql`SELECT ${playlistId}, value, ${now}, NULL FROM json_each(${ids}) WHERE true`)
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
