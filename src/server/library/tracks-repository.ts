// The shared tracks and artists tables as library sync and classification use them: rows from a listing, the
// facts classification reads, and the cached categories.
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { artists, likes, tracks } from "../db/schema/index.ts";
import { prepareWrite } from "./prepared.ts";

/** A track as a listing of likes carries it (the facts come later from the metadata sources). */
export interface ListedTrack {
  id: string;
  name: string;
  artistIds: string[];
  albumName: string;
  releaseDate: string | null;
  durationMs: number;
  isrc: string | null;
}

/**
 * Writers for a listing's tracks and artists, prepared once per sync: a known track only gains an ISRC it
 * lacked, a known artist is left alone.
 */
export function prepareListingWriters(db: Db) {
  const insertTrack = prepareWrite<ListedTrack & { now: number }>(
    db,
    db
      .insert(tracks)
      .values({
        id: sql.placeholder("id"),
        name: sql.placeholder("name"),
        artistIds: sql.placeholder("artistIds"),
        albumName: sql.placeholder("albumName"),
        releaseDate: sql.placeholder("releaseDate"),
        durationMs: sql.placeholder("durationMs"),
        isrc: sql.placeholder("isrc"),
        featuresStatus: "missing",
        fetchedAt: sql.placeholder("now"),
      })
      .onConflictDoUpdate({
        target: tracks.id,
        set: { isrc: sql`excluded.isrc` },
        setWhere: sql`${tracks.isrc} IS NULL AND excluded.isrc IS NOT NULL`,
      }),
  );
  const insertArtist = prepareWrite<{ id: string; name: string }>(
    db,
    db
      .insert(artists)
      .values({ id: sql.placeholder("id"), name: sql.placeholder("name") })
      .onConflictDoNothing({ target: artists.id }),
  );
  return {
    track(track: ListedTrack, now: number): void {
      insertTrack({ ...track, now });
    },
    artist(id: string, name: string): void {
      insertArtist({ id, name });
    },
  };
}

/** A considered like with its track's cached categories (null, or of an older rules version, when stale). */
export interface ConsideredLikeRow {
  trackId: string;
  likedAt: number;
  categories: string[] | null;
  categoriesVersion: string | null;
  isrc: string | null;
}

/** The user's likes still there, newest first (provider order within one time), at most `limit` (null: all). */
export function newestActiveLikes(db: Db, userId: string, limit: number | null): ConsideredLikeRow[] {
  return db
    .select({
      trackId: likes.trackId,
      likedAt: likes.likedAt,
      categories: tracks.categories,
      categoriesVersion: tracks.categoriesVersion,
      isrc: tracks.isrc,
    })
    .from(likes)
    .innerJoin(tracks, eq(tracks.id, likes.trackId))
    .where(and(eq(likes.userId, userId), isNull(likes.unlikedAt)))
    .orderBy(desc(likes.likedAt), desc(likes.seq))
    .limit(limit ?? -1)
    .all();
}

/** What classification reads of a track. */
export type TrackFacts = Pick<
  typeof tracks.$inferSelect,
  | "id"
  | "artistIds"
  | "releaseDate"
  | "featuresStatus"
  | "featuresSource"
  | "tempo"
  | "energy"
  | "valence"
  | "danceability"
  | "acousticness"
  | "instrumentalness"
  | "speechiness"
>;

/** What classification reads of an artist. */
export type ArtistFacts = Pick<typeof artists.$inferSelect, "id" | "genres" | "mbTags" | "country">;

// SQLite allows 999 variables per statement in old builds: ids go in chunks well below that.
const ID_CHUNK = 500;

function byIdInChunks<T extends { id: string }>(
  ids: readonly string[],
  load: (part: string[]) => T[],
): Map<string, T> {
  const found = new Map<string, T>();
  for (let i = 0; i < ids.length; i += ID_CHUNK)
    for (const row of load(ids.slice(i, i + ID_CHUNK))) found.set(row.id, row);
  return found;
}

export function trackFactsByIds(db: Db, ids: readonly string[]): Map<string, TrackFacts> {
  return byIdInChunks(ids, (part) =>
    db
      .select({
        id: tracks.id,
        artistIds: tracks.artistIds,
        releaseDate: tracks.releaseDate,
        featuresStatus: tracks.featuresStatus,
        featuresSource: tracks.featuresSource,
        tempo: tracks.tempo,
        energy: tracks.energy,
        valence: tracks.valence,
        danceability: tracks.danceability,
        acousticness: tracks.acousticness,
        instrumentalness: tracks.instrumentalness,
        speechiness: tracks.speechiness,
      })
      .from(tracks)
      .where(inArray(tracks.id, part))
      .all(),
  );
}

export function artistFactsByIds(db: Db, ids: readonly string[]): Map<string, ArtistFacts> {
  return byIdInChunks(ids, (part) =>
    db
      .select({ id: artists.id, genres: artists.genres, mbTags: artists.mbTags, country: artists.country })
      .from(artists)
      .where(inArray(artists.id, part))
      .all(),
  );
}

/** Caches a track's categories with the rules version they were computed with, prepared once per pass. */
export function prepareCategoriesSave(
  db: Db,
): (trackId: string, categories: string[], version: string) => void {
  const save = db
    .update(tracks)
    .set({
      categories: sql.placeholder("categories") as unknown as string[],
      categoriesVersion: sql.placeholder("version") as unknown as string,
    })
    .where(eq(tracks.id, sql.placeholder("trackId")))
    .prepare();
  return (trackId, categories, version) => {
    save.run({ trackId, categories, version });
  };
}

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
