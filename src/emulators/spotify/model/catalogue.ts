// The emulated world's music: artists, albums, tracks and audio features, generated from a seed.
// Built once per emulator (about 40,000 tracks in a few tens of milliseconds); nothing here is mutable.
import type { AudioFeatureValues } from "../../../shared/audio-features.ts";
import type { GenrePool } from "./genre-pool.ts";
import { albumName, artistName, trackName } from "./names.ts";
import { base62Id, createRng, decodeIndexedId, indexedId, mix, type Rng } from "./random.ts";
import { type SameRecording, sameRecordings } from "./recordings.ts";
import { featuresOf, isrcOf } from "./track-facts.ts";

export type ReleaseDatePrecision = "year" | "month" | "day";

export interface CatalogueArtist {
  index: number;
  id: string;
  name: string;
  genres: readonly string[];
  popularity: number;
  followers: number;
}

export interface CatalogueAlbum {
  index: number;
  id: string;
  name: string;
  albumType: "album" | "single" | "compilation";
  releaseDate: string;
  precision: ReleaseDatePrecision;
  artists: readonly number[];
  firstTrack: number;
  trackCount: number;
}

export interface CatalogueTrack {
  index: number;
  id: string;
  name: string;
  album: number;
  artists: readonly number[];
  trackNumber: number;
  durationMs: number;
  explicit: boolean;
  popularity: number;
  isrc: string;
  features: AudioFeatureValues | null;
}

export interface Catalogue {
  seed: number;
  artists: readonly CatalogueArtist[];
  albums: readonly CatalogueAlbum[];
  artistIndex: ReadonlyMap<string, number>;
  albumIndex: ReadonlyMap<string, number>;
  trackCount: number;
  /** album tracks that are the same recording (ISRC, name, length, audio) as an earlier single's track */
  sameRecordings: readonly SameRecording[];
  /** tracks are generated on first use (their ids encode their index) */
  track(index: number): CatalogueTrack | undefined;
  trackIndexOf(id: string): number | undefined;
}

export interface CatalogueSize {
  artists: number;
  tracks: number;
}

export const defaultCatalogueSize: CatalogueSize = { artists: 4_000, tracks: 40_000 };

const TRACK_KIND = 3;
const NO_GENRE_SHARE = 0.07;
const FEATURED_ARTIST_SHARE = 0.12;

export function buildCatalogue(seed: number, pool: GenrePool, size = defaultCatalogueSize): Catalogue {
  const artists = buildArtists(seed, pool, size.artists);
  const albums: CatalogueAlbum[] = [];
  const rng = createRng(mix(seed, 0xa1b));
  let trackCount = 0;
  while (trackCount < size.tracks) {
    // Everyone gets a first album; after that popular artists release more.
    const artist = albums.length < artists.length ? albums.length : weightedArtist(rng, artists.length);
    const startYear = careerStartYear(createRng(mix(seed, 7, artist)));
    const album = buildAlbum(seed, albums.length, artist, startYear, trackCount);
    album.trackCount = Math.min(album.trackCount, size.tracks - trackCount);
    albums.push(album);
    trackCount += album.trackCount;
  }
  const tracks: (CatalogueTrack | undefined)[] = new Array(trackCount);
  const recordings = sameRecordings(seed, albums);
  const singleOf = new Map(recordings.map((r) => [r.album, r.single]));
  const track = (index: number): CatalogueTrack | undefined => {
    if (!Number.isInteger(index) || index < 0 || index >= trackCount) return undefined;
    let built = tracks[index];
    if (!built) {
      const album = albums[albumOfTrack(albums, index)];
      if (!album) return undefined;
      built = buildTrack(seed, index, album, index - album.firstTrack, artists.length);
      const single = singleOf.get(index);
      const original = single === undefined ? undefined : track(single);
      if (original) {
        const { name, isrc, durationMs, explicit, features } = original;
        built = { ...built, name, isrc, durationMs, explicit, features };
      }
      tracks[index] = built;
    }
    return built;
  };
  return {
    seed,
    artists,
    albums,
    artistIndex: new Map(artists.map((a) => [a.id, a.index])),
    albumIndex: new Map(albums.map((a) => [a.id, a.index])),
    trackCount,
    sameRecordings: recordings,
    track,
    trackIndexOf: (id) => {
      const index = decodeIndexedId(seed, TRACK_KIND, id);
      return index !== undefined && index < trackCount ? index : undefined;
    },
  };
}

/** Binary search for the album holding the track (albums are in track order). */
function albumOfTrack(albums: readonly CatalogueAlbum[], trackIndex: number): number {
  let low = 0;
  let high = albums.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((albums[mid]?.firstTrack ?? 0) <= trackIndex) low = mid;
    else high = mid - 1;
  }
  return low;
}

function buildArtists(seed: number, pool: GenrePool, count: number): CatalogueArtist[] {
  const artists: CatalogueArtist[] = [];
  for (let i = 0; i < count; i++) {
    const rng = createRng(mix(seed, 1, i));
    const genres = new Set<string>();
    // Artists carry the required strings in turn (the first pass has no exceptions, so each string is on
    // at least one artist); a few later artists have no genres at all, as on Spotify.
    const required = pool.required[i % Math.max(1, pool.required.length)];
    const carriesRequired = required !== undefined && i < pool.required.length * 4;
    const withoutGenres = i >= pool.required.length && rng.chance(NO_GENRE_SHARE);
    if (!withoutGenres) {
      const anchor = carriesRequired && required !== undefined ? required : rng.pick(pool.all);
      genres.add(anchor);
      // Mostly genres near the first one, as real artists have (`kiwi rock`, `kiwi indie`, `indie rock`).
      const extra = rng.int(0, 3);
      for (let g = 0; g < extra; g++)
        genres.add(rng.pick(rng.chance(0.75) ? pool.related(anchor) : pool.all));
    }
    const popularity = Math.round(100 * rng.next() ** 1.8);
    artists.push({
      index: i,
      id: base62Id(seed, 1, i),
      name: artistName(rng),
      genres: [...genres],
      popularity,
      followers: Math.round(popularity ** 3 * (5 + rng.next() * 20)),
    });
  }
  return artists;
}

function weightedArtist(rng: Rng, count: number): number {
  return Math.floor(count * rng.next() ** 1.6);
}

function careerStartYear(rng: Rng): number {
  const r = rng.next();
  if (r < 0.01) return rng.int(1925, 1938);
  if (r < 0.08) return rng.int(1940, 1959);
  if (r < 0.25) return rng.int(1960, 1979);
  if (r < 0.5) return rng.int(1980, 1999);
  return rng.int(2000, 2025);
}

function buildAlbum(
  seed: number,
  index: number,
  artist: number,
  startYear: number,
  firstTrack: number,
): CatalogueAlbum {
  const rng = createRng(mix(seed, 2, index));
  const kind = rng.next();
  const albumType = kind < 0.45 ? "single" : kind < 0.92 ? "album" : "compilation";
  const trackCount = albumType === "single" ? rng.int(1, 3) : rng.int(6, albumType === "album" ? 13 : 16);
  const year = Math.min(2026, startYear + Math.floor(rng.next() ** 1.5 * 30));
  const { releaseDate, precision } = releaseDateOf(rng, year);
  return {
    index,
    id: base62Id(seed, 2, index),
    name: albumName(rng),
    albumType,
    releaseDate,
    precision,
    artists: [artist],
    firstTrack,
    trackCount,
  };
}

function releaseDateOf(rng: Rng, year: number): { releaseDate: string; precision: ReleaseDatePrecision } {
  const r = rng.next();
  const yearOnlyShare = year < 1970 ? 0.3 : 0.08;
  if (r < yearOnlyShare) return { releaseDate: String(year), precision: "year" };
  // 2026 releases stop before November so no date lies in the future.
  const month = rng.int(1, year === 2026 ? 10 : 12);
  const mm = String(month).padStart(2, "0");
  if (r < yearOnlyShare + 0.05) return { releaseDate: `${year}-${mm}`, precision: "month" };
  const dd = String(rng.int(1, 28)).padStart(2, "0");
  return { releaseDate: `${year}-${mm}-${dd}`, precision: "day" };
}

function buildTrack(
  seed: number,
  index: number,
  album: CatalogueAlbum,
  position: number,
  artistCount: number,
): CatalogueTrack {
  const rng = createRng(mix(seed, 3, index));
  const primary = album.artists[0] ?? 0;
  const artists = [primary];
  if (rng.chance(FEATURED_ARTIST_SHARE)) {
    const featured = rng.int(0, artistCount - 1);
    if (featured !== primary) artists.push(featured);
  }
  const year = Number(album.releaseDate.slice(0, 4));
  return {
    index,
    id: indexedId(seed, TRACK_KIND, index),
    name: trackName(rng),
    album: album.index,
    artists,
    trackNumber: position + 1,
    durationMs: rng.int(95_000, 420_000),
    explicit: rng.chance(0.15),
    popularity: rng.int(0, 100),
    isrc: isrcOf(rng, year),
    features: featuresOf(rng, index),
  };
}

export const artistById = (catalogue: Catalogue, id: string): CatalogueArtist | undefined => {
  const index = catalogue.artistIndex.get(id);
  return index === undefined ? undefined : catalogue.artists[index];
};
