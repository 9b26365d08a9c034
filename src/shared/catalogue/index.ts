/**
 * The catalogue of predefined playlists (spec section 3): groups in their order, each with its
 * entries. Entry names are the exact playlist names of the product contract. Ordering inside a
 * group: Tempo by its first number, every other group alphabetical with numeric-aware comparison.
 * The combination catalogue page (`/playlists/combination`) is a pseudo-group for pages only.
 */
import { limits } from "../limits.ts";
import { everySong, ruleOf } from "../rules/model.ts";
import { decadeName, decadeStartYears } from "./decades.ts";
import { genreNames } from "./genres.ts";
import { groupInfo } from "./groups.ts";
import { likedAtSplit } from "./liked-at.ts";
import { moodNames } from "./moods.ts";
import { isExpandedPlaylistName, splitSpillNumber, stripPostfix } from "./naming.ts";
import { nationalityNames } from "./nationalities.ts";
import { compareByFirstNumber, compareNames } from "./ordering.ts";
import { decadePart, genrePart, moodPart, nationalityPart, subgenrePart, tempoBandPart } from "./parts.ts";
import { subgenres } from "./subgenres.ts";
import { tempoNames } from "./tempo.ts";
import type { CatalogueEntry, CatalogueGroup, GroupId, LikedAtPeriod } from "./types.ts";

export { catalogueGroups, combinationPage } from "./groups.ts";
export { compareByFirstNumber, compareNames } from "./ordering.ts";
export * from "./parts.ts";
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
    ...groupInfo("Mood"),
    entries: moodNames.map((mood) => ({
      name: mood,
      kind: { type: "mood", mood },
      rule: ruleOf(moodPart(mood)),
    })),
  },
  {
    ...groupInfo("Genre"),
    entries: genreNames.map((genre) => ({
      name: genre,
      kind: { type: "genre", genre },
      rule: ruleOf(genrePart(genre)),
    })),
  },
  {
    ...groupInfo("Decade"),
    entries: decadeStartYears.map((startYear) => ({
      name: decadeName(startYear),
      kind: { type: "decade", startYear },
      rule: ruleOf(decadePart(startYear)),
    })),
  },
  {
    ...groupInfo("Nationality"),
    entries: nationalityNames.map((nationality) => ({
      name: nationality,
      kind: { type: "nationality", nationality },
      rule: ruleOf(nationalityPart(nationality)),
    })),
  },
  {
    ...groupInfo("Tempo"),
    entries: tempoNames.map((band) => ({
      name: band,
      kind: { type: "tempo", band },
      rule: ruleOf(tempoBandPart(band)),
    })),
  },
  {
    ...groupInfo("Subgenre"),
    entries: subgenres.map((subgenre) => ({
      name: subgenre,
      kind: { type: "subgenre", subgenre },
      rule: ruleOf(subgenrePart(subgenre)),
    })),
  },
  {
    ...groupInfo("LikedAt"),
    entries: likedAtEntries.map(({ name, period }) => ({
      name,
      kind: { type: "likedAt", period },
      rule: everySong({ split: likedAtSplit(period) }),
    })),
  },
  {
    ...groupInfo("Randomized"),
    entries: (
      [
        { size: limits.randomDaily, period: "day", every: "Daily" },
        { size: limits.randomWeekly, period: "week", every: "Weekly" },
      ] as const
    ).map(({ size, period, every }) => ({
      name: `${size} Random Songs - Updated ${every}`,
      kind: { type: "random", size, period },
      rule: everySong({ sample: { size, period } }),
    })),
  },
  {
    ...groupInfo("LatestLikedSongs"),
    entries: limits.latestSizes.map((size) => ({
      name: `Latest ${size} Liked Songs`,
      kind: { type: "latest", size },
      // the newest likes, newest first; an unliked song leaves, as it is no longer among them
      rule: everySong({ order: "likedNewestFirst", limit: size, unliked: "remove" }),
    })),
  },
  {
    ...groupInfo("Miscellaneous"),
    entries: [
      { name: "Everything", kind: { type: "everything" }, rule: everySong() },
      ...limits.partitionSizes.map((size) => ({
        name: `Partitions of ${size} Songs`,
        kind: { type: "partition" as const, size },
        rule: everySong({ split: { by: "parts", size } }),
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
