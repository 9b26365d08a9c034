/**
 * Names of the Spotify playlists Crate creates. The scheme (also in docs/catalogue.md):
 *
 * - A playlist is named after its catalogue entry (or combination): `Rock`, `Latest 50 Liked Songs`.
 * - Entries that make several playlists name each after what it holds, in the listener's time zone (UTC when
 *   unknown, ADR 0012):
 *     Liked in Month (and … - Starting From Current Month) → `Liked in March 2025`
 *     Liked in Year                                        → `Liked in 2025`
 *     Liked in Season - Northern Hemisphere                → `Liked in Spring 2025 - Northern Hemisphere`
 *     Liked in Season - Southern Hemisphere                → `Liked in Autumn 2025 - Southern Hemisphere`
 *     A season that crosses the new year is named by both years: December 2024 to February 2025 is
 *     `Liked in Winter 2024-2025 - Northern Hemisphere` and `Liked in Summer 2024-2025 - Southern Hemisphere`.
 *     Partitions of N Songs                                → `Partitions of 50 Songs 1`, `… 2`, … (1-based)
 * - Spill: past 10,000 songs a playlist continues in the next numbered one: `Everything`, `Everything 2`,
 *   `Liked in 2025 2`. Numbers start at 2; the first playlist has no number.
 * - Postfix: ` - Managed Playlist` is appended last (after any number) unless the user's
 *   RemovePlaylistPostfix setting is on: `Everything 2 - Managed Playlist`.
 */
import { monthNames } from "../calendar.ts";

export const managedPlaylistPostfix = " - Managed Playlist";

export const seasonNames = ["Winter", "Spring", "Summer", "Autumn"] as const;
export type SeasonName = (typeof seasonNames)[number];
export type Hemisphere = "Northern" | "Southern";

/** `Liked in March 2025`; `monthIndex` is 0-based (0 = January). */
export const likedInMonthName = (year: number, monthIndex: number): string => {
  const month = monthNames[monthIndex];
  if (month === undefined) throw new RangeError(`month index out of range: ${monthIndex}`);
  return `Liked in ${month} ${year}`;
};

export const likedInYearName = (year: number): string => `Liked in ${year}`;

/**
 * `Liked in Spring 2025 - Northern Hemisphere`. `startYear` is the year of the season's first month;
 * a season starting in December is labelled `2024-2025`.
 */
export const likedInSeasonName = (
  season: SeasonName,
  startYear: number,
  crossesYear: boolean,
  hemisphere: Hemisphere,
): string => {
  const years = crossesYear ? `${startYear}-${startYear + 1}` : `${startYear}`;
  return `Liked in ${season} ${years} - ${hemisphere} Hemisphere`;
};

/** `Partitions of 50 Songs 1`; `index` is 1-based. */
export const partitionName = (size: number, index: number): string => `Partitions of ${size} Songs ${index}`;

/** The n-th playlist of a name once the previous ones are full: 1 → `Everything`, 2 → `Everything 2`. */
export const spillName = (name: string, spillNumber: number): string =>
  spillNumber <= 1 ? name : `${name} ${spillNumber}`;

/** The name as written on Spotify: the postfix after everything else, unless the user removed it. */
export const spotifyPlaylistName = (name: string, removePlaylistPostfix: boolean): string =>
  removePlaylistPostfix ? name : `${name}${managedPlaylistPostfix}`;

/** Full name of one Spotify playlist of an entry or combination. */
export const managedPlaylistName = (
  name: string,
  options: { spillNumber?: number; removePlaylistPostfix: boolean },
): string => spotifyPlaylistName(spillName(name, options.spillNumber ?? 1), options.removePlaylistPostfix);

const monthPattern = monthNames.join("|");
const seasonPattern = seasonNames.join("|");

/** Names of expanded playlists (without spill number or postfix), matched case-insensitively. */
export const expandedNamePatterns: readonly RegExp[] = [
  new RegExp(`^liked in (?:${monthPattern}) \\d{4}$`, "i"),
  /^liked in \d{4}$/i,
  new RegExp(`^liked in (?:${seasonPattern}) \\d{4}(?:-\\d{4})? - (?:northern|southern) hemisphere$`, "i"),
  /^partitions of \d+ songs \d+$/i,
];

export const isExpandedPlaylistName = (name: string): boolean =>
  expandedNamePatterns.some((pattern) => pattern.test(name));

/** Spill numbers reserved after a catalogue name: 2 … 99 (`Rock 2` is reserved, `Pop 2000` is not). */
const spillSuffix = /^(.*\S) ([1-9]\d?)$/;

/** Splits `Everything 2` into its base name and number; null when the name has no spill number. */
export const splitSpillNumber = (name: string): { base: string; spillNumber: number } | null => {
  const match = spillSuffix.exec(name);
  if (!match?.[1] || !match[2]) return null;
  return { base: match[1], spillNumber: Number(match[2]) };
};

/** Removes a trailing ` - Managed Playlist` (any case), so `Rock - Managed Playlist` reads as `Rock`. */
export const stripPostfix = (name: string): string =>
  name.toLowerCase().endsWith(managedPlaylistPostfix.toLowerCase())
    ? name.slice(0, name.length - managedPlaylistPostfix.length)
    : name;
