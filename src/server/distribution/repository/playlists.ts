// Managed playlists (managed_playlists) and the songs Crate put in them (playlist_songs).
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { PlaylistFailure } from "../../../shared/playlist-failures.ts";
import { builtQuery, type Db } from "../../db/client.ts";
import { managedPlaylists, users } from "../../db/schema/index.ts";
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
/** The Spotify name Crate gave the playlist (after a rule was renamed). */
export function renamePlaylist(db: Db, id: string, name: string): void {
  db.update(managedPlaylists).set({ name }).where(eq(managedPlaylists.id, id)).run();
}

export function playlistsOfPreference(db: Db, userId: string, source: PlaylistSource, key: string) {
  return db
    .select({
      id: managedPlaylists.id,
      name: managedPlaylists.name,
      sequence: managedPlaylists.sequence,
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

export interface NewPlaylist {
  id: string;
  userId: string;
  source: PlaylistSource;
  preferenceKey: string;
  bucket: string;
  sequence: number;
  name: string;
  createdAt: number;
}

/** Inserts new playlists, active; prepared once for a plan that may create hundreds. */
export function playlistInserter(db: Db): (row: NewPlaylist) => void {
  const column = (name: keyof NewPlaylist) => sql`${sql.placeholder(name)}`;
  const insert = db
    .insert(managedPlaylists)
    .values({
      id: column("id"),
      userId: column("userId"),
      source: column("source"),
      preferenceKey: column("preferenceKey"),
      bucket: column("bucket"),
      sequence: column("sequence"),
      name: column("name"),
      status: "active",
      createdAt: column("createdAt"),
    })
    .prepare();
  return (row) => void insert.run({ ...row });
}

/** Whose playlist it is, of which preference, and its status. */
export function playlistPlace(db: Db, id: string) {
  return db
    .select({
      userId: managedPlaylists.userId,
      source: managedPlaylists.source,
      preferenceKey: managedPlaylists.preferenceKey,
      status: managedPlaylists.status,
    })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.id, id))
    .get();
}

export function setPlaylistStatus(db: Db, id: string, status: StoredPlaylistStatus): void {
  db.update(managedPlaylists).set({ status }).where(eq(managedPlaylists.id, id)).run();
}

/** A playlist deleted in Spotify, to be made again: active, with no Spotify playlist until its creation. */
export function reopenPlaylist(db: Db, id: string): void {
  db.update(managedPlaylists)
    .set({ status: "active", failure: null, spotifyPlaylistId: null })
    .where(eq(managedPlaylists.id, id))
    .run();
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

/** The user's playlists Crate keeps up to date that exist on Spotify, as the library check asks about them. */
export function activePlaylistsOnSpotify(db: Db, userId: string): { id: string; spotifyId: string }[] {
  return db
    .select({ id: managedPlaylists.id, spotifyId: managedPlaylists.spotifyPlaylistId })
    .from(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, userId),
        eq(managedPlaylists.status, "active"),
        isNotNull(managedPlaylists.spotifyPlaylistId),
      ),
    )
    .orderBy(asc(managedPlaylists.createdAt), asc(managedPlaylists.id))
    .all()
    .flatMap((p) => (p.spotifyId === null ? [] : [{ id: p.id, spotifyId: p.spotifyId }]));
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

/** The vanished and failed playlists as the preferences page lists them: predefined before combination, then by preference, bucket and part. */
export function leftAlonePlaylists(db: Db, userId: string) {
  return builtQuery(db, leftAloneQuery).all({ userId });
}

// built once: the preferences read of every Playlists page view (ADR 0081)
const leftAloneQuery = (db: Db) =>
  db
    .select({
      source: managedPlaylists.source,
      preferenceKey: managedPlaylists.preferenceKey,
      name: managedPlaylists.name,
      status: managedPlaylists.status,
      failure: managedPlaylists.failure,
      bucket: managedPlaylists.bucket,
      sequence: managedPlaylists.sequence,
    })
    .from(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, sql.placeholder("userId")),
        inArray(managedPlaylists.status, ["vanished", "failed"]),
      ),
    )
    .orderBy(
      desc(managedPlaylists.source),
      asc(managedPlaylists.preferenceKey),
      asc(managedPlaylists.bucket),
      asc(managedPlaylists.sequence),
    )
    .prepare();
