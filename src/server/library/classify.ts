/**
 * Pure classification of a track into catalogue entries (Mood, Genre, Subgenre, Decade, Nationality,
 * Tempo); a like's Liked At periods are in liked-at.ts. Each rule is driven by one table in
 * src/shared/catalogue. Genre strings are normalised once and their results cached, so classifying
 * tens of thousands of tracks costs a few map lookups per artist genre.
 */
import type { FeatureFacts } from "../../shared/audio-features.ts";
import { nationalityOfCountry } from "../../shared/catalogue/countries.ts";
import { decadeName, decadeStartYears } from "../../shared/catalogue/decades.ts";
import { type GenreName, genreNames, genreRules } from "../../shared/catalogue/genres.ts";
import { type MoodName, moodRules } from "../../shared/catalogue/moods.ts";
import {
  type NationalityName,
  nationalityNames,
  nationalityRules,
} from "../../shared/catalogue/nationalities.ts";
import { subgenres } from "../../shared/catalogue/subgenres.ts";
import { type TempoName, tempoBands } from "../../shared/catalogue/tempo.ts";

export interface TrackFacts {
  /** the union of the genres of the track's artists (Spotify's, else MusicBrainz genres and tags) */
  artistGenres: readonly string[];
  /** ISO 3166-1 codes of the artists' countries (MusicBrainz) */
  artistCountries?: readonly string[];
  /** album release date: `YYYY`, `YYYY-MM` or `YYYY-MM-DD` */
  releaseDate: string | null;
  /** null when audio features are unavailable; a tempo alone (Deezer) leaves the other values null */
  features: FeatureFacts | null;
}

export interface TrackCategories {
  moods: MoodName[];
  genres: GenreName[];
  subgenres: string[];
  decade: string | null;
  /** first year of the decade (1990 for the 1990s), as combination criteria use it */
  decadeStartYear: number | null;
  nationalities: NationalityName[];
  tempo: TempoName | null;
}

// ---- genre strings -------------------------------------------------------------------------

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whole-word phrases: bounded by start/end, a space or a hyphen. */
export const wordsPattern = (phrases: readonly string[]): RegExp => {
  const sorted = [...phrases].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?:^|[\\s-])(?:${sorted.join("|")})(?=$|[\\s-])`);
};

/** Markers ending in `-` (`k-`) must start a word and be followed by more of it (`k-pop`). */
export const markerPattern = (markers: readonly string[]): RegExp => {
  const words = markers.filter((marker) => !marker.endsWith("-"));
  const prefixes = markers.filter((marker) => marker.endsWith("-")).map(escapeRegExp);
  const parts = words.length > 0 ? [wordsPattern(words).source] : [];
  if (prefixes.length > 0) parts.push(`(?:^|\\s)(?:${prefixes.join("|")})[a-z0-9&]`);
  return new RegExp(parts.join("|"));
};

const compiledGenreRules = genreRules.map((rule) => ({
  genre: rule.genre,
  keywords: wordsPattern(rule.keywords),
  exclude: rule.exclude && rule.exclude.length > 0 ? wordsPattern(rule.exclude) : null,
  includes: rule.includes ?? [],
}));

const compiledNationalityRules = nationalityRules.map((rule) => ({
  nationality: rule.nationality,
  markers: markerPattern(rule.markers),
}));

const genreOrder = new Map<GenreName, number>(genreNames.map((name, index) => [name, index]));
const nationalityOrder = new Map<NationalityName, number>(
  nationalityNames.map((name, index) => [name, index]),
);
const subgenreSet: ReadonlySet<string> = new Set(subgenres);

export const normaliseGenreString = (genre: string): string =>
  genre.trim().toLowerCase().replace(/\s+/g, " ");

interface GenreStringFacts {
  genres: readonly GenreName[];
  nationalities: readonly NationalityName[];
  /** the subgenre entry name, when the string is in the catalogue's list */
  subgenre: string | null;
}

const factsCache = new Map<string, GenreStringFacts>();

const classifyGenreString = (normalised: string): GenreStringFacts => {
  const direct = new Set<GenreName>();
  for (const rule of compiledGenreRules) {
    if (rule.keywords.test(normalised) && !rule.exclude?.test(normalised)) direct.add(rule.genre);
  }
  const genres = new Set(direct);
  for (const rule of compiledGenreRules) {
    if (rule.includes.some((included) => direct.has(included))) genres.add(rule.genre);
  }
  const nationalities = compiledNationalityRules
    .filter((rule) => rule.markers.test(normalised))
    .map((rule) => rule.nationality);
  return {
    genres: [...genres].sort((a, b) => (genreOrder.get(a) ?? 0) - (genreOrder.get(b) ?? 0)),
    nationalities,
    subgenre: subgenreSet.has(normalised) ? normalised : null,
  };
};

/** Genres, nationalities and subgenre of one Spotify genre string (cached per string). */
export const genreStringFacts = (genre: string): GenreStringFacts => {
  const cached = factsCache.get(genre);
  if (cached) return cached;
  const facts = classifyGenreString(normaliseGenreString(genre));
  factsCache.set(genre, facts);
  return facts;
};

/** Union of per-string results in catalogue order, via a flag per catalogue position (no sorting). */
const unionInOrder = <T>(
  artistGenres: readonly string[],
  pick: (facts: GenreStringFacts) => readonly T[],
  names: readonly T[],
  order: Map<T, number>,
): T[] => {
  const [only, ...rest] = artistGenres;
  if (only === undefined) return [];
  if (rest.length === 0) return [...pick(genreStringFacts(only))];
  const present = new Uint8Array(names.length);
  for (const genre of artistGenres) {
    for (const item of pick(genreStringFacts(genre))) present[order.get(item) ?? 0] = 1;
  }
  const union: T[] = [];
  for (let index = 0; index < names.length; index++) {
    const name = names[index];
    if (present[index] === 1 && name !== undefined) union.push(name);
  }
  return union;
};

export const genresOf = (artistGenres: readonly string[]): GenreName[] =>
  unionInOrder(artistGenres, (facts) => facts.genres, genreNames, genreOrder);

export const nationalitiesOf = (artistGenres: readonly string[]): NationalityName[] =>
  unionInOrder(artistGenres, (facts) => facts.nationalities, nationalityNames, nationalityOrder);

/** The genre strings' nationalities plus those of the artists' countries, in catalogue order. */
export const withCountries = (
  fromGenres: NationalityName[],
  countries: readonly string[] | undefined,
): NationalityName[] => {
  const extra = (countries ?? []).map(nationalityOfCountry).filter((n): n is NationalityName => n !== null);
  if (extra.every((n) => fromGenres.includes(n))) return fromGenres;
  const all = new Set([...fromGenres, ...extra]);
  return nationalityNames.filter((name) => all.has(name));
};

/** The catalogue's subgenres among the track's genre strings (exact strings, lower case). */
export const subgenresOf = (artistGenres: readonly string[]): string[] => {
  const found = new Set<string>();
  for (const genre of artistGenres) {
    const subgenre = genreStringFacts(genre).subgenre;
    if (subgenre !== null) found.add(subgenre);
  }
  return [...found];
};

// ---- release date, tempo, audio features ---------------------------------------------------

const firstDecade = decadeStartYears[0];
const lastDecade = decadeStartYears[decadeStartYears.length - 1] ?? firstDecade;

/** The release year of `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; null when missing or malformed. */
export const releaseYearOf = (releaseDate: string | null | undefined): number | null => {
  const match = releaseDate ? /^(\d{4})(?:-\d{2}){0,2}$/.exec(releaseDate.trim()) : null;
  return match?.[1] ? Number(match[1]) : null;
};

/** First year of the release's decade (1990), or null before the 1940s, after the 2020s or without a date. */
export const decadeStartOf = (releaseDate: string | null | undefined): number | null => {
  const year = releaseYearOf(releaseDate);
  if (year === null) return null;
  const start = Math.floor(year / 10) * 10;
  return start >= firstDecade && start <= lastDecade ? start : null;
};

/** The Decade entry name (`1990s`) of a release date, or null. */
export const decadeOf = (releaseDate: string | null | undefined): string | null => {
  const start = decadeStartOf(releaseDate);
  return start === null ? null : decadeName(start);
};

/** The Tempo entry of a BPM value, rounded to the nearest whole BPM first; null for 0 or missing. */
export const tempoBandOf = (tempo: number | null | undefined): TempoName | null => {
  if (tempo === null || tempo === undefined || !Number.isFinite(tempo)) return null;
  const bpm = Math.round(tempo);
  return tempoBands.find((band) => bpm >= band.min && bpm <= band.max)?.name ?? null;
};

/** The moods whose every threshold holds; none without features. */
export const moodsOf = (features: FeatureFacts | null | undefined): MoodName[] => {
  if (!features) return [];
  return moodRules
    .filter((rule) =>
      rule.conditions.every(({ feature, min, max }) => {
        const value = features[feature];
        if (value === null || value === undefined || !Number.isFinite(value)) return false;
        return (min === undefined || value >= min) && (max === undefined || value <= max);
      }),
    )
    .map((rule) => rule.mood);
};

// ---- whole track ---------------------------------------------------------------------------

export const categoriesOf = (facts: TrackFacts): TrackCategories => {
  const decadeStartYear = decadeStartOf(facts.releaseDate);
  return {
    moods: moodsOf(facts.features),
    genres: genresOf(facts.artistGenres),
    subgenres: subgenresOf(facts.artistGenres),
    decade: decadeStartYear === null ? null : decadeName(decadeStartYear),
    decadeStartYear,
    nationalities: withCountries(nationalitiesOf(facts.artistGenres), facts.artistCountries),
    tempo: tempoBandOf(facts.features?.tempo),
  };
};

/** The catalogue entry names (Mood, Genre, Decade, Nationality, Tempo, Subgenre) the track belongs to. */
export const classifyTrack = (facts: TrackFacts): string[] => {
  const categories = categoriesOf(facts);
  const names: string[] = [...categories.moods, ...categories.genres];
  if (categories.decade !== null) names.push(categories.decade);
  names.push(...categories.nationalities);
  if (categories.tempo !== null) names.push(categories.tempo);
  names.push(...categories.subgenres);
  return names;
};
