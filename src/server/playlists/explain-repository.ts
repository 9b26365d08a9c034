// What explaining a playlist reads: the songs Crate holds in it in playlist order, and each song's facts with
// their provenance (tracks, artists, the lookup memory, the listener's corrections).
import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { featureFacts } from "../../shared/audio-features.ts";
import { fieldsRead } from "../../shared/rules/evaluate.ts";
import type { Rule } from "../../shared/rules/model.ts";
import type { Db } from "../db/client.ts";
import {
  artists,
  likes,
  metadataLookups,
  playlistSongs,
  sourcePlaylistSongs,
  sourcePlaylists,
  tracks,
} from "../db/schema/index.ts";
import { correctionMap } from "../library/corrections-repository.ts";
import { songQuestions } from "../metadata/sources/index.ts";
import { isOneOf } from "../metadata/store/lookups-repository.ts";
import type { ArtistEvidence, TrackEvidence } from "./reasons.ts";

/** The order Crate's record gives a playlist's songs (a rule's other orders sort these: held-order.ts). */
export type HeldOrder = "newestFirst" | "asAdded" | "likeOrder";

/**
 * The songs Crate holds in a playlist now, in its order: newest like first for Latest N, as added for a random
 * sample, else like order (returning songs are inserted at their place). Songs the listener removed in Spotify
 * (noticed, `missing_since`) are left out.
 */
export function heldInOrder(
  db: Db,
  userId: string,
  playlistId: string,
  order: HeldOrder,
  /** a song the listener removed, placed among the others (to be put back there) */
  including?: string,
): string[] {
  const orderBy = {
    newestFirst: [desc(likes.likedAt), desc(likes.seq)],
    asAdded: [asc(playlistSongs.addedAt), asc(likes.likedAt), asc(likes.seq)],
    likeOrder: [asc(likes.likedAt), asc(likes.seq)],
  }[order];
  return db
    .select({ trackId: playlistSongs.trackId })
    .from(playlistSongs)
    .leftJoin(likes, and(eq(likes.userId, userId), eq(likes.trackId, playlistSongs.trackId)))
    .where(
      and(
        eq(playlistSongs.playlistId, playlistId),
        isNull(playlistSongs.removedAt),
        including === undefined
          ? isNull(playlistSongs.missingSince)
          : or(isNull(playlistSongs.missingSince), eq(playlistSongs.trackId, including)),
      ),
    )
    .orderBy(...orderBy)
    .all()
    .map((r) => r.trackId);
}

/**
 * For a rule that reads the listener's own playlists: per song, the source playlists holding it with when Crate
 * read each; nothing for other rules.
 */
export function sourcePlaylistsHolding(
  db: Db,
  userId: string,
  rule: Rule,
): (trackId: string) => ReadonlyMap<string, number> | undefined {
  if (!fieldsRead(rule).has("playlists")) return () => undefined;
  const rows = db
    .select({
      trackId: sourcePlaylistSongs.trackId,
      playlistId: sourcePlaylists.playlistId,
      checkedAt: sourcePlaylists.checkedAt,
    })
    .from(sourcePlaylistSongs)
    .innerJoin(
      sourcePlaylists,
      and(
        eq(sourcePlaylists.userId, sourcePlaylistSongs.userId),
        eq(sourcePlaylists.playlistId, sourcePlaylistSongs.playlistId),
      ),
    )
    .where(eq(sourcePlaylistSongs.userId, userId))
    .all();
  const holding = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const map = holding.get(row.trackId) ?? new Map<string, number>();
    map.set(row.playlistId, row.checkedAt);
    holding.set(row.trackId, map);
  }
  return (trackId) => holding.get(trackId);
}

/** The songs Crate holds now in any of the playlists. */
export function heldIn(db: Db, playlistIds: readonly string[]): Set<string> {
  if (playlistIds.length === 0) return new Set();
  return new Set(
    db
      .select({ trackId: playlistSongs.trackId })
      .from(playlistSongs)
      .where(and(inArray(playlistSongs.playlistId, [...playlistIds]), isNull(playlistSongs.removedAt)))
      .all()
      .map((r) => r.trackId),
  );
}

export interface SongRecord {
  trackId: string;
  name: string;
  isrc: string | null;
  likedAt: number | null;
  artists: { id: string; name: string }[];
  evidence: TrackEvidence;
}

const CHUNK = 500;

function inChunks<T>(ids: readonly string[], read: (part: string[]) => T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...read(ids.slice(i, i + CHUNK)));
  return out;
}

/** The songs' names, artists and facts with provenance, in the order of `trackIds` (unknown ids left out). */
export function songRecords(db: Db, userId: string, trackIds: readonly string[]): SongRecord[] {
  const trackRows = inChunks(trackIds, (part) =>
    db.select().from(tracks).where(inArray(tracks.id, part)).all(),
  );
  const artistIds = [...new Set(trackRows.flatMap((t) => (Array.isArray(t.artistIds) ? t.artistIds : [])))];
  const artistRows = new Map(
    inChunks(artistIds, (part) => db.select().from(artists).where(inArray(artists.id, part)).all()).map(
      (a) => [a.id, a],
    ),
  );
  const likeRows = new Map(
    inChunks(trackIds, (part) =>
      db
        .select({ trackId: likes.trackId, likedAt: likes.likedAt })
        .from(likes)
        .where(and(eq(likes.userId, userId), inArray(likes.trackId, part)))
        .all(),
    ).map((l) => [l.trackId, l.likedAt]),
  );
  const tempoAsked = tempoAnswerTimes(db, trackRows);
  const corrections = correctionMap(db, userId);
  const byId = new Map(trackRows.map((t) => [t.id, t]));
  const records: SongRecord[] = [];
  for (const id of trackIds) {
    const t = byId.get(id);
    if (!t) continue;
    const ids = Array.isArray(t.artistIds) ? t.artistIds : [];
    const evidenceOfArtists: ArtistEvidence[] = ids.map((artistId) => {
      const a = artistRows.get(artistId);
      const correction = corrections.get(artistId);
      return {
        id: artistId,
        name: a?.name ?? artistId,
        spotifyGenres: Array.isArray(a?.genres) ? a.genres : null,
        spotifyFetchedAt: a?.fetchedAt ?? null,
        mbTags: Array.isArray(a?.mbTags) ? a.mbTags : null,
        country: a?.country ?? null,
        mbFetchedAt: a?.mbFetchedAt ?? null,
        correction,
      };
    });
    const hasFeatures = t.featuresSource !== null;
    const features =
      hasFeatures || t.tempo !== null
        ? featureFacts((name) => (hasFeatures || name === "tempo" ? (t[name] ?? null) : null))
        : null;
    records.push({
      trackId: id,
      name: t.name,
      isrc: t.isrc,
      likedAt: likeRows.get(id) ?? null,
      artists: evidenceOfArtists.map((a) => ({ id: a.id, name: a.name })),
      evidence: {
        releaseDate: t.releaseDate,
        fetchedAt: t.fetchedAt,
        features,
        featuresSource: t.featuresSource,
        featuresFetchedAt: t.featuresFetchedAt,
        tempoSource: t.tempoSource,
        tempoAsOf: tempoAsked.get(id) ?? null,
        artists: evidenceOfArtists,
      },
    });
  }
  return records;
}

/** The songs the listener removed from the playlist in Spotify, with when Crate noticed, in playlist order. */
export function removedByListener(
  db: Db,
  playlistId: string,
): { trackId: string; name: string; since: number }[] {
  return db
    .select({ trackId: playlistSongs.trackId, name: tracks.name, since: playlistSongs.missingSince })
    .from(playlistSongs)
    .innerJoin(tracks, eq(tracks.id, playlistSongs.trackId))
    .where(
      and(
        eq(playlistSongs.playlistId, playlistId),
        isNull(playlistSongs.removedAt),
        isNotNull(playlistSongs.missingSince),
      ),
    )
    .orderBy(asc(playlistSongs.addedAt))
    .all()
    .map((r) => ({ trackId: r.trackId, name: r.name, since: r.since ?? 0 }));
}

/** Of the user's active likes, those by any of the artists, each with which of them it is by. */
export function likedTracksByArtists(
  db: Db,
  userId: string,
  artistIds: readonly string[],
): Map<string, Set<string>> {
  const byTrack = new Map<string, Set<string>>();
  for (let i = 0; i < artistIds.length; i += CHUNK) {
    const part = artistIds.slice(i, i + CHUNK);
    const rows = db.$client
      .query<{ trackId: string; artistId: string }, string[]>(
        `SELECT l.track_id AS trackId, j.value AS artistId FROM likes l JOIN tracks t ON t.id = l.track_id,
          json_each(t.artist_ids) j WHERE l.user_id = ? AND l.unliked_at IS NULL
          AND j.value IN (${part.map(() => "?").join(",")})`,
      )
      .all(userId, ...part);
    for (const { trackId, artistId } of rows) {
      const artists = byTrack.get(trackId) ?? new Set<string>();
      artists.add(artistId);
      byTrack.set(trackId, artists);
    }
  }
  return byTrack;
}

/** Track names and artists by id. */
export function trackNames(
  db: Db,
  trackIds: readonly string[],
): Map<string, { name: string; artistIds: string[] }> {
  const rows = inChunks(trackIds, (part) =>
    db
      .select({ id: tracks.id, name: tracks.name, artistIds: tracks.artistIds })
      .from(tracks)
      .where(inArray(tracks.id, part))
      .all(),
  );
  return new Map(
    rows.map((r) => [r.id, { name: r.name, artistIds: Array.isArray(r.artistIds) ? r.artistIds : [] }]),
  );
}

/** The name of one of the user's liked songs; null when it is not one. */
export function likedTrackName(db: Db, userId: string, trackId: string): string | null {
  const row = db
    .select({ name: tracks.name })
    .from(likes)
    .innerJoin(tracks, eq(tracks.id, likes.trackId))
    .where(and(eq(likes.userId, userId), eq(likes.trackId, trackId)))
    .get();
  return row?.name ?? null;
}

/** The name of an artist of one of the user's liked songs; null when none of them is by the artist. */
export function likedArtistName(db: Db, userId: string, artistId: string): string | null {
  const row = db.$client
    .query<{ name: string | null }, [string, string, string]>(
      `SELECT (SELECT name FROM artists WHERE id = ?1) AS name FROM likes l JOIN tracks t ON t.id = l.track_id
        WHERE l.user_id = ?2 AND EXISTS (SELECT 1 FROM json_each(t.artist_ids) j WHERE j.value = ?3) LIMIT 1`,
    )
    .get(artistId, userId, artistId);
  return row ? (row.name ?? artistId) : null;
}

/** Of the given ids, the user's liked songs, with their names. */
export function likedTrackNames(db: Db, userId: string, trackIds: readonly string[]): Map<string, string> {
  const rows = inChunks([...new Set(trackIds)], (part) =>
    db
      .select({ id: tracks.id, name: tracks.name })
      .from(likes)
      .innerJoin(tracks, eq(tracks.id, likes.trackId))
      .where(and(eq(likes.userId, userId), inArray(likes.trackId, part)))
      .all(),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of the given ids, the artists of the user's liked songs, with their names (the id when not known). */
export function likedArtistNames(db: Db, userId: string, artistIds: readonly string[]): Map<string, string> {
  if (artistIds.length === 0) return new Map();
  const wanted = new Set(artistIds);
  const rows = db.$client
    .query<{ id: string; name: string | null }, [string]>(
      `SELECT DISTINCT j.value AS id, a.name AS name FROM likes l JOIN tracks t ON t.id = l.track_id,
        json_each(t.artist_ids) j LEFT JOIN artists a ON a.id = j.value WHERE l.user_id = ?1`,
    )
    .all(userId);
  return new Map(rows.filter((r) => wanted.has(r.id)).map((r) => [r.id, r.name ?? r.id]));
}

/**
 * When the source of a tempo given alone (not with the song's features, as Deezer's bpm) answered about the song,
 * from the lookup memory under that source's song question.
 */
function tempoAnswerTimes(
  db: Db,
  trackRows: readonly Pick<typeof tracks.$inferSelect, "id" | "tempoSource" | "featuresSource">[],
): Map<string, number> {
  const sourceOf = new Map(
    trackRows.flatMap((t) =>
      t.tempoSource !== null && t.tempoSource !== t.featuresSource ? [[t.id, t.tempoSource] as const] : [],
    ),
  );
  const questions = songQuestions.filter((q) => [...sourceOf.values()].includes(q.source));
  if (questions.length === 0) return new Map();
  const rows = inChunks([...sourceOf.keys()], (part) =>
    db
      .select({ key: metadataLookups.key, source: metadataLookups.source, at: metadataLookups.checkedAt })
      .from(metadataLookups)
      .where(and(inArray(metadataLookups.key, part), isOneOf(questions)))
      .all(),
  );
  return new Map(rows.filter((r) => sourceOf.get(r.key) === r.source).map((r) => [r.key, r.at]));
}
