import { z } from "zod";
import { limits } from "../limits.ts";
import { type MembershipLevel, MembershipLevelSchema } from "../membership.ts";

// ── Inputs (one schema each, used by the tRPC router and the REST shim) ─────────────────────────────────

/** A user id as an admin types it (free text, trimmed); an unknown id is a 404, not a 400. */
export const AdminUserIdSchema = z.string().trim().min(1, "must not be empty").max(200);

export const UserIdInputSchema = z.object({ userId: AdminUserIdSchema });
export type UserIdInput = z.infer<typeof UserIdInputSchema>;

export const SpotifyIdInputSchema = z.object({ spotifyId: AdminUserIdSchema });
export type SpotifyIdInput = z.infer<typeof SpotifyIdInputSchema>;

/** Look a user up by Crate's user id or by the provider's user id. */
export const UserLookupSchema = z.union([UserIdInputSchema, SpotifyIdInputSchema]);
export type UserLookup = z.infer<typeof UserLookupSchema>;

/** `?offset=` of the premium member list: a whole number from 0 (query strings arrive as text). */
export const PremiumMembersQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type PremiumMembersQuery = z.infer<typeof PremiumMembersQuerySchema>;

/** Body of POST /api/admin/user/user-id/{id}/membership. */
export const MembershipChangeBodySchema = z.object({ membershipLevel: MembershipLevelSchema });

export const MembershipChangeInputSchema = UserIdInputSchema.extend(MembershipChangeBodySchema.shape);
export type MembershipChangeInput = z.infer<typeof MembershipChangeInputSchema>;

// ── Responses ─────────────────────────────────────────────────────────────────────────────────────────────

/** "YYYY-MM-DD" (UTC day) → number. */
export type DayCounts = Record<string, number>;

export interface BatchExecution {
  id: string;
  /** which job ran ("hourly-sync", "random-refresh") */
  job: string;
  status: "running" | "finished" | "failed";
  /** ISO 8601 */
  startTime: string;
  /** ISO 8601; absent while the run is going (or when it was interrupted) */
  endTime?: string;
}

/** Admin overview of spec section 3. Dates are ISO 8601 strings (UTC). */
export interface AdminStatistics {
  userData: {
    /** new accounts per UTC day, the last 30 days including today */
    userInflux: DayCounts;
    /** users who became PremiumYearly per UTC day, the last 30 days including today */
    premiumInflux: DayCounts;
    /** accounts in existence at the end of each UTC day, the last 30 days including today */
    numberOfUsersPerDay: DayCounts;
    /** users whose likes the hourly job follows */
    numberOfMonitoredUsers: number;
    /** accounts created in the last 24 hours */
    numberOfUsersLastDay: number;
  };
  batchData: {
    latestBatchExecutions: BatchExecution[];
    /** monitored users not updated within the last hour (the hourly promise) */
    usersBehindHourly: number;
  };
  enabledStatisticsUserIds: string[];
}

export interface PremiumMember {
  userId: string;
  /** ISO 8601: when the user's current premium membership started */
  effectiveDate: string;
}

export interface BatchStartResult {
  jobStarted: boolean;
}

export interface StatisticsToggleResult {
  userId: string;
  enabled: boolean;
}

export interface MembershipChangeResult {
  userId: string;
  membershipLevel: MembershipLevel;
  /** false when the user already had that level (nothing was written) */
  changed: boolean;
}

export interface AdminPlaylist {
  playlistName: string;
  spotifyPlaylistId: string | null;
  /** active, frozen (premium playlist of a user who is no longer premium), vanished, deselected or failed (refused by Spotify for good) */
  status: string;
  createdAt: string;
  /** songs in the playlist on Spotify, as Crate counts them */
  numberOfTracks: number;
  /** songs Crate has stored for the playlist (every song ever added, also those removed since) */
  numberOfTracksStored: number;
  latestSettledTrackLikedAt: string | null;
  latestTrackAddedAt: string | null;
}

/** Admin user detail of spec section 3; lists are newest first. Dates are ISO 8601 strings (UTC). */
export interface AdminUserDetail {
  user: { userId: string; spotifyUserId: string; membershipLevel: MembershipLevel; createdAt: string };
  isMonitored: boolean;
  isStatisticsEnabled: boolean;
  numberOfLikedTracks: number;
  playlists: AdminPlaylist[];
  simplePreferences: { playlistName: string; preferenceDate: string }[];
  combinatorialPreferences: { playlistName: string; combinationExpression: string; preferenceDate: string }[];
  payments: {
    change: string;
    effectiveDate: string;
    registeredDate: string;
    notificationId: string;
    customerId: string | null;
    subscriptionId: string | null;
  }[];
  /** the first item is the latest */
  membershipEvents: { membershipLevel: MembershipLevel; effectiveDate: string }[];
  /** the latest `adminActivityItems` calls, newest first */
  activity: { kind: string; time: string }[];
  /** the provider refuses audio features app-wide, so mood and tempo playlists cannot be filled */
  featuresUnavailable: boolean;
}

export const adminPageSize = limits.adminPageSize;
/** How many activity items the user detail lists (newest first). */
export const adminActivityItems = 200;
