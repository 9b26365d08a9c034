import { z } from "zod";
import { limits } from "../limits.ts";
import { type MembershipLevel, MembershipLevelSchema } from "../membership.ts";
import { openMetadataSourceNames } from "../metadata-sources.ts";
import type { ReportedCallKind, SpotifyAccessState } from "../spotify-access.ts";

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
  /** the same users, named */
  enabledStatisticsUsers: AdminUserRef[];
  spotify: AdminSpotifyStatistics;
}

/** A user as an admin's lists name them: Spotify's id and display name beside Crate's id (null once deleted). */
export interface AdminUserRef {
  userId: string;
  spotifyId: string | null;
  displayName: string | null;
}

/** Spotify's 2026 limits as the operator sees them: grants ending or ended, the quota pause, calls in 24 hours. */
export interface AdminSpotifyStatistics {
  accessEndingWithin14Days: number;
  accessEnded: number;
  quota: {
    paused: boolean;
    /** ISO time the pause began, null when not paused */
    since: string | null;
    /** probes sent in this pause (or the last one) */
    probes: number;
    /** pauses since the server started */
    pauses: number;
    /** calls answered QUOTA_EXCEEDED since the server started */
    refusedCalls: number;
  };
  /** every request sent to the Web API in the last 24 hours, refused ones included */
  callsLast24h: { total: number; byKind: Record<ReportedCallKind, number> };
  topListeners: (AdminUserRef & { calls: number })[];
  /** SPOTIFY_DAILY_CALLS, null without a budget */
  dailyBudget: number | null;
}

export interface PremiumMember extends AdminUserRef {
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
  /** ISO time the listener's Spotify grant ends (or ended) */
  spotifyAccessEndsAt: string;
  spotifyAccessState: SpotifyAccessState;
  /** Web API calls made for this listener in the last 24 hours */
  spotifyCallsLast24h: number;
}

export const adminPageSize = limits.adminPageSize;
/** How many activity items the user detail lists (newest first). */
export const adminActivityItems = 200;

// ── Charts (the operator's history) ─────────────────────────────────────────────────────────────────────────

/** The providers whose calls the charts follow, in the order they are drawn (the open metadata sources' list). */
export const chartProviders = ["spotify", "paddle", ...openMetadataSourceNames] as const;
export type ChartProvider = (typeof chartProviders)[number];

/** The chart ranges: the last 30 UTC days by day, or the last 48 hours by hour (both end with the current one). */
export const chartRanges = {
  "30d": { buckets: 30, bucketMs: 86_400_000 },
  "48h": { buckets: 48, bucketMs: 3_600_000 },
} as const;
export type ChartRange = keyof typeof chartRanges;

export const AdminChartsInputSchema = z.object({
  range: z.enum(Object.keys(chartRanges) as [ChartRange, ...ChartRange[]]).default("30d"),
});
export type AdminChartsInput = z.infer<typeof AdminChartsInputSchema>;

/** How long the charts' history tables keep their rows (they hold counts, no user data). */
export const chartHistoryDays = { providerCalls: 90, jobRuns: 90, activeListeners: 400 } as const;

/** One bucket of a chart: its start (ISO 8601, UTC) and its value; null where nothing was measured. */
export interface ChartPoint {
  at: string;
  value: number | null;
}

/** The series behind the admin charts, one point per bucket of the chosen range, oldest first. */
export interface AdminCharts {
  range: ChartRange;
  /** bucket length in ms (a day or an hour) */
  bucketMs: number;
  /** new accounts per bucket */
  signups: ChartPoint[];
  /** distinct listeners who used Crate per UTC day (a day's figure in each of its hours on the hourly range) */
  activeListeners: ChartPoint[];
  /** the hourly sync's runs that started in the bucket: the longest duration, ms (null: no run) */
  hourlyJobDurationMs: ChartPoint[];
  /** the hourly sync's runs that started in the bucket: the longest wait a listener had when it started, ms */
  hourlyJobLagMs: ChartPoint[];
  /** calls sent to each provider per bucket (every attempt) */
  providerCalls: Record<ChartProvider, ChartPoint[]>;
  /** answers per provider and bucket that said "too many requests" (429, or the provider's own equivalent) */
  providerRateLimited: Record<ChartProvider, ChartPoint[]>;
  /** listeners who became premium by paying (Paddle), per bucket */
  premiumConversions: ChartPoint[];
  /** ms of each bucket Spotify's spent quota paused every Web API call */
  spotifyQuotaPausedMs: ChartPoint[];
  /** the quota pauses overlapping the range, oldest first: ISO start, end (null while it lasts), probes sent */
  spotifyQuotaPauses: { since: string; until: string | null; probes: number }[];
}
