// Why a song belongs to a classified entry, from the very facts and rules that placed it: the genre strings
// (classify.ts's own per-string results) of the source classification used for each artist, the country,
// the release date, the audio features or the tempo, each with its source and when it was learned.
import type { FeatureFacts } from "../../shared/audio-features.ts";
import { nationalityOfCountry } from "../../shared/catalogue/countries.ts";
import type { EntryKind } from "../../shared/catalogue/index.ts";
import { moodRules } from "../../shared/catalogue/moods.ts";
import { explainTexts, provenance, type Reason, type ReasonSource } from "../../shared/explain.ts";
import {
  type MetadataSourceName,
  metadataSourceNames,
  metadataSources,
} from "../../shared/metadata-sources.ts";
import { decadeOf, genreStringFacts, moodsOf, tempoBandOf } from "../library/classify.ts";
import { tagsToGenreStrings } from "../metadata/tags.ts";

/** One artist's facts with their provenance, and the listener's correction of them if any. */
export interface ArtistEvidence {
  id: string;
  name: string;
  spotifyGenres: readonly string[] | null;
  spotifyFetchedAt: number | null;
  mbTags: readonly string[] | null;
  country: string | null;
  mbFetchedAt: number | null;
  correction?: { genres: readonly string[] | null; country: string | null; createdAt: number };
}

/** One track's facts with their provenance. */
export interface TrackEvidence {
  releaseDate: string | null;
  fetchedAt: number;
  features: FeatureFacts | null;
  featuresSource: string | null;
  featuresFetchedAt: number | null;
  tempoSource: string | null;
  /** when the tempo's source answered (the lookup memory), for a tempo alone */
  tempoAsOf: number | null;
  artists: readonly ArtistEvidence[];
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const asSource = (name: string | null): MetadataSourceName =>
  metadataSourceNames.find((source) => source === name) ?? "spotify";

/** The genre strings classification used for an artist, with where they came from (as considered.ts picks). */
function genreStringsOf(artist: ArtistEvidence): {
  strings: string[];
  source: ReasonSource;
  asOf: number | null;
} {
  if (artist.correction?.genres)
    return {
      strings: artist.correction.genres.map((g) => g.toLowerCase()),
      source: "listener",
      asOf: artist.correction.createdAt,
    };
  const spotify = artist.spotifyGenres ?? [];
  if (spotify.length > 0) return { strings: [...spotify], source: "spotify", asOf: artist.spotifyFetchedAt };
  return {
    strings: tagsToGenreStrings(artist.mbTags ?? []),
    source: "musicbrainz",
    asOf: artist.mbFetchedAt,
  };
}

/** A genre, subgenre or nationality reason from the first artist's genre string that yields the entry. */
function genreReason(
  track: TrackEvidence,
  now: number,
  group: "Genre" | "Subgenre" | "Nationality",
  entry: string,
  yields: (genreString: string) => boolean,
  text: (genreString: string, origin: string) => string,
): Reason | null {
  for (const artist of track.artists) {
    const { strings, source, asOf } = genreStringsOf(artist);
    const match = strings.find(yields);
    if (match === undefined) continue;
    if (source === "listener")
      return {
        text: explainTexts.correctedGenres(group, entry, artist.name, artist.correction?.genres ?? []),
        source,
        asOf: iso(asOf),
      };
    return { text: text(match, provenance(source, asOf, now)), source, asOf: iso(asOf) };
  }
  return null;
}

function nationalityReason(track: TrackEvidence, nationality: string, now: number): Reason | null {
  const byGenre = genreReason(
    track,
    now,
    "Nationality",
    nationality,
    (g) => (genreStringFacts(g).nationalities as readonly string[]).includes(nationality),
    (g, origin) => explainTexts.nationalityByGenre(nationality, g, origin),
  );
  if (byGenre) return byGenre;
  for (const artist of track.artists) {
    const corrected = artist.correction?.country ?? null;
    const country = corrected ?? artist.country;
    if (country === null || nationalityOfCountry(country) !== nationality) continue;
    if (corrected !== null)
      return {
        text: explainTexts.correctedCountry(nationality, artist.name, corrected),
        source: "listener",
        asOf: iso(artist.correction?.createdAt ?? null),
      };
    return {
      text: explainTexts.nationalityByCountry(
        nationality,
        country,
        provenance("musicbrainz", artist.mbFetchedAt, now, "MusicBrainz"),
      ),
      source: "musicbrainz",
      asOf: iso(artist.mbFetchedAt),
    };
  }
  return null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** "energy 0.31 (at most 0.5), valence 0.62 (at least 0.25)": the mood's conditions with the song's values. */
function moodConditions(mood: string, features: FeatureFacts): string {
  const rule = moodRules.find((r) => r.mood === mood);
  if (!rule) return "";
  return rule.conditions
    .map(({ feature, min, max }) => {
      const bound = min !== undefined ? `at least ${min}` : `at most ${max}`;
      return `${feature} ${round2(features[feature] ?? 0)} (${bound})`;
    })
    .join(", ");
}

/** Why the track holds a classified entry (Mood, Genre, Subgenre, Decade, Nationality, Tempo); null if it does not. */
export function classifiedReason(
  kind: EntryKind,
  entry: string,
  track: TrackEvidence,
  now: number,
): Reason | null {
  switch (kind.type) {
    case "genre":
      return genreReason(
        track,
        now,
        "Genre",
        entry,
        (g) => (genreStringFacts(g).genres as readonly string[]).includes(entry),
        (g, origin) => explainTexts.genre(entry, g, origin),
      );
    case "subgenre":
      return genreReason(
        track,
        now,
        "Subgenre",
        entry,
        (g) => genreStringFacts(g).subgenre === entry,
        (_g, origin) => explainTexts.subgenre(entry, origin),
      );
    case "nationality":
      return nationalityReason(track, entry, now);
    case "decade": {
      if (track.releaseDate === null || decadeOf(track.releaseDate) !== entry) return null;
      const origin = provenance("spotify", track.fetchedAt, now);
      return {
        text: explainTexts.decade(entry, track.releaseDate, origin),
        source: "spotify",
        asOf: iso(track.fetchedAt),
      };
    }
    case "tempo": {
      const tempo = track.features?.tempo ?? null;
      if (tempo === null || tempoBandOf(tempo) !== entry) return null;
      const source = asSource(track.tempoSource ?? track.featuresSource);
      // a tempo alone (Deezer's bpm) was learned when that source answered, not with the features
      const asOf = track.tempoSource !== track.featuresSource ? track.tempoAsOf : track.featuresFetchedAt;
      return {
        text: explainTexts.tempo(entry, Math.round(tempo), provenance(source, asOf, now)),
        source,
        asOf: iso(asOf),
      };
    }
    case "mood": {
      if (!track.features || !(moodsOf(track.features) as string[]).includes(entry)) return null;
      const source = asSource(track.featuresSource);
      return {
        text: explainTexts.mood(entry, moodConditions(entry, track.features), metadataSources[source].label),
        source,
        asOf: iso(track.featuresFetchedAt),
      };
    }
    default:
      return null;
  }
}
