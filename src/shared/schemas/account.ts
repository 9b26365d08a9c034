import { z } from "zod";
import type { MembershipLevel } from "../membership.ts";
import type { ListenerSettings } from "../settings.ts";

/** POST /api/user/delete-data takes no payload; an empty JSON object is accepted too. */
export const DeleteDataSchema = z.object({}).strict();

/** A time in the personal-data export: ISO 8601 in UTC, null when not set. */
type ExportTime = string | null;

/** GET /api/user/personal-data: everything stored about the listener (token values are never included). */
export interface PersonalData {
  user: {
    userId: string;
    spotifyUserId: string;
    displayName: string | null;
    membershipLevel: MembershipLevel;
    monitored: boolean;
    createdAt: ExportTime;
    lastLoginAt: ExportTime;
    creationBlockedUntil: ExportTime;
    referrer: string | null;
    spotifyAccountId: string | null;
    timeZone: string | null;
  };
  previousDeletion: { deletedAt: ExportTime } | null;
  providerTokens: {
    note: string;
    scope: string;
    accessTokenExpiresAt: ExportTime;
    updatedAt: ExportTime;
  } | null;
  sessions: { createdAt: ExportTime; lastSeenAt: ExportTime; expiresAt: ExportTime }[];
  settings: ListenerSettings;
  statisticsEnabled: { enabledAt: ExportTime } | false;
  likedSongsLastRead: {
    lastSyncAt: ExportTime;
    lastFullSyncAt: ExportTime;
    /** when turning AddRecordingOnce on had the library read for its recordings */
    recordingsReadAt: ExportTime;
  } | null;
  likedSongs: { trackId: string; trackName: string | null; likedAt: ExportTime; unlikedAt: ExportTime }[];
  simplePlaylistPreferences: { playlistName: string; preferenceDate: ExportTime }[];
  combinationPlaylistPreferences: {
    combinationId: string;
    playlistName: string;
    criteria: unknown;
    /** the rest of the rule: criteria that exclude, the order, the limit, what happens to unliked songs */
    except: unknown;
    order: string;
    limit: number | null;
    unliked: string;
    active: boolean;
    createdAt: ExportTime;
  }[];
  usedCombinationNames: string[];
  /** "Never in this playlist" choices: preference is the catalogue entry name or combination id */
  playlistExclusions: {
    source: string;
    preference: string;
    kind: string;
    id: string;
    label: string;
    createdAt: ExportTime;
  }[];
  artistCorrections: {
    artistId: string;
    genres: string[] | null;
    country: string | null;
    createdAt: ExportTime;
  }[];
  /** the listener's own Spotify playlists a rule names, with the songs Crate last read in them */
  sourcePlaylists: {
    playlistId: string;
    name: string;
    checkedAt: ExportTime;
    trackIds: string[];
  }[];
  managedPlaylists: {
    name: string;
    spotifyPlaylistId: string | null;
    source: string;
    preference: string;
    bucket: string;
    sequence: number;
    status: string;
    createdAt: ExportTime;
    latestTrackAddedAt: ExportTime;
    latestSettledTrackLikedAt: ExportTime;
    samplePeriod: string | null;
    /** Spotify's version of the playlist as Crate last wrote or read it */
    spotifySnapshotId: string | null;
    /** the playlist's items as Crate last read them, when they were more than Crate's songs (null otherwise) */
    itemsAsLastRead: (string | null)[] | null;
    songsAdded: { trackId: string; addedAt: ExportTime; removedAt: ExportTime; missingSince: ExportTime }[];
  }[];
  /** what changed in each playlist, as its page's Activity lists it */
  playlistActivity: {
    at: ExportTime;
    source: string;
    preferenceKey: string;
    playlistId: string | null;
    kind: string;
    reason: string | null;
    detail: string | null;
    count: number;
    songs: string[];
  }[];
  distributionHistory: {
    distributionId: string;
    trigger: string;
    status: string;
    request: unknown;
    createdPlaylistNames: string[] | null;
    removedPlaylistNames: string[] | null;
    totalNumberOfLikedSongs: number | null;
    createdAt: ExportTime;
    finishedAt: ExportTime;
    error: string | null;
    progress: { distributionType: string; totalWork: number; completedWork: number }[];
    spotifyWrites: {
      spotifyPlaylistId: string;
      operation: string;
      trackIds: string[] | null;
      status: string;
      at: ExportTime;
    }[];
  }[];
  analyses: {
    analysisId: string;
    status: string;
    createdAt: ExportTime;
    finishedAt: ExportTime;
    results: { segmentNumber: number; type: string; result: unknown }[];
  }[];
  feedback: { feedback: string; sentAt: ExportTime }[];
  activity: { kind: string; time: ExportTime }[];
  /** Spotify Web API calls made for the listener, per hour and kind (kept for about a day) */
  spotifyCalls: { hour: ExportTime; kind: string; calls: number }[];
  membershipEvents: { membershipLevel: MembershipLevel; effectiveDate: ExportTime; source: string }[];
  payments: {
    change: string;
    effectiveDate: ExportTime;
    registeredDate: ExportTime;
    notificationId: string;
    customerId: string | null;
    subscriptionId: string | null;
    amount: string | null;
    currency: string | null;
  }[];
  subscriptions: {
    subscriptionId: string;
    customerId: string | null;
    status: string;
    nextBillingDate: ExportTime;
    currentBillingPeriodEnds: ExportTime;
    amount: string | null;
    currency: string | null;
    endedAt: ExportTime;
    updatedAt: ExportTime;
  }[];
  /** Paddle's notifications about the user's payments, as stored (trimmed to what billing needs) */
  paymentNotifications: {
    eventId: string;
    eventType: string;
    occurredAt: ExportTime;
    receivedAt: ExportTime;
    outcome: string | null;
    payload: unknown;
  }[];
}

/**
 * What /settings/my-data shows: the export with each list cut to its first `shownPerList` items (a phone cannot
 * show a 10,000-song library's 5 MB of text), and what was left out; the whole export is the download.
 */
export interface PersonalDataPreview {
  data: PersonalData;
  shownPerList: number;
  /** each cut list: where it is in the export ("likedSongs", "managedPlaylists[2].songsAdded") and its length */
  cut: { path: string; total: number }[];
}
