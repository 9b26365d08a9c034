// Why a song is (or is not) in a playlist: the reason texts the playlist's page, the placement answer and
// docs/explain.md use. One place for the wording; the server picks the facts.
import { freePlanTexts } from "./free-plan.ts";
import { type MetadataSourceName, metadataSourceNames, metadataSources } from "./metadata-sources.ts";

/** Where a fact came from: a metadata source, the listener (a correction, their likes) or Crate's rule. */
export const reasonSources = [...metadataSourceNames, "listener", "crate"] as const;
export type ReasonSource = (typeof reasonSources)[number];

export interface Reason {
  text: string;
  source: ReasonSource;
  /** when the fact was learned (ISO time); null for Crate's own rules */
  asOf: string | null;
}

export const notIncludedKinds = ["removed", "excluded", "freeLimit", "sameRecording"] as const;
export type NotIncludedKind = (typeof notIncludedKinds)[number];

const sourceNames: Record<ReasonSource, string> = {
  ...(Object.fromEntries(metadataSourceNames.map((name) => [name, metadataSources[name].label])) as Record<
    MetadataSourceName,
    string
  >),
  // a reason from MusicBrainz is always its artist's genres and tags
  musicbrainz: "MusicBrainz tags",
  listener: "your correction",
  crate: "Crate",
};

/** "3 days ago", "5 hours ago", "just now". */
export function ageText(asOf: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - asOf) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day ago" : `${days} days ago`;
}

/** "(MusicBrainz tags, 3 days ago)", or "(Deezer)" when the time is not known; `label` names the source otherwise. */
export const provenance = (
  source: ReasonSource,
  asOf: number | null,
  now: number,
  label = sourceNames[source],
): string => (asOf === null ? `(${label})` : `(${label}, ${ageText(asOf, now)})`);

/**
 * Reasons open with the label of the part of the rule that placed the song (`Genre Rock`, `Decade 1990s`,
 * `Fast (111-160 BPM)`, `Tempo 120-130 BPM`) and state the fact that meets it, with its source.
 */
export const explainTexts = {
  genreString: (label: string, genreString: string, origin: string) =>
    `${label}: the artist's genres include '${genreString}' ${origin}`,
  /** `group` and `entry` make the label together (`Genre` `Rock`); a label in one piece leaves `entry` empty */
  correctedGenres: (group: string, entry: string, artist: string, genres: readonly string[]) =>
    `${[group, entry].filter((w) => w !== "").join(" ")}: you set ${artist}'s genres to ${genres.join(", ")} (your correction)`,
  country: (label: string, country: string, origin: string) =>
    `${label}: the artist's country is ${country} ${origin}`,
  correctedCountry: (label: string, artist: string, country: string) =>
    `${label}: you set ${artist}'s country to ${country} (your correction)`,
  released: (label: string, releaseDate: string, origin: string) =>
    `${label}: released ${releaseDate} ${origin}`,
  tempo: (label: string, bpm: number, origin: string) => `${label}: ${bpm} BPM ${origin}`,
  mood: (label: string, conditions: string, featureSource: string) =>
    `${label}: ${conditions} (audio features from ${featureSource})`,
  artists: (label: string, artists: string, origin: string) => `${label}: by ${artists} ${origin}`,
  inPlaylist: (label: string, origin: string) => `${label}: it is in that playlist on Spotify ${origin}`,
  liked: (label: string, when: string) => `${label}: liked on ${when} your time`,
  likedAt: (playlist: string, when: string) => `${playlist}: liked on ${when} your time`,
  everything: (playlist: string) => `${playlist}: every liked song goes here`,
  partition: (playlist: string, size: number) =>
    `${playlist}: your likes in the order you liked them, ${size} to a playlist`,
  latest: (playlist: string, size: number, when: string) =>
    `${playlist}: one of your ${size} newest likes (liked on ${when} your time)`,
  random: (playlist: string) => `${playlist}: drawn at random from your liked songs for this period`,
  combination: (name: string, criterion: number, parts: string) =>
    `Combination '${name}', criterion ${criterion}: ${parts}`,
  notIncluded: {
    removed: (when: string) =>
      `You removed it from this playlist in Spotify (noticed on ${when}); Crate does not add it again`,
    excludedSong: (when: string) => `You keep this song out of this playlist (since ${when})`,
    excludedArtist: (artist: string, when: string) =>
      `You keep ${artist} out of this playlist (since ${when})`,
    freeLimit: () => freePlanTexts.notIncluded,
    sameRecording: (other: string) =>
      `The same recording is already in it ('${other}'; Add recording once is on)`,
  },
  /** placement: per group, why a song is not in a playlist of it */
  whyNot: {
    unknown: (group: string, what: string, asked: string | null) =>
      asked === null
        ? `${group} unknown: no source has this song's ${what} yet`
        : `${group} unknown: no source has this song's ${what} yet; asked ${asked}`,
    notChosen: (group: string, entries: readonly string[]) =>
      `${group} ${entries.join(", ")}: you did not choose ${entries.length === 1 ? "it" : "them"}`,
    noEntry: (group: string) => `${group}: the song fits none of this group's playlists`,
    keptOut: (group: string, entries: readonly string[]) =>
      `${group} ${entries.join(", ")}: you keep this song out`,
    inPlaylists: (playlists: readonly string[]) => `In ${playlists.join(", ")}`,
    noCombination: "In none of your combination playlists",
    /** a combination not holding the song: the part of its rule that fails it, or why a match is not in it */
    rule: (name: string, failing: string | null, limit: number | null) =>
      failing !== null
        ? `'${name}' ${failing}`
        : limit !== null
          ? `'${name}' matches it, but holds only its first ${limit.toLocaleString("en-US")} songs (or you removed it there)`
          : `'${name}' matches it: it joins at the next update (unless you removed it there)`,
    chosenNotYet: (group: string, entries: readonly string[]) =>
      `${group} ${entries.join(", ")}: it joins at the next update`,
  },
  correctionNote:
    "A correction moves songs at the next update: into the playlists it qualifies them for, and out of those it disqualifies them from (the only case where Crate removes a song it placed).",
} as const;

/** One formatter per time zone: making one costs more than a page of songs formatted with it. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "14 March 2025 at 21:04" in the listener's time zone. */
export function localDateTime(ms: number, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")} at ${part("hour")}:${part("minute")}`;
}

/** "14 March 2025" in the listener's time zone. */
export const localDate = (ms: number, timeZone: string): string =>
  localDateTime(ms, timeZone).split(" at ")[0] ?? "";

/** For a song held from an earlier update whose facts have changed since (no current rule places it). */
export const placedEarlierText = (playlist: string) =>
  `${playlist}: placed at an earlier update; its facts have changed since, and Crate does not take songs out`;

/** The playlist page's own texts. */
export const explainPageTexts = {
  eyebrow: "Why these songs",
  subtitle:
    "Every song of this playlist with the rule and the fact that placed it, and the songs that match but are not in it.",
  songs: (n: number) => (n === 1 ? "1 song" : `${n.toLocaleString("en-US")} songs`),
  notMade: "This playlist is not made on Spotify yet: its songs appear here after the next update.",
  paused: "This playlist is premium-only: it is shown as it is and not updated or changed.",
  listLabel: "Songs of this playlist",
  loading: "Loading…",
  keepSongOut: "Never this song here",
  keepArtistOut: (artist: string) => `Never ${artist} here`,
  excludedNow: "Excluded: it leaves the Spotify playlist now and stays out at every update.",
  exclusionsTitle: "Kept out of this playlist",
  noExclusions: "Nothing is kept out of this playlist.",
  undo: "Undo",
  undone: "Undone: the songs return at the update that starts now.",
  notIncludedTitle: "Matching songs that are not in it",
  noneNotIncluded: "Every matching song is in it.",
  back: "Back to your playlists",
  whyNotTitle: "Why not?",
  whyNotHelp: "Search your liked songs by name or artist to see where a song is and why it is not elsewhere.",
  whyNotLabel: "Song or artist",
  noHits: "No liked song matches.",
} as const;

/** The path of a playlist's page in the app. */
export const playlistPagePath = (name: string) => `/playlists/songs?name=${encodeURIComponent(name)}`;

/** The settings page's sections for choices and corrections. */
export const choicesTexts = {
  title: "Your choices",
  help: "One file with your playlists, combinations, exclusions, corrections and settings: to keep a copy, or to load on another Crate server.",
  download: "Download my choices",
  load: "Load choices",
  fileLabel: "Choices file",
  preview: (c: {
    selection: number;
    combinations: number;
    exclusions: number;
    corrections: number;
    settings: number;
  }) =>
    `Loading changes ${c.selection} playlist choices, ${c.combinations} combinations, ${c.exclusions} exclusions, ${c.corrections} corrections and ${c.settings} settings.`,
  apply: "Apply these changes",
  applied: "Your choices are loaded; the update that carries them out has started.",
  notJson: "This file is not a JSON document.",
  correctionsTitle: "Your corrections",
  correctionsHelp:
    "Genres and countries you set for artists. They count for your playlists only and override every source.",
  noCorrections: "You have not corrected any artist.",
  undo: "Undo",
  correct: (artist: string) => `Correct ${artist}`,
  genresLabel: "Genres (comma separated)",
  countryLabel: "Country (two letters, e.g. DK)",
  save: "Save correction",
  saved: "Saved: the songs move at the update that starts now.",
} as const;
