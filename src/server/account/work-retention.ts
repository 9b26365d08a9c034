// One rule per table: how long its rows live. Work tables (analyses, distributions and their journals,
// activity, job executions) are purged by age here; the others say where their period is enforced.
// tests/unit/account/work-retention.test.ts fails when a table of the schema has no rule.
import { and, eq, lt, ne, notExists, notInArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { addCalendarMonths } from "../../shared/calendar.ts";
import { limits } from "../../shared/limits.ts";
import { chartHistoryDays } from "../../shared/schemas/admin.ts";
import type { Db } from "../db/client.ts";
import {
  activeListenerDays,
  activity,
  analyses,
  batchExecutions,
  distributions,
  jobRuns,
  journalSteps,
  oauthStates,
  playlistActivity,
  providerCallHours,
  spotifyCallHours,
  spotifyQuotaPauses,
  webVitalWeeks,
} from "../db/schema/index.ts";
import { deleteInBatches } from "./batched-delete.ts";

/** Weeks of page-speed aggregates kept (the admin chart shows the last 12). */
const webVitalWeeksKept = 53;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const { analysisHours, finishedDistributionDays, activityMonths, batchExecutionDays, playlistActivityDays } =
  limits.retention;

export type RetentionRule =
  /** rows older than their period are deleted by `purge` (returns how many) */
  | { kind: "aged"; period: string; purge: (db: Db, now: number) => Promise<number> }
  /** rows deleted with their parent row (a foreign key cascades) */
  | { kind: "cascade"; parent: string }
  /** rows that live as long as the user or the app needs them; where they are deleted */
  | { kind: "kept"; until: string };

/** Deletes the table's rows that match in small batches (batched-delete.ts), returning how many. */
const deleteWhere = (db: Db, table: SQLiteTable, where: SQL | undefined) => deleteInBatches(db, table, where);

const endedAt = (table: typeof analyses | typeof distributions) =>
  sql`coalesce(${table.finishedAt}, ${table.createdAt})`;

/** Most of a user's own rows: they go when the account does (account/delete.ts). */
const untilAccountDeleted: RetentionRule = { kind: "kept", until: "the account is deleted" };

export const retentionRules: Record<string, RetentionRule> = {
  analyses: {
    kind: "aged",
    period: `${analysisHours} hours after it ended`,
    purge: (db, now) =>
      deleteWhere(
        db,
        analyses,
        and(
          notInArray(analyses.status, ["running", "cancelling"]),
          lt(endedAt(analyses), now - analysisHours * HOUR_MS),
        ),
      ),
  },
  analysis_segments: { kind: "cascade", parent: "analyses" },
  distributions: {
    kind: "aged",
    period: `${finishedDistributionDays} days after it finished or failed`,
    // A step whose outcome is unknown ("sent") keeps its run until a later run has settled it.
    purge: (db, now) =>
      deleteWhere(
        db,
        distributions,
        and(
          ne(distributions.status, "running"),
          lt(endedAt(distributions), now - finishedDistributionDays * DAY_MS),
          notExists(
            db
              .select({ one: sql`1` })
              .from(journalSteps)
              .where(and(eq(journalSteps.distributionId, distributions.id), eq(journalSteps.status, "sent"))),
          ),
        ),
      ),
  },
  distribution_entries: { kind: "cascade", parent: "distributions" },
  journal_steps: { kind: "cascade", parent: "distributions" },
  activity: {
    kind: "aged",
    period: `${activityMonths} months`,
    purge: (db, now) => deleteWhere(db, activity, lt(activity.time, addCalendarMonths(now, -activityMonths))),
  },
  playlist_activity: {
    kind: "aged",
    period: `${playlistActivityDays} days`,
    purge: (db, now) =>
      deleteWhere(db, playlistActivity, lt(playlistActivity.at, now - playlistActivityDays * DAY_MS)),
  },
  batch_executions: {
    kind: "aged",
    period: `${batchExecutionDays} days after it started`,
    purge: (db, now) =>
      deleteWhere(
        db,
        batchExecutions,
        and(
          ne(batchExecutions.status, "running"),
          lt(batchExecutions.startTime, now - batchExecutionDays * DAY_MS),
        ),
      ),
  },
  provider_call_hours: {
    kind: "aged",
    period: `${chartHistoryDays.providerCalls} days (the admin charts' history)`,
    purge: (db, now) =>
      deleteWhere(
        db,
        providerCallHours,
        lt(providerCallHours.hour, now - chartHistoryDays.providerCalls * DAY_MS),
      ),
  },
  job_runs: {
    kind: "aged",
    period: `${chartHistoryDays.jobRuns} days after it started (the admin charts' history)`,
    purge: (db, now) =>
      deleteWhere(db, jobRuns, lt(jobRuns.startedAt, now - chartHistoryDays.jobRuns * DAY_MS)),
  },
  spotify_quota_pauses: {
    kind: "aged",
    period: `${chartHistoryDays.jobRuns} days after it began (the admin charts' history)`,
    purge: (db, now) =>
      deleteWhere(
        db,
        spotifyQuotaPauses,
        lt(spotifyQuotaPauses.startedAt, now - chartHistoryDays.jobRuns * DAY_MS),
      ),
  },
  active_listener_days: {
    kind: "aged",
    period: `${chartHistoryDays.activeListeners} days (the admin charts' history)`,
    purge: (db, now) =>
      deleteWhere(
        db,
        activeListenerDays,
        lt(
          activeListenerDays.day,
          new Date(now - chartHistoryDays.activeListeners * DAY_MS).toISOString().slice(0, 10),
        ),
      ),
  },
  spotify_call_hours: {
    kind: "aged",
    period: "2 days (the rolling 24 hours of Spotify calls; the ledger prunes it too)",
    purge: (db, now) => deleteWhere(db, spotifyCallHours, lt(spotifyCallHours.hour, now - 2 * DAY_MS)),
  },
  oauth_states: {
    kind: "aged",
    period: "taken by its callback; once expired (ten minutes), here or at the next sign-in start",
    purge: (db, now) => deleteWhere(db, oauthStates, lt(oauthStates.expiresAt, now)),
  },
  web_vital_weeks: {
    kind: "aged",
    period: `${webVitalWeeksKept} weeks (the admin chart's history; counts per bucket, no visitor data)`,
    purge: (db, now) =>
      deleteWhere(
        db,
        webVitalWeeks,
        lt(webVitalWeeks.week, new Date(now - webVitalWeeksKept * 7 * DAY_MS).toISOString().slice(0, 10)),
      ),
  },
  _migrations: { kind: "kept", until: "the schema's history" },
  users: { kind: "kept", until: "the account is deleted (account/delete.ts)" },
  sessions: { kind: "kept", until: "expiry or idle time (purgeExpiredData)" },
  provider_tokens: untilAccountDeleted,
  deleted_accounts: { kind: "kept", until: "deletedUserDataDays (purgeExpiredData)" },
  daily_signups: { kind: "kept", until: "one row a day, the sign-up cap's count" },
  likes: untilAccountDeleted,
  library_syncs: untilAccountDeleted,
  tracks: { kind: "kept", until: "shared metadata cache, the app's own data" },
  artists: { kind: "kept", until: "shared metadata cache, the app's own data" },
  metadata_sources: { kind: "kept", until: "one row per provider source" },
  metadata_lookups: {
    kind: "kept",
    until: "shared metadata cache: one row per source and looked-up key, a miss rewritten when asked again",
  },
  simple_preferences: untilAccountDeleted,
  combinations: untilAccountDeleted,
  used_combination_names: untilAccountDeleted,
  user_settings: untilAccountDeleted,
  playlist_exclusions: untilAccountDeleted,
  artist_corrections: untilAccountDeleted,
  source_playlists: untilAccountDeleted,
  source_playlist_songs: untilAccountDeleted,
  managed_playlists: untilAccountDeleted,
  playlist_songs: { kind: "cascade", parent: "managed_playlists" },
  playlist_layouts: { kind: "cascade", parent: "managed_playlists" },
  statistics_users: untilAccountDeleted,
  feedback: untilAccountDeleted,
  membership_events: { kind: "kept", until: "the membership retention period (purgeExpiredData)" },
  payments: { kind: "kept", until: "the membership retention period (purgeExpiredData)" },
  subscriptions: { kind: "kept", until: "the membership retention period (purgeExpiredData)" },
  webhook_events: { kind: "kept", until: "the membership retention period (purgeExpiredData)" },
};

/** Deletes the work rows past their period, a batch at a time. Returns the rows deleted per table. */
export async function purgeWorkTables(db: Db, now: number): Promise<Record<string, number>> {
  const purged: Record<string, number> = {};
  for (const [table, rule] of Object.entries(retentionRules)) {
    if (rule.kind === "aged") purged[table] = await rule.purge(db, now);
  }
  return purged;
}
