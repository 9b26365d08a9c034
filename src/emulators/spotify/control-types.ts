// The control surface's shapes: the listeners, likes, playlists and tracks it reports, and its refusals.
import type { AudioFeatureValues } from "../../shared/audio-features.ts";
import type { CallLog, FaultSettings, FaultSettingsInput } from "./model/faults.ts";
import type { QuotaLog, QuotaSettingsInput } from "./model/quota.ts";

export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface ListenerSummary {
  id: string;
  displayName: string;
  product: "free" | "premium";
  likes: number;
  demo: boolean;
}

export interface NewListener {
  id: string;
  likes: number;
  seed?: number;
  displayName?: string;
  product?: "free" | "premium";
}

export interface LikeInput {
  trackIds?: string[];
  count?: number;
  /** ISO time of the first like (the others follow a second apart); now when absent */
  addedAt?: string;
}

export interface PlaylistSummary {
  id: string;
  ownerId: string;
  name: string;
  public: boolean;
  collaborative: boolean;
  description: string | null;
  total: number;
  /** the listener deleted it in the app: it is no longer in their library (the Web API may still serve it) */
  deleted: boolean;
  /** gone for good: the Web API answers 404 */
  hardDeleted: boolean;
}

export interface PlaylistDetails extends PlaylistSummary {
  snapshotId: string;
  /** every item's track id, in playlist order */
  trackIds: string[];
  items: { trackId: string; addedAt: string }[];
}

/** What classification needs to know about a track, as the Web API would tell it. */
export interface TrackFacts {
  id: string;
  name: string;
  artistIds: string[];
  artistGenres: string[];
  releaseDate: string;
  releaseDatePrecision: "year" | "month" | "day";
  /** the recording's ISRC (`external_ids.isrc`); a single and its album may share it */
  isrc: string;
  /** the audio features as `GET /audio-features` reports them; null when Spotify has none */
  features: AudioFeatureValues | null;
}

export interface SpotifyEmulatorControl {
  createListener(input: NewListener): ListenerSummary;
  listeners(): ListenerSummary[];
  /** the listener's likes, newest first */
  likes(listenerId: string): { trackId: string; addedAt: string }[];
  /** likes the given tracks (in order, the last is newest) or `count` tracks not yet liked; returns their ids */
  like(listenerId: string, input: LikeInput): string[];
  unlike(listenerId: string, trackId: string): boolean;
  listenerPlaylists(listenerId: string, options?: { includeDeleted?: boolean }): PlaylistSummary[];
  playlist(playlistId: string): PlaylistDetails | null;
  /** the listener adds songs by hand (duplicates allowed; appended, or inserted at `position`); refused past the size limit */
  addPlaylistItems(playlistId: string, trackIds: readonly string[], position?: number): number;
  /** the listener makes a playlist of their own in the Spotify app */
  createPlaylist(
    listenerId: string,
    input: { name: string; description?: string; public?: boolean },
  ): PlaylistSummary;
  /** the listener follows another owner's public playlist: it joins their library */
  followPlaylist(listenerId: string, playlistId: string): void;
  /** the listener removes a song (every occurrence) from their playlist; returns how many entries went */
  removePlaylistItem(playlistId: string, trackId: string): number;
  /**
   * The listener deletes their playlist in the Spotify app, which unfollows it: it leaves their library but
   * still exists and accepts writes. `hard` removes it for good instead (the Web API answers 404).
   */
  deletePlaylist(listenerId: string, playlistId: string, options?: { hard?: boolean }): void;
  track(trackId: string): TrackFacts | null;
  calls(): CallLog;
  resetCalls(): void;
  faults(): FaultSettings;
  setFaults(input: FaultSettingsInput): FaultSettings;
  /** which kind of Spotify app Crate is: a development-mode app of 2026 or an extended-quota app */
  app(): "development" | "extended";
  setApp(app: "development" | "extended"): "development" | "extended";
  expireTokens(): number;
  revoke(listenerId: string): number;
  /** the listener's grant ends now: their refresh tokens answer invalid_grant; returns how many */
  endGrant(listenerId: string): number;
  /** refresh tokens of authorizations from now on live this long (null: 6 calendar months) */
  setGrantLifetime(ms: number | null): void;
  quota(): QuotaLog;
  setQuota(settings: QuotaSettingsInput): QuotaLog;
  /** spends what is left of the current period (the next request is refused) */
  exhaustQuota(): QuotaLog;
}
