// The songs a plan considers, with each track's catalogue categories (classified once per track, cached in
// the shared tracks table and recomputed only when the rules or the track's metadata change).
import { type FeatureFacts, featureFacts } from "../../shared/audio-features.ts";
import { countryNationalities } from "../../shared/catalogue/countries.ts";
import { decadeStartYears } from "../../shared/catalogue/decades.ts";
import { genreRules } from "../../shared/catalogue/genres.ts";
import { moodRules } from "../../shared/catalogue/moods.ts";
import { nationalityRules } from "../../shared/catalogue/nationalities.ts";
import { subgenres } from "../../shared/catalogue/subgenres.ts";
import { tempoBands } from "../../shared/catalogue/tempo.ts";
import { consideredLikes, type MembershipLevel } from "../../shared/membership.ts";
import type { SongFacts } from "../../shared/rules/model.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps/deps.ts";
import { tagsToGenreStrings } from "../metadata/tags.ts";
import { hash53 } from "../platform/sample.ts";
import { runSteps, runStepsGivingWay } from "../platform/steps.ts";
import { classifyTrack } from "./classify.ts";
import {
  type ArtistFacts,
  activeLike,
  activeLikesOldestFirst,
  artistFactsByIds,
  type LikeRow,
  parseStringList,
  saveCategories,
  type TrackFacts,
  trackFactsByIds,
} from "./considered-repository.ts";
import {
  type ArtistCorrection,
  correctionMap,
  likedTracksOfCorrectedArtists,
} from "./corrections-repository.ts";

/**
 * A considered song as the rules judge it (`rank` is its index in like order, 0 = the oldest considered like),
 * with the facts loaded for the rules that read them (fact-sources.ts).
 */
export interface PlannedSong extends SongFacts {
  /** the listener corrected one of its artists: `categories` are the listener's own, never cached */
  corrected?: boolean;
}

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
export const consideredLimit: (level: MembershipLevel) => number | null = consideredLikes;

/** Which likes to read, and which of their facts beyond the like and the classification. */
export interface SongReading {
  /** the likes the listener took back instead of the active ones (never limited to the newest 1000) */
  unliked?: boolean;
  /** the artist ids (the `artists` part, the first artist's name) */
  artistIds?: boolean;
}

/**
 * The considered songs in like order (oldest first, `rank` 0 = oldest), each with its categories, release date
 * and tempo. Unliked songs are not considered (they stay where Crate already put them).
 */
export function loadConsideredSongs(
  deps: Pick<Deps, "db">,
  userId: string,
  level: MembershipLevel,
  reading: SongReading = {},
): PlannedSong[] {
  return runSteps(consideredSongSteps(deps, userId, level, Number.POSITIVE_INFINITY, reading));
}

/** Songs classified between two pauses when a background count reads a large library (an analysis). */
const CLASSIFY_PIECE = 1_000;

/** The same songs for background work, giving the event loop back while it classifies a large library. */
export function loadConsideredSongsGivingWay(
  deps: Pick<Deps, "db">,
  userId: string,
  level: MembershipLevel,
  reading: SongReading = {},
): Promise<PlannedSong[]> {
  return runStepsGivingWay(consideredSongSteps(deps, userId, level, CLASSIFY_PIECE, reading));
}

function* consideredSongSteps(
  deps: Pick<Deps, "db">,
  userId: string,
  level: MembershipLevel,
  piece: number,
  reading: SongReading,
): Generator<void, PlannedSong[]> {
  const songs: PlannedSong[] = [];
  const stale: PlannedSong[] = [];
  const corrections = correctionMap(deps.db, userId);
  const corrected = corrections.size > 0 ? likedTracksOfCorrectedArtists(deps.db, userId) : new Set<string>();
  const correctedSongs: PlannedSong[] = [];
  const limit = reading.unliked ? null : consideredLimit(level);
  for (const [like, categoriesJson] of activeLikesOldestFirst(deps.db, userId, limit, reading.unliked)) {
    if (songs.length % piece === piece - 1) yield;
    const song = songOfLike(like, songs.length, reading);
    songs.push(song);
    if (corrected.has(like.trackId)) {
      song.corrected = true;
      correctedSongs.push(song);
      continue;
    }
    const cached = categoriesJson !== null && like.categoriesVersion === classificationVersion;
    if (cached) song.categories = parseStringList(categoriesJson) ?? [];
    else stale.push(song);
  }
  for (let i = 0; i < stale.length; i += piece) {
    yield;
    classifyStale(deps.db, piece >= stale.length ? stale : stale.slice(i, i + piece));
  }
  if (correctedSongs.length > 0) {
    yield;
    classifyStale(deps.db, correctedSongs, corrections);
  }
  return songs;
}

function songOfLike(like: LikeRow[0], rank: number, reading: SongReading): PlannedSong {
  const song: PlannedSong = {
    trackId: like.trackId,
    likedAt: like.likedAt,
    rank,
    isrc: like.isrc,
    categories: [],
    releaseDate: like.releaseDate,
    tempo: like.tempo,
  };
  if (reading.artistIds) song.artistIds = parseStringList(like.artistIdsJson) ?? [];
  return song;
}

/**
 * One active like as loadConsideredSongs gives it (its categories with the listener's corrections applied, a
 * stale cache recomputed; `rank` 0), without reading the rest of the library; null when it is not an active like.
 */
export function likedSong(
  deps: Pick<Deps, "db">,
  userId: string,
  trackId: string,
  reading: SongReading = {},
): PlannedSong | null {
  const found = activeLike(deps.db, userId, trackId);
  if (!found) return null;
  const [like, categoriesJson] = found;
  const song = songOfLike(like, 0, reading);
  const corrections = correctionMap(deps.db, userId);
  const artistIds = parseStringList(like.artistIdsJson) ?? [];
  if (artistIds.some((id) => corrections.has(id))) {
    song.corrected = true;
    classifyStale(deps.db, [song], corrections);
  } else if (categoriesJson !== null && like.categoriesVersion === classificationVersion)
    song.categories = parseStringList(categoriesJson) ?? [];
  else classifyStale(deps.db, [song]);
  return song;
}

/**
 * Classifies tracks without (current) cached categories, caching those whose metadata is complete; with the
 * listener's corrections, their artists' genres and country are the listener's and nothing is cached.
 */
function classifyStale(
  db: Db,
  stale: PlannedSong[],
  corrections?: ReadonlyMap<string, ArtistCorrection>,
): void {
  const tracks = trackFactsByIds(
    db,
    stale.map((s) => s.trackId),
  );
  const allArtistIds = new Set<string>();
  for (const track of tracks.values()) for (const id of track.artistIds) allArtistIds.add(id);
  const artists = artistFactsByIds(db, [...allArtistIds]);
  const genresOfArtist = new Map<string, string[]>();
  for (const artist of artists.values())
    genresOfArtist.set(
      artist.id,
      correctedGenreStrings(corrections?.get(artist.id)) ?? artistGenreStrings(artist),
    );
  for (const [id, correction] of corrections ?? []) {
    const genres = correctedGenreStrings(correction);
    if (genres && !genresOfArtist.has(id)) genresOfArtist.set(id, genres);
  }
  const toCache: { trackId: string; categories: string[] }[] = [];
  for (const song of stale) {
    const track = tracks.get(song.trackId);
    if (!track) continue;
    const genres = new Set<string>();
    const countries: string[] = [];
    // New facts about a track or its artists clear its cached categories, so a finished lookup may cache.
    const complete = track.featuresStatus !== "missing";
    for (const id of track.artistIds) {
      for (const genre of genresOfArtist.get(id) ?? []) genres.add(genre);
      const correctedCountry = corrections?.get(id)?.country;
      const country = correctedCountry ?? artists.get(id)?.country;
      if (country) countries.push(country);
    }
    const names = classifyTrack({
      artistGenres: [...genres],
      artistCountries: countries,
      releaseDate: track.releaseDate,
      features: featuresOf(track),
    });
    song.categories = names;
    // Tracks still being looked up are classified for now but not cached, so they are redone once complete.
    if (complete && !corrections) toCache.push({ trackId: track.id, categories: names });
  }
  if (toCache.length > 0) saveCategories(db, toCache, classificationVersion);
}

/** A correction's genres as genre strings (catalogue names in lower case classify as themselves); null if none. */
export function correctedGenreStrings(correction: ArtistCorrection | undefined): string[] | null {
  const genres = correction?.genres;
  return genres ? genres.map((genre) => genre.toLowerCase()) : null;
}

/** Spotify's genres when it has any for the artist, else MusicBrainz genres and tags in the same spelling. */
export function artistGenreStrings(artist: ArtistFacts): string[] {
  const spotify = artist.genres ?? [];
  if (spotify.length > 0) return spotify;
  return tagsToGenreStrings(artist.mbTags ?? []);
}

/** Features from their source; a tempo alone (Deezer's bpm) leaves the rest unknown; null when nothing is known. */
export function featuresOf(row: TrackFacts): FeatureFacts | null {
  if (row.featuresSource === null) {
    if (row.tempo === null) return null;
    return featureFacts((name) => (name === "tempo" ? row.tempo : null));
  }
  return featureFacts((name) => row[name]);
}
