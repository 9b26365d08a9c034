// Why a song meets a part of a rule, from the very facts and rules that placed it: each kind of fact states
// itself here (the genre strings classification used for each artist, the country, the release date, the audio
// features or the tempo, the like, the artists, the listener's playlist), with its source and when it was learned.
import type { FeatureFacts } from "../../shared/audio-features.ts";
import { nationalityOfCountry } from "../../shared/catalogue/countries.ts";
import { type CatalogueEntry, type EntryKind, entryByName } from "../../shared/catalogue/index.ts";
import { moodRules } from "../../shared/catalogue/moods.ts";
import {
  explainTexts,
  localDateTime,
  provenance,
  type Reason,
  type ReasonSource,
} from "../../shared/explain.ts";
import {
  type MetadataSourceName,
  metadataSourceNames,
  metadataSources,
} from "../../shared/metadata-sources.ts";
import type { FactName } from "../../shared/rules/facts.ts";
import type { Part, RuleMoment, SongFacts } from "../../shared/rules/model.ts";
import {
  decadeOf,
  genreStringFacts,
  moodsOf,
  normaliseGenreString,
  tempoBandOf,
} from "../library/classify.ts";
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

/** A song as its reasons see it: its facts with their provenance, its like, and the listener's playlists. */
export interface SongEvidence {
  track: TrackEvidence;
  /** when the listener liked it; null when it is not a current like */
  likedAt: number | null;
  /** the listener's source playlists holding it, with when Crate read each */
  playlists?: ReadonlyMap<string, number>;
  timeZone: string;
  now: number;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const asSource = (name: string | null): MetadataSourceName =>
  metadataSourceNames.find((source) => source === name) ?? "spotify";

/** A song holding only these categories: how a part is judged against one fact at a time. */
const holding = (categories: readonly (string | null)[], more: Partial<SongFacts> = {}): SongFacts => ({
  trackId: "",
  likedAt: 0,
  rank: 0,
  categories: categories.filter((c): c is string => c !== null),
  ...more,
});

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

/** The first artist's genre string that meets the part, stated with its source. */
function genreStringReason(
  part: Part,
  song: SongEvidence,
  factsOf: (genreString: string) => readonly (string | null)[],
): Reason | null {
  const moment = { now: song.now, timeZone: song.timeZone };
  for (const artist of song.track.artists) {
    const { strings, source, asOf } = genreStringsOf(artist);
    const match = strings.find((g) => part.matches(holding(factsOf(g)), moment));
    if (match === undefined) continue;
    if (source === "listener")
      return {
        text: explainTexts.correctedGenres(part.label, "", artist.name, artist.correction?.genres ?? []),
        source,
        asOf: iso(asOf),
      };
    // a subgenre is quoted in the catalogue's spelling, a genre by the string that yields it
    const normalised = normaliseGenreString(match);
    const quoted = part.categories?.includes(normalised) ? normalised : match;
    return {
      text: explainTexts.genreString(part.label, quoted, provenance(source, asOf, song.now)),
      source,
      asOf: iso(asOf),
    };
  }
  return null;
}

function countryReason(part: Part, song: SongEvidence): Reason | null {
  const moment = { now: song.now, timeZone: song.timeZone };
  for (const artist of song.track.artists) {
    const corrected = artist.correction?.country ?? null;
    const country = corrected ?? artist.country;
    if (country === null || !part.matches(holding([nationalityOfCountry(country)]), moment)) continue;
    if (corrected !== null)
      return {
        text: explainTexts.correctedCountry(part.label, artist.name, corrected),
        source: "listener",
        asOf: iso(artist.correction?.createdAt ?? null),
      };
    return {
      text: explainTexts.country(
        part.label,
        country,
        provenance("musicbrainz", artist.mbFetchedAt, song.now, "MusicBrainz"),
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

type Statement = (part: Part, song: SongEvidence, moment: RuleMoment) => Reason | null;

/** How each kind of fact states that a song meets a part, with its source; null when the song does not. */
const statements: Record<FactName, Statement> = {
  genre: (part, song) => {
    const facts = (g: string) => [...genreStringFacts(g).genres, genreStringFacts(g).subgenre];
    return genreStringReason(part, song, facts);
  },
  nationality: (part, song) =>
    genreStringReason(part, song, (g) => genreStringFacts(g).nationalities) ?? countryReason(part, song),
  released: (part, song, moment) => {
    const { releaseDate, fetchedAt } = song.track;
    if (releaseDate === null || !part.matches(holding([decadeOf(releaseDate)], { releaseDate }), moment))
      return null;
    return {
      text: explainTexts.released(part.label, releaseDate, provenance("spotify", fetchedAt, song.now)),
      source: "spotify",
      asOf: iso(fetchedAt),
    };
  },
  tempo: (part, song, moment) => {
    const { track } = song;
    const tempo = track.features?.tempo ?? null;
    if (tempo === null || !part.matches(holding([tempoBandOf(tempo)], { tempo }), moment)) return null;
    const source = asSource(track.tempoSource ?? track.featuresSource);
    // a tempo alone (Deezer's bpm) was learned when that source answered, not with the features
    const asOf = track.tempoSource !== track.featuresSource ? track.tempoAsOf : track.featuresFetchedAt;
    return {
      text: explainTexts.tempo(part.label, Math.round(tempo), provenance(source, asOf, song.now)),
      source,
      asOf: iso(asOf),
    };
  },
  mood: (part, song, moment) => {
    const { features, featuresSource, featuresFetchedAt } = song.track;
    const moods = moodsOf(features);
    if (!features || !part.matches(holding(moods), moment)) return null;
    const mood = moods.find((m) => part.matches(holding([m]), moment)) ?? "";
    const source = asSource(featuresSource);
    return {
      text: explainTexts.mood(part.label, moodConditions(mood, features), metadataSources[source].label),
      source,
      asOf: iso(featuresFetchedAt),
    };
  },
  liked: (part, song, moment) => {
    if (song.likedAt === null) return null;
    if (!part.matches(holding([], { likedAt: song.likedAt }), moment)) return null;
    return {
      text: explainTexts.liked(part.label, localDateTime(song.likedAt, song.timeZone)),
      source: "listener",
      asOf: iso(song.likedAt),
    };
  },
  artist: (part, song, moment) => {
    const artists = song.track.artists.filter((a) =>
      part.matches(holding([], { artistIds: [a.id] }), moment),
    );
    if (artists.length === 0) return null;
    return {
      text: explainTexts.artists(
        part.label,
        artists.map((a) => a.name).join(", "),
        provenance("spotify", song.track.fetchedAt, song.now),
      ),
      source: "spotify",
      asOf: iso(song.track.fetchedAt),
    };
  },
  playlist: (part, song, moment) => {
    for (const [playlistId, readAt] of song.playlists ?? []) {
      if (!part.matches(holding([], { playlists: new Set([playlistId]) }), moment)) continue;
      return {
        text: explainTexts.inPlaylist(part.label, provenance("spotify", readAt, song.now)),
        source: "spotify",
        asOf: iso(readAt),
      };
    }
    return null;
  },
};

const hasGenres = (track: TrackEvidence) =>
  track.artists.some(
    (a) =>
      (a.correction?.genres?.length ?? 0) > 0 ||
      (a.spotifyGenres?.length ?? 0) > 0 ||
      (a.mbTags?.length ?? 0) > 0,
  );

/** Whether some source knows the fact of this song (a fact every liked song has is always known). */
export const knows: Record<FactName, (track: TrackEvidence) => boolean> = {
  genre: hasGenres,
  nationality: (track) =>
    hasGenres(track) || track.artists.some((a) => a.country !== null || Boolean(a.correction?.country)),
  mood: (track) => track.features?.energy != null,
  tempo: (track) => track.features?.tempo != null,
  released: (track) => track.releaseDate !== null,
  liked: () => true,
  artist: () => true,
  playlist: () => true,
};

/** Why the song meets a part: one reason per option it meets (a criterion's genres each), from the fact's source. */
export function partReasons(part: Part, song: SongEvidence): Reason[] {
  if (part.options) return part.options.flatMap((option) => partReasons(option, song));
  const reason = statements[part.fact](part, song, { now: song.now, timeZone: song.timeZone });
  return reason ? [reason] : [];
}

/** Why the track meets a catalogue entry's own parts (Mood, Genre, Subgenre, Decade, Nationality, Tempo); null if not. */
export function entryReason(entry: CatalogueEntry, song: SongEvidence): Reason | null {
  const parts = entry.rule.criteria?.flatMap((c) => c.parts) ?? [];
  return parts.flatMap((part) => partReasons(part, song))[0] ?? null;
}

/** The same for an entry given by its name (its kind is the entry's own). */
export function classifiedReason(
  _kind: EntryKind,
  entryName: string,
  track: TrackEvidence,
  now: number,
): Reason | null {
  const entry = entryByName(entryName);
  return entry ? entryReason(entry, { track, likedAt: null, timeZone: "UTC", now }) : null;
}
