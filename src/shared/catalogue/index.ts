/**
 * The catalogue of predefined playlists (spec section 3): groups in their order, each with its
 * entries. Entry names are the exact playlist names of the product contract. Ordering inside a
 * group: Tempo by its first number, every other group alphabetical with numeric-aware comparison.
 * The combination catalogue page (`/playlists/combination`) is a pseudo-group for pages only.
 */
import { limits } from "../limits.ts";
import { decadeName, decadeStartYears } from "./decades.ts";
import { genreNames } from "./genres.ts";
import { moodNames } from "./moods.ts";
import { isExpandedPlaylistName, splitSpillNumber, stripPostfix } from "./naming.ts";
import { nationalityNames } from "./nationalities.ts";
import { compareByFirstNumber, compareNames } from "./ordering.ts";
import { subgenres } from "./subgenres.ts";
import { tempoNames } from "./tempo.ts";
import type { CatalogueEntry, CatalogueGroup, GroupId, IconName, LikedAtPeriod } from "./types.ts";

export { compareByFirstNumber, compareNames } from "./ordering.ts";
export * from "./types.ts";

type GroupDefinition = Omit<CatalogueGroup, "order" | "entries"> & {
  entries: readonly Omit<CatalogueEntry, "group" | "premiumOnly">[];
};

const likedAtEntries: readonly { name: string; period: LikedAtPeriod }[] = [
  { name: "Liked in Month", period: "month" },
  { name: "Liked in Month - Starting From Current Month", period: "monthFromSelection" },
  { name: "Liked in Season - Northern Hemisphere", period: "seasonNorth" },
  { name: "Liked in Season - Southern Hemisphere", period: "seasonSouth" },
  { name: "Liked in Year", period: "year" },
];

const definitions: readonly GroupDefinition[] = [
  {
    group: "Mood",
    slug: "mood",
    hasPage: true,
    title: "Mood",
    iconName: "smile",
    examples: ["Chill", "Party", "Upbeat"],
    premiumOnly: false,
    description: "Songs sorted by how they feel, from the audio features of each song.",
    entries: moodNames.map((mood) => ({ name: mood, kind: { type: "mood", mood } })),
  },
  {
    group: "Genre",
    slug: "genre",
    hasPage: true,
    title: "Genre",
    iconName: "music",
    examples: ["Rock", "Hip Hop", "Jazz"],
    premiumOnly: false,
    description: "35 genres from Acoustic to Trap, from the genres of each song's artists.",
    entries: genreNames.map((genre) => ({ name: genre, kind: { type: "genre", genre } })),
  },
  {
    group: "Decade",
    slug: "decade",
    hasPage: true,
    title: "Decade",
    iconName: "history",
    examples: ["1980s", "1990s", "2000s"],
    premiumOnly: false,
    description: "The 1940s to the 2020s, by the release year of each song's album.",
    entries: decadeStartYears.map((startYear) => ({
      name: decadeName(startYear),
      kind: { type: "decade", startYear },
    })),
  },
  {
    group: "Nationality",
    slug: "nationality",
    hasPage: true,
    title: "Nationality",
    iconName: "globe",
    examples: ["British", "Danish", "Korean"],
    premiumOnly: false,
    description: "34 nationalities from Argentine to Ukrainian, from the genres of each song's artists.",
    entries: nationalityNames.map((nationality) => ({
      name: nationality,
      kind: { type: "nationality", nationality },
    })),
  },
  {
    group: "Tempo",
    slug: "tempo",
    hasPage: true,
    title: "Tempo",
    iconName: "speedometer",
    examples: ["Slow (51-70 BPM)", "Fast (111-160 BPM)"],
    premiumOnly: false,
    description: "Five tempo bands, from the beats per minute of each song.",
    entries: tempoNames.map((band) => ({ name: band, kind: { type: "tempo", band } })),
  },
  {
    group: "Subgenre",
    slug: "subgenre",
    hasPage: false,
    title: "Subgenre",
    iconName: "music",
    examples: ["indie rock", "bedroom pop", "neo soul"],
    premiumOnly: false,
    description: "Several hundred genres exactly as Spotify names them.",
    entries: subgenres.map((subgenre) => ({ name: subgenre, kind: { type: "subgenre", subgenre } })),
  },
  {
    group: "LikedAt",
    slug: "liked-at",
    hasPage: true,
    title: "Liked At",
    iconName: "calendar",
    examples: ["Liked in Month", "Liked in Year"],
    premiumOnly: true,
    description: "One playlist per month, season or year in which you liked songs.",
    entries: likedAtEntries.map(({ name, period }) => ({ name, kind: { type: "likedAt", period } })),
  },
  {
    group: "Randomized",
    slug: "randomized",
    hasPage: true,
    title: "Randomized",
    iconName: "dice",
    examples: ["50 Random Songs - Updated Daily", "200 Random Songs - Updated Weekly"],
    premiumOnly: true,
    description: "A fresh random selection of your liked songs every day or every week.",
    entries: [
      {
        name: `${limits.randomDaily} Random Songs - Updated Daily`,
        kind: { type: "random", size: limits.randomDaily, period: "day" },
      },
      {
        name: `${limits.randomWeekly} Random Songs - Updated Weekly`,
        kind: { type: "random", size: limits.randomWeekly, period: "week" },
      },
    ],
  },
  {
    group: "LatestLikedSongs",
    slug: "latest-liked-songs",
    hasPage: true,
    title: "Latest Liked Songs",
    iconName: "clock",
    examples: ["Latest 50 Liked Songs", "Latest 200 Liked Songs"],
    premiumOnly: true,
    description: "Your latest 50, 100, 200 or 500 liked songs; when full, the oldest song is dropped.",
    entries: limits.latestSizes.map((size) => ({
      name: `Latest ${size} Liked Songs`,
      kind: { type: "latest", size },
    })),
  },
  {
    group: "Miscellaneous",
    slug: "miscellaneous",
    hasPage: true,
    title: "Miscellaneous",
    iconName: "dots",
    examples: ["Everything", "Partitions of 100 Songs"],
    premiumOnly: true,
    description: "All your liked songs in one place, or cut into playlists of 50, 100 or 200 songs.",
    entries: [
      { name: "Everything", kind: { type: "everything" } },
      ...limits.partitionSizes.map((size) => ({
        name: `Partitions of ${size} Songs`,
        kind: { type: "partition" as const, size },
      })),
    ],
  },
];

const compareFor = (group: GroupId) => (group === "Tempo" ? compareByFirstNumber : compareNames);

export const catalogue: readonly CatalogueGroup[] = definitions.map((definition, index) => ({
  ...definition,
  order: index + 1,
  entries: definition.entries
    .map((entry) => ({ ...entry, group: definition.group, premiumOnly: definition.premiumOnly }))
    .sort((a, b) => compareFor(definition.group)(a.name, b.name)),
}));

/** The combination catalogue page: a pseudo-group for pages only (no entries, not selectable). */
export const combinationPage = {
  slug: "combination",
  title: "Combination",
  iconName: "music" as IconName,
  examples: ["Rock and Rap from the 2000s", "Chill Indie", "Danish Pop from the 1990s"],
  premiumOnly: true,
  description: "Combine genre, decade, mood and nationality filters, e.g. rock and rap from the 2000s.",
} as const;

export const allEntries: readonly CatalogueEntry[] = catalogue.flatMap((group) => group.entries);

const byExactName = new Map<string, CatalogueEntry>();
const byLowerName = new Map<string, CatalogueEntry>();
for (const entry of allEntries) {
  byExactName.set(entry.name, entry);
  const lower = entry.name.toLowerCase();
  // Catalogue order wins on a case-only clash (Genre `Drum and Bass` before subgenre `drum and bass`).
  if (!byLowerName.has(lower)) byLowerName.set(lower, entry);
}

/** The entry with exactly this name; otherwise the first (in catalogue order) matching it case-insensitively. */
export const entryByName = (name: string): CatalogueEntry | undefined =>
  byExactName.get(name) ?? byLowerName.get(name.toLowerCase());

export const groupById = (group: GroupId): CatalogueGroup | undefined =>
  catalogue.find((candidate) => candidate.group === group);

export const groupBySlug = (slug: string): CatalogueGroup | undefined =>
  catalogue.find((candidate) => candidate.hasPage && candidate.slug === slug);

const isNameOrExpansion = (name: string): boolean =>
  byLowerName.has(name.toLowerCase()) || isExpandedPlaylistName(name);

/**
 * True when a playlist with this name could be one Crate makes for a catalogue entry, compared
 * case-insensitively after trimming and dropping a trailing ` - Managed Playlist`: any entry name,
 * any expansion (`Liked in March 2025`, `Liked in 2025`, `Liked in Winter 2024-2025 - Northern
 * Hemisphere`, `Partitions of 50 Songs 3`) and any of those with a spill number 1-99 (`Everything 2`).
 */
export const isReservedPlaylistName = (name: string): boolean => {
  const base = stripPostfix(name.trim()).trim();
  if (base.length === 0) return false;
  if (isNameOrExpansion(base)) return true;
  const spill = splitSpillNumber(base);
  return spill !== null && isNameOrExpansion(spill.base);
};

export type { DecadeStartYear } from "./decades.ts";
export { decadeName, decadeNames, decadeStartYears } from "./decades.ts";
export type { GenreName } from "./genres.ts";
export { genreNames, genreRules } from "./genres.ts";
export type { MoodName } from "./moods.ts";
export { moodNames, moodRules } from "./moods.ts";
export * from "./naming.ts";
export type { NationalityName } from "./nationalities.ts";
export { nationalityNames, nationalityRules } from "./nationalities.ts";
export { subgenres } from "./subgenres.ts";
export type { TempoName } from "./tempo.ts";
export { tempoBands, tempoNames } from "./tempo.ts";
