// The songs a plan considers, with each track's catalogue categories (classified once per track, cached in
// the shared tracks table and recomputed only when the rules or the track's metadata change).
import type { Database } from "bun:sqlite";
import { countryNationalities } from "../../shared/catalogue/countries.ts";
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
import { tagsToGenreStrings } from "../metadata/tags.ts";
import { type AudioFeatureFacts, classifyTrack } from "./classify.ts";

/** Changes whenever a classification table changes, so cached categories are recomputed. */
export const classificationVersion = hash53(
  JSON.stringify({
    decadeStartYears,
    genreRules,
    moodRules,
    nationalityRules,
    subgenres,
    tempoBands,
    countryNationalities,
  }),
).toString(36);

/** All likes for PremiumYearly; the newest 1000 for every other level. */
export const consideredLimit = (level: MembershipLevel): number | null =>
  level === "PremiumYearly" ? null : limits.freeConsideredSongs;

interface TrackRow {
  id: string;
  artist_ids: string;
  release_date: string | null;
  features_status: "missing" | "present" | "unavailable";
  features_source: string | null;
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
    `SELECT id, artist_ids, release_date, features_status, features_source, tempo, energy, valence, danceability,
       acousticness, instrumentalness, speechiness FROM tracks WHERE id IN`,
    stale.map((s) => s.trackId),
  );
  const artistIdsOf = new Map<string, string[]>();
  const allArtistIds = new Set<string>();
  for (const track of tracks.values()) {
    const ids = JSON.parse(track.artist_ids) as string[];
    artistIdsOf.set(track.id, ids);
    for (const id of ids) allArtistIds.add(id);
  }
  const artists = loadByIds<ArtistRow>(
    sqlite,
    "SELECT id, genres, mb_tags, country FROM artists WHERE id IN",
    [...allArtistIds],
  );
  const genresOfArtist = new Map<string, string[]>();
  for (const artist of artists.values()) genresOfArtist.set(artist.id, artistGenreStrings(artist));
  const save = sqlite.query("UPDATE tracks SET categories = ?, categories_version = ? WHERE id = ?");
  sqlite.transaction(() => {
    for (const song of stale) {
      const track = tracks.get(song.trackId);
      if (!track) continue;
      const genres = new Set<string>();
      const countries: string[] = [];
      // New facts about a track or its artists clear its cached categories, so a finished lookup may cache.
      const complete = track.features_status !== "missing";
      for (const id of artistIdsOf.get(track.id) ?? []) {
        for (const genre of genresOfArtist.get(id) ?? []) genres.add(genre);
        const country = artists.get(id)?.country;
        if (country) countries.push(country);
      }
      const names = classifyTrack({
        artistGenres: [...genres],
        artistCountries: countries,
        releaseDate: track.release_date,
        features: featuresOf(track),
      });
      song.categories = names;
      // Tracks still being looked up are classified for now but not cached, so they are redone once complete.
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

interface ArtistRow {
  id: string;
  genres: string | null;
  mb_tags: string | null;
  country: string | null;
}

/** Spotify's genres when it has any for the artist, else MusicBrainz genres and tags in the same spelling. */
function artistGenreStrings(artist: ArtistRow): string[] {
  const spotify = artist.genres === null ? [] : (JSON.parse(artist.genres) as string[]);
  if (spotify.length > 0) return spotify;
  return artist.mb_tags === null ? [] : tagsToGenreStrings(JSON.parse(artist.mb_tags) as string[]);
}

/** Features from their source; a tempo alone (Deezer's bpm) leaves the rest unknown; null when nothing is known. */
function featuresOf(row: TrackRow): AudioFeatureFacts | null {
  if (row.features_source === null) {
    if (row.tempo === null) return null;
    return {
      tempo: row.tempo,
      energy: null,
      valence: null,
      danceability: null,
      acousticness: null,
      instrumentalness: null,
      speechiness: null,
    };
  }
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
