// What the app says about the metadata lookups and how much of a library each group can classify.
import type { MetadataFact } from "./metadata-sources.ts";

/** The groups whose playlists depend on metadata from the configured sources. */
export const metadataGroups = ["Mood", "Tempo", "Genre", "Subgenre", "Nationality"] as const;
export type MetadataGroup = (typeof metadataGroups)[number];

/** The facts that classify each group: a group can be filled when a configured source gives any of them. */
export const metadataGroupFacts: Record<MetadataGroup, readonly MetadataFact[]> = {
  Mood: ["features"],
  Tempo: ["tempo"],
  Genre: ["genres"],
  Subgenre: ["genres"],
  Nationality: ["genres", "country"],
};

export interface GroupCoverage {
  group: MetadataGroup;
  /** songs of the library this group can classify (their facts are known) */
  known: number;
  /** false when no configured source can give this group's facts */
  fillable: boolean;
  /** what the app says: "Mood known for 412 of 600 songs", or that no configured source can fill the group */
  text: string;
}

export interface MetadataCoverage {
  songs: number;
  /** present while the background lookups have songs left for this library */
  lookup: { done: number; total: number } | null;
  groups: GroupCoverage[];
}

export const metadataTexts = {
  lookupProgress: (done: number, total: number) => `Finding moods and tempos: ${done} of ${total} songs`,
  coverage: (group: MetadataGroup, known: number, total: number) =>
    `${group} known for ${known} of ${total} songs`,
  /** a free listener's library past the free plan's songs: only the songs its playlists consider count */
  coverageOfFirst: (group: MetadataGroup, known: number, first: number) =>
    `${group} known for ${known} of your first ${first} liked songs (the ones the free plan places)`,
  unfillable: (group: MetadataGroup) =>
    `${group}: none of the configured metadata sources can fill these playlists, so they stay empty.`,
} as const;

/**
 * The sentence shown for a group: how much of the songs the listener's playlists consider it can classify (`first`:
 * only the first of a larger library, on the free plan), or that it stays empty.
 */
export const groupCoverageText = (
  group: MetadataGroup,
  known: number,
  songs: number,
  fillable: boolean,
  first = false,
) =>
  !fillable
    ? metadataTexts.unfillable(group)
    : first
      ? metadataTexts.coverageOfFirst(group, known, songs)
      : metadataTexts.coverage(group, known, songs);
