// The catalogue's shapes: its groups, icons, and what an entry is for the distribution engine.

import type { Rule } from "../rules/model.ts";
import type { DecadeStartYear } from "./decades.ts";
import type { GenreName } from "./genres.ts";
import type { MoodName } from "./moods.ts";
import type { NationalityName } from "./nationalities.ts";
import type { TempoName } from "./tempo.ts";

export const groupIds = [
  "Mood",
  "Genre",
  "Decade",
  "Nationality",
  "Tempo",
  "Subgenre",
  "LikedAt",
  "Randomized",
  "LatestLikedSongs",
  "Miscellaneous",
] as const;
export type GroupId = (typeof groupIds)[number];

export const iconNames = [
  "dice",
  "calendar",
  "clock",
  "globe",
  "music",
  "smile",
  "dots",
  "history",
  "speedometer",
] as const;
export type IconName = (typeof iconNames)[number];

export type LikedAtPeriod = "month" | "monthFromSelection" | "seasonNorth" | "seasonSouth" | "year";

/** What an entry is, in words for people and pages; what it does is its `rule`. */
export type EntryKind =
  | { type: "mood"; mood: MoodName }
  | { type: "genre"; genre: GenreName }
  | { type: "subgenre"; subgenre: string }
  | { type: "decade"; startYear: DecadeStartYear }
  | { type: "nationality"; nationality: NationalityName }
  | { type: "tempo"; band: TempoName }
  | { type: "likedAt"; period: LikedAtPeriod }
  | { type: "random"; size: number; period: "day" | "week" }
  | { type: "latest"; size: number }
  | { type: "everything" }
  | { type: "partition"; size: number }
  /** an entry described by its rule alone */
  | { type: "declared" };

export interface CatalogueEntry {
  name: string;
  group: GroupId;
  premiumOnly: boolean;
  kind: EntryKind;
  /** what the entry's playlists hold: the one declaration the distribution, the counts and the reasons read */
  rule: Rule;
}

export interface CatalogueGroup {
  group: GroupId;
  /** `/playlists/{slug}`; only groups with `hasPage` have a catalogue page */
  slug: string;
  hasPage: boolean;
  title: string;
  /** 1-based position */
  order: number;
  iconName: IconName;
  /** 2-4 entry names shown on cards */
  examples: readonly string[];
  premiumOnly: boolean;
  description: string;
  entries: readonly CatalogueEntry[];
}
