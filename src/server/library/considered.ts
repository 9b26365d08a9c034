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

interface TrackRow {
  id: string;
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
    .query<{ track_id: string }, [string, number]>(
      `SELECT l.track_id, l.liked_at, t.categories, t.categories_version, t.isrc
       FROM likes l JOIN tracks t ON t.id = l.track_id
       WHERE l.user_id = ? AND l.unliked_at IS NULL
       ORDER BY l.liked_at DESC, l.seq DESC LIMIT ?`,
    )
    .values(userId, limit) as [string, number, string | null, string | null, string | null][];
  const songs: PlannedSong[] = new Array(rows.length);
  const stale: PlannedSong[] = [];
  for (let i = 0; i < rows.length; i++) {
    const [trackId, likedAt, categories, version, isrc] = rows[rows.length - 1 - i] as (typeof rows)[number];
    const cached = categories !== null && version === classificationVersion;
    const song: PlannedSong = {
      trackId,
      likedAt,
      rank: i,
      isrc,
      categories: cached ? JSON.parse(categories) : [],
    };
    songs[i] = song;
    if (!cached) stale.push(song);
  }
  if (stale.length > 0) classifyStale(sqlite, stale);
  return songs;
}

/** Classifies tracks without (current) cached categories, caching those whose metadata is complete. */
function classifyStale(sqlite: Database, stale: PlannedSong[]): void {
  const tracks = loadByIds<TrackRow>(
    sqlite,
    `SELECT id, artist_ids, release_date, features_status, tempo, energy, valence, danceability, acousticness,
       instrumentalness, speechiness FROM tracks WHERE id IN`,
    stale.map((s) => s.trackId),
  );
  const artistIdsOf = new Map<string, string[]>();
  const allArtistIds = new Set<string>();
  for (const track of tracks.values()) {
    const ids = JSON.parse(track.artist_ids) as string[];
    artistIdsOf.set(track.id, ids);
    for (const id of ids) allArtistIds.add(id);
  }
  const artists = loadByIds<{ id: string; genres: string | null }>(
    sqlite,
    "SELECT id, genres FROM artists WHERE id IN",
    [...allArtistIds],
  );
  const save = sqlite.query("UPDATE tracks SET categories = ?, categories_version = ? WHERE id = ?");
  sqlite.transaction(() => {
    for (const song of stale) {
      const track = tracks.get(song.trackId);
      if (!track) continue;
      const genres = new Set<string>();
      let complete = track.features_status !== "missing";
      for (const id of artistIdsOf.get(track.id) ?? []) {
        const genresJson = artists.get(id)?.genres;
        if (genresJson === undefined || genresJson === null) complete = false;
        else for (const genre of JSON.parse(genresJson) as string[]) genres.add(genre);
      }
      const names = classifyTrack({
        artistGenres: [...genres],
        releaseDate: track.release_date,
        features: track.features_status === "present" ? featuresOf(track) : null,
      });
      song.categories = names;
      // Half-known tracks are classified for now but not cached, so they are redone once complete.
      if (complete) save.run(JSON.stringify(names), classificationVersion, track.id);
    }
  })();
}

/** Rows by id, `IN (…)` in chunks of 500 ids. */
function loadByIds<T extends { id: string }>(
  sqlite: Database,
  selectIn: string,
  ids: readonly string[],
): Map<string, T> {
  const found = new Map<string, T>();
  const CHUNK = 500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const rows = sqlite.query<T, string[]>(`${selectIn} (${part.map(() => "?").join(",")})`).all(...part);
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

function featuresOf(row: TrackRow): AudioFeatureFacts {
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
