// What planning works on and what it produces: the considered songs, a preference's playlists and the
// writes planned for each playlist.
import type { PlannedSong } from "../../library/considered.ts";
import type { PreferenceKind } from "./preference-kinds.ts";

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
  /** rolling kinds only: the songs Crate holds in it now, in playlist order */
  currentSongs: readonly string[];
  /** AddRecordingOnce: the recordings (ISRCs) of the songs Crate holds in it now */
  recordings?: ReadonlySet<string>;
}

export interface PreferenceInput {
  name: string;
  kind: PreferenceKind;
  /** when the user selected it (Starting From Current Month counts from this month) */
  selectedAt: number;
  playlists: readonly ExistingPlaylist[];
  /** every song Crate ever added to any playlist of this preference (a removed song is never re-added) */
  everAdded: ReadonlySet<string>;
}

export interface PlanContext {
  userId: string;
  now: number;
  capacity: number;
  /** AddRecordingOnce: a recording (ISRC) goes into each playlist once, the version liked first */
  addRecordingOnce?: boolean;
  /** the listener's IANA time zone: Liked At months, years and seasons are on their calendar (UTC if absent) */
  timeZone?: string;
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
  /** Latest N: the adds go to the top of the playlist */
  addAtTop: boolean;
  /** songs returning to their like-order place: each add's insert index when sent in order (undefined appends) */
  addPositions?: readonly (number | undefined)[];
  /** Random: the period this sample is for */
  samplePeriod?: string;
  entry: "Standard" | "Randomized";
}
