// The songs a plan considers, with each track's catalogue categories (classified once per track, cached in
// the shared tracks table and recomputed only when the rules or the track's metadata change).
import type { Database } from "bun:sqlite";
import { decadeStartYears } from "../../shared/catalogue/decades.ts";
import { genreRules } from "../../shared/catalogue/genres.ts";
import { moodRules } from "../../shared/catalogue/moods.ts";
import { nationalityRules } from "../../shared/catalogue/nationalities.ts";
import { subgenres } from "../../shared/catalogue/subgenres.ts";
import { tempoBands } from "../../shared/catalogue/tempo.ts";
import { limits } from "../../shared/limits.ts";
import type { MembershipLevel } from "../../shared/membership.ts";
import type { Deps } from "../deps.ts";
import type { PlannedSong } from "../distribution/plan.ts";
import { hash53 } from "../distribution/sample.ts";
import { type AudioFeatureFacts, classifyTrack } from "./classify.ts";

/** Changes whenever a classification table changes, so cached categories are recomputed. */
export const classificationVersion = hash53(
  JSON.stringify({ decadeStartYears, genreRules, moodRules, nationalityRules, subgenres, tempoBands }),
).toString(36);

/** All likes for PremiumYearly; the newest 1000 for every other level. */
export const consideredLimit = (level: MembershipLevel): number | null =>
  level === "PremiumYearly" ? null : limits.freeConsideredSongs;

interface LikeRow {
  track_id: string;
  liked_at: number;
  categories: string | null;
  categories_version: string | null;
  artist_ids: string;
  release_date: string | null;
  features_status: "missing" | "present" | "unavailable";
  tempo: number | null;
  energy: number | null;
  valence: number | null;
  danceability: number | null;
  acousticness: number | null;
  instrumentalness: number | null;
  speechiness: number | null;
}

/**
 * The considered songs in like order (oldest first, `rank` 0 = oldest), each with its categories.
 * Unliked songs are not considered (they stay where Crate already put them).
 */
export function loadConsideredSongs(
  deps: Pick<Deps, "db">,
  userId: string,
  level: MembershipLevel,
): PlannedSong[] {
  const sqlite = deps.db.$client;
  const limit = consideredLimit(level) ?? -1;
  const rows = sqlite
    .query<LikeRow, [string, number]>(
      `SELECT l.track_id, l.liked_at, t.categories, t.categories_version, t.artist_ids, t.release_date,
         t.features_status, t.tempo, t.energy, t.valence, t.danceability, t.acousticness, t.instrumentalness,
         t.speechiness
       FROM likes l JOIN tracks t ON t.id = l.track_id
       WHERE l.user_id = ? AND l.unliked_at IS NULL
       ORDER BY l.liked_at DESC, l.seq DESC LIMIT ?`,
    )
    .all(userId, limit);
  const categories = categoriesFor(sqlite, rows);
  const songs: PlannedSong[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[rows.length - 1 - i] as LikeRow;
    songs[i] = {
      trackId: row.track_id,
      likedAt: row.liked_at,
      rank: i,
      categories: categories.get(row.track_id) ?? [],
    };
  }
  return songs;
}

function categoriesFor(sqlite: Database, rows: readonly LikeRow[]): Map<string, readonly string[]> {
  const result = new Map<string, readonly string[]>();
  const stale: LikeRow[] = [];
  for (const row of rows) {
    if (row.categories !== null && row.categories_version === classificationVersion) {
      result.set(row.track_id, JSON.parse(row.categories) as string[]);
    } else stale.push(row);
  }
  if (stale.length === 0) return result;

  const artistIds = new Set<string>();
  const artistIdsOf = new Map<string, string[]>();
  for (const row of stale) {
    const ids = JSON.parse(row.artist_ids) as string[];
    artistIdsOf.set(row.track_id, ids);
    for (const id of ids) artistIds.add(id);
  }
  const artists = loadArtists(sqlite, [...artistIds]);
  const save = sqlite.query("UPDATE tracks SET categories = ?, categories_version = ? WHERE id = ?");
  sqlite.transaction(() => {
    for (const row of stale) {
      const ids = artistIdsOf.get(row.track_id) ?? [];
      const genres = new Set<string>();
      let complete = row.features_status !== "missing";
      for (const id of ids) {
        const artist = artists.get(id);
        if (!artist || artist.genres === null) complete = false;
        else for (const genre of artist.genres) genres.add(genre);
      }
      const names = classifyTrack({
        artistGenres: [...genres],
        releaseDate: row.release_date,
        features: row.features_status === "present" ? featuresOf(row) : null,
      });
      result.set(row.track_id, names);
      // Half-known tracks are classified for now but not cached, so they are redone once complete.
      if (complete) save.run(JSON.stringify(names), classificationVersion, row.track_id);
    }
  })();
  return result;
}

function featuresOf(row: LikeRow): AudioFeatureFacts {
  return {
    tempo: row.tempo,
    energy: row.energy,
    valence: row.valence,
    danceability: row.danceability,
    acousticness: row.acousticness,
    instrumentalness: row.instrumentalness,
    speechiness: row.speechiness,
  };
}

function loadArtists(sqlite: Database, ids: readonly string[]): Map<string, { genres: string[] | null }> {
  const found = new Map<string, { genres: string[] | null }>();
  const CHUNK = 500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const rows = sqlite
      .query<{ id: string; genres: string | null }, string[]>(
        `SELECT id, genres FROM artists WHERE id IN (${part.map(() => "?").join(",")})`,
      )
      .all(...part);
    for (const row of rows)
      found.set(row.id, { genres: row.genres === null ? null : JSON.parse(row.genres) });
  }
  return found;
}
