// What planning works on and what it produces: the considered songs, a preference's playlists and the
// writes planned for each playlist.

import type { RemovalReason } from "../../../shared/activity.ts";
import type { Rule } from "../../../shared/rules/model.ts";
import type { PlannedSong } from "../../library/considered.ts";

// The considered songs are the library's answer (library/considered.ts); planning reads them.
export type { PlannedSong };

export type PlaylistStatus = "active" | "frozen" | "vanished" | "deselected";

export interface ExistingPlaylist {
  id: string;
  bucket: string;
  sequence: number;
  status: PlaylistStatus;
  hasSpotifyPlaylist: boolean;
  /** songs Crate put in it and did not take out */
  songCount: number;
  samplePeriod: string | null;
  /**
   * the songs Crate holds in it now (newest like first), for the rules that read them: rolling and shuffled
   * rules, an edit being carried out, unliked songs to remove
   */
  currentSongs: readonly string[];
  /** rolling and shuffled rules: the held songs the listener removed from it in Spotify (they take no place) */
  removedByListener?: ReadonlySet<string>;
  /** AddRecordingOnce: the recordings (ISRCs) of the songs Crate holds in it now */
  recordings?: ReadonlySet<string>;
}

/** After an edit of the rule: held songs that no longer match leave; with a new order the playlist is rewritten. */
export type Reconcile = "match" | "reorder";

export interface PreferenceInput {
  name: string;
  rule: Rule;
  /** when the user selected it (Starting From Current Month counts from this month) */
  selectedAt: number;
  playlists: readonly ExistingPlaylist[];
  /** every song Crate ever added to any playlist of this preference (a removed song is never re-added) */
  everAdded: ReadonlySet<string>;
  /** the rule was edited since its playlists were last planned */
  reconcile?: Reconcile | null;
}

export interface PlanContext {
  userId: string;
  now: number;
  capacity: number;
  /** AddRecordingOnce: a recording (ISRC) goes into each playlist once, the version liked first */
  addRecordingOnce?: boolean;
  /** the listener's IANA time zone: Liked At months, years and seasons are on their calendar (UTC if absent) */
  timeZone?: string;
  /**
   * the listener's unliked songs with their facts, for the rules that read them (an unliked song kept by a rolling
   * rule keeps its place as if still liked; `unliked: remove` takes it out); absent when no rule needs them
   */
  unliked?: ReadonlyMap<string, PlannedSong>;
  /** whether Crate judges the song now (a considered or unliked like); a song it does not judge stays put */
  known?: (trackId: string) => boolean;
  /** the Spotify name of a preference's playlist: what its bucket holds (`Liked in March 2025`), spill number */
  nameFor(bucketName: string, sequence: number): string;
}

export type PlaylistTarget = { existingId: string } | { bucket: string; sequence: number; name: string };

export interface PlaylistWork {
  preferenceName: string;
  target: PlaylistTarget;
  /** true when the Spotify playlist does not exist yet */
  needsCreate: boolean;
  removes: string[];
  /** in the order they must read in the playlist */
  adds: PlannedSong[];
  /** the adds go to the top of the playlist, in order (Latest N's new likes) */
  addAtTop: boolean;
  /**
   * songs inserted at their place in the rule's order, among the songs Crate placed in the playlist: each add's
   * insert index when sent in order (undefined appends)
   */
  addPositions?: readonly (number | undefined)[];
  /** with addPositions: the songs Crate holds in the playlist, in its order, that the positions count */
  heldOrder?: readonly string[];
  /** why each of `removes` goes, in the same order (the playlist's activity says so) */
  removeReasons?: readonly (RemovalReason | null)[];
  /** a sample or a shuffle: the period the playlist is written for now */
  samplePeriod?: string;
  entry: "Standard" | "Randomized";
}

/** The songs Crate placed just before and just after an insert, nearest first, as the plan saw them. */
export interface Anchors {
  after: readonly string[];
  before: readonly string[];
}
