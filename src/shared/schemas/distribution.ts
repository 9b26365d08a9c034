import type { SpotifyPause } from "../spotify-access.ts";
// Inputs and responses of the distribution calls (predefined playlists, progress, deletion, analysis).
// One zod schema per input, used by the tRPC router and the REST shims alike.
//
// Decisions where the spec is silent:
// - A Free (or FreeBeforePremiumIntroduced) selection of more than 15 playlists is refused with code 30
//   ('This feature is only available for premium users.'): more than 15 is a premium feature. PremiumYearly
//   above 100 is code 35.
// - Progress: `finished` is true once the run ended, successfully or not; a failed run shows completedWork -1
//   and is resumed by the next hourly job (a later poll may then show it finished).
// - Analysis results also carry the metadata coverage (added beside the spec's `results`, read at each poll): the
//   counts of Mood, Tempo, Genre, Subgenre and Nationality depend on what the metadata sources know so far.
// - Analysis segments carry cumulative counts: each Data segment lists, for every entry with at least one
//   song so far, the number of considered songs counted up to that segment (the latest segment wins); the
//   Completed segment lists every catalogue entry with its final count (0 included).

import { z } from "zod";
import type { Criterion, RuleDefinition } from "../combinations/rules.ts";
import { messages } from "../errors.ts";
import type { MembershipLevel } from "../membership.ts";
import type { MetadataCoverage } from "../metadata.ts";
import type { PlaylistFailure } from "../playlist-failures.ts";

export const DistributeHistoricallySchema = z.object({
  playlistPreferences: z.array(z.string().trim().min(1).max(200)).min(1, messages.mustChooseOne).max(1000),
});
export type DistributeHistoricallyInput = z.infer<typeof DistributeHistoricallySchema>;

export const DistributionIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const DeletePredefinedSchema = z.object({ name: z.string().trim().min(1).max(200) });

export const AnalysisIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const AnalysisResultsSchema = z.object({
  id: z.string().trim().min(1).max(100),
  afterSegmentNumber: z.coerce.number().int().min(-1).max(1_000_000).default(-1),
});

export type DistributionType = "Standard" | "Analysis" | "Randomized";

export interface ProgressEntry {
  distributionType: DistributionType;
  totalWork: number;
  /** -1: the run failed */
  completedWork: number;
}

export interface DistributionProgress {
  progress: ProgressEntry[];
  finished: boolean;
  /** likes Crate knows of once the run has read the library */
  totalNumberOfLikedSongs: number;
  /** Spotify names of the playlists this run creates (known once planned) */
  createdPlaylistNames: string[];
  /** present while Spotify's spent quota holds the run (it continues on its own) */
  paused?: SpotifyPause;
}

export interface DistributeHistoricallyResponse {
  distributionProgressId: string;
  totalNumberOfLikedSongs: number;
}

export interface DeletePredefinedResponse {
  /** progress of the deletions on Spotify; null when nothing had to be deleted there */
  distributionProgressId: string | null;
  removedPlaylistNames: string[];
}

export interface AvailableSimplePreference {
  name: string;
  group: string;
  available: boolean;
}

export interface PreferenceGroupInfo {
  group: string;
  title: string;
  order: number;
  iconName: string;
  examples: readonly string[];
  premiumOnly: boolean;
}

/** A combination as listed: the spec's fields, and the rest of its rule as stored (defaults filled in). */
export interface CombinatorialPreference extends Omit<RuleDefinition, "criteria"> {
  combinatorialPlaylistPreferenceId: string;
  playlistName: string;
  criteria: Criterion[];
  active: boolean;
}

export interface PlaylistPreferencesResponse {
  availableSimplePlaylistPreferences: AvailableSimplePreference[];
  usersSimplePlaylistPreferences: { group: string; name: string }[];
  preferenceGroups: PreferenceGroupInfo[];
  combinatorialPlaylistPreferences: CombinatorialPreference[];
  membershipLevel: MembershipLevel;
  /** selection cap for this level (15 or 100) */
  maxSelectedPlaylists: number;
  /** names added in the user's latest selection */
  mostRecentlySelected: string[];
  /** the provider refuses audio features: Mood and Tempo playlists cannot be filled */
  featuresUnavailable: boolean;
  /** a distribution of this user still running (for the 'Songs are being added' block) */
  runningDistributionProgressId: string | null;
  /**
   * managed playlists the user deleted on Spotify; Crate does not recreate them. preferenceName is the catalogue
   * entry for a predefined playlist and the combination's id for a combination playlist.
   */
  vanishedPlaylists: { source: "predefined" | "combination"; preferenceName: string; playlistName: string }[];
  /** managed playlists Spotify refused to change for good (full, not writable): Crate stopped writing to them */
  failedPlaylists: {
    source: "predefined" | "combination";
    preferenceName: string;
    playlistName: string;
    failure: PlaylistFailure;
  }[];
}

export type AnalysisSegmentType = "Data" | "Completed" | "Cancelled";

export interface AnalysisResultItem {
  preferenceName: string;
  numberOfSongsApplicable: number;
}

export interface AnalysisResults {
  results: { segmentNumber: number; type: AnalysisSegmentType; result: AnalysisResultItem[] }[];
  /**
   * for each metadata group, how much of the library it can classify now ("Mood known for 412 of 600 songs"),
   * or that no configured source can fill it; the lookup's progress while it runs
   */
  coverage: MetadataCoverage;
}

/**
 * For each catalogue entry that can make more than one Spotify playlist (Liked At, Partitions, Everything), how
 * many it would make for the listener if chosen now; empty for a level without those entries.
 */
export interface PlaylistsMade {
  entries: { name: string; playlists: number }[];
}
