// What each group of the catalogue is (title, page, icon, examples, plan), without its entries: enough for the
// pages that describe the groups (the landing page's cards, the routes) without the long lists of names.
import type { CatalogueGroup, GroupId, IconName } from "./types.ts";

export type CatalogueGroupInfo = Omit<CatalogueGroup, "entries">;

const infos: readonly Omit<CatalogueGroupInfo, "order">[] = [
  {
    group: "Mood",
    slug: "mood",
    hasPage: true,
    title: "Mood",
    iconName: "smile",
    examples: ["Chill", "Party", "Upbeat"],
    premiumOnly: false,
    description: "Songs sorted by how they feel, from the audio features of each song.",
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
  },
];

/** The groups in catalogue order, each with its 1-based position. */
export const catalogueGroups: readonly CatalogueGroupInfo[] = infos.map((info, index) => ({
  ...info,
  order: index + 1,
}));

export function groupInfo(group: GroupId): Omit<CatalogueGroupInfo, "order"> {
  const info = infos.find((candidate) => candidate.group === group);
  if (!info) throw new Error(`No catalogue group ${group}`);
  return info;
}

/** The combination catalogue page: a pseudo-group for pages only (no entries, not selectable). */
export const combinationPage = {
  slug: "combination",
  title: "Combination",
  iconName: "music" as IconName,
  examples: ["Rock and Rap from the 2000s", "Chill Indie", "Danish Pop from the 1990s"],
  premiumOnly: true,
  description: "Combine genre, decade, mood and nationality filters, e.g. rock and rap from the 2000s.",
} as const;
