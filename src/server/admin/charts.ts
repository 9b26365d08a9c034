// The series behind the admin charts, for the last 30 UTC days by day or the last 48 hours by hour, each read
// from a persisted record so a restart loses nothing:
// - sign-ups: daily_signups by day (counted at creation, so later deletions still count); users.created_at by hour
// - active listeners: active_listener_days (sampled from the sessions by the metrics' history)
// - hourly job duration and lag: job_runs of the hourly sync (the longest in each bucket)
// - provider calls and "too many requests" answers: provider_call_hours
// - premium conversions: membership events to PremiumYearly that a payment or a subscription made
// - Spotify's quota pauses: spotify_quota_pauses (start, end, probes), as time paused per bucket and as marks
import { and, count, countDistinct, eq, gte, inArray, max, type SQL, sql, sum } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { premiumLevel } from "../../shared/membership.ts";
import {
  type AdminCharts,
  type ChartPoint,
  type ChartProvider,
  type ChartRange,
  chartProviders,
  chartRanges,
} from "../../shared/schemas/admin.ts";
import {
  activeListenerDays,
  dailySignups,
  jobRuns,
  membershipEvents,
  providerCallHours,
  spotifyQuotaPauses,
  users,
} from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { HOURLY_JOB } from "../distribution/batch/batch-jobs.ts";

const DAY_MS = 86_400_000;

type ChartsDeps = Pick<Deps, "db" | "clock" | "metrics">;

interface Window {
  /** bucket starts, oldest first */
  starts: number[];
  bucketMs: number;
  from: number;
}

function windowOf(range: ChartRange, now: number): Window {
  const { buckets, bucketMs } = chartRanges[range];
  const last = Math.floor(now / bucketMs) * bucketMs;
  const starts = Array.from({ length: buckets }, (_, i) => last - (buckets - 1 - i) * bucketMs);
  return { starts, bucketMs, from: starts[0] ?? last };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** One point per bucket; buckets without a value get `empty` (0 for counts, null for measurements). */
function points(window: Window, values: Map<number, number>, empty: 0 | null): ChartPoint[] {
  return window.starts.map((at) => ({ at: new Date(at).toISOString(), value: values.get(at) ?? empty }));
}

/** The bucket start of a millisecond column, as SQL (integer division: the length is written, never bound). */
const bucketOf = (column: SQLiteColumn, bucketMs: number) => {
  const length = sql.raw(String(Math.trunc(bucketMs)));
  return sql<number>`(${column} / ${length}) * ${length}`;
};

/** Bucket start → value (drizzle's sum() answers text, max() of a generic column unknown). */
function toMap(rows: { at: number; value: unknown }[]): Map<number, number> {
  const map = new Map<number, number>();
  for (const row of rows) if (row.value != null) map.set(Number(row.at), Number(row.value));
  return map;
}

function signups(deps: ChartsDeps, window: Window): Map<number, number> {
  if (window.bucketMs === DAY_MS) {
    const rows = deps.db
      .select({ day: dailySignups.day, value: dailySignups.count })
      .from(dailySignups)
      .where(gte(dailySignups.day, utcDay(window.from)))
      .all();
    return toMap(rows.map((row) => ({ at: dayStart(row.day), value: row.value })));
  }
  const at = bucketOf(users.createdAt, window.bucketMs);
  return toMap(
    deps.db
      .select({ at, value: count() })
      .from(users)
      .where(gte(users.createdAt, window.from))
      .groupBy(at)
      .all(),
  );
}

/** Each bucket gets the active listeners of the UTC day it falls on. */
function activeListeners(deps: ChartsDeps, window: Window): Map<number, number> {
  const rows = deps.db
    .select()
    .from(activeListenerDays)
    .where(gte(activeListenerDays.day, utcDay(window.from)))
    .all();
  const byDay = new Map(rows.map((row) => [row.day, row.listeners]));
  const map = new Map<number, number>();
  for (const at of window.starts) {
    const value = byDay.get(utcDay(at));
    if (value !== undefined) map.set(at, value);
  }
  return map;
}

function hourlyJob(deps: ChartsDeps, window: Window, column: SQLiteColumn): Map<number, number> {
  const at = bucketOf(jobRuns.startedAt, window.bucketMs);
  return toMap(
    deps.db
      .select({ at, value: max(column) })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, HOURLY_JOB), gte(jobRuns.startedAt, window.from)))
      .groupBy(at)
      .all(),
  );
}

function providerSeries(deps: ChartsDeps, window: Window, column: SQLiteColumn) {
  const at = bucketOf(providerCallHours.hour, window.bucketMs);
  const rows = deps.db
    .select({ provider: providerCallHours.provider, at, value: sum(column) })
    .from(providerCallHours)
    .where(gte(providerCallHours.hour, window.from))
    .groupBy(providerCallHours.provider, at)
    .all();
  return Object.fromEntries(
    chartProviders.map((provider) => [
      provider,
      points(window, toMap(rows.filter((row) => row.provider === provider)), 0),
    ]),
  ) as Record<ChartProvider, ChartPoint[]>;
}

function premiumConversions(deps: ChartsDeps, window: Window): Map<number, number> {
  const at = bucketOf(membershipEvents.effectiveDate, window.bucketMs);
  const paid: SQL | undefined = and(
    eq(membershipEvents.membershipLevel, premiumLevel),
    inArray(membershipEvents.source, ["payment", "subscription"]),
    gte(membershipEvents.effectiveDate, window.from),
  );
  return toMap(
    deps.db
      .select({ at, value: countDistinct(membershipEvents.userId) })
      .from(membershipEvents)
      .where(paid)
      .groupBy(at)
      .all(),
  );
}

/** The quota pauses that overlap the window (one still lasting ends now). */
function quotaPauses(deps: ChartsDeps, window: Window, now: number) {
  return deps.db
    .select()
    .from(spotifyQuotaPauses)
    .where(sql`coalesce(${spotifyQuotaPauses.endedAt}, ${now}) >= ${window.from}`)
    .orderBy(spotifyQuotaPauses.startedAt)
    .all();
}

/** How much of each bucket the pauses covered, ms. */
function pausedPerBucket(
  window: Window,
  pauses: { startedAt: number; endedAt: number | null }[],
  now: number,
) {
  const map = new Map<number, number>();
  for (const at of window.starts) {
    const end = at + window.bucketMs;
    let covered = 0;
    for (const p of pauses)
      covered += Math.max(0, Math.min(end, p.endedAt ?? now) - Math.max(at, p.startedAt));
    if (covered > 0) map.set(at, covered);
  }
  return map;
}

/** The charts' series for `range`; the history still in memory is written first, so the figures are current. */
export function getAdminCharts(deps: ChartsDeps, range: ChartRange): AdminCharts {
  deps.metrics.flushHistory();
  const now = deps.clock.now();
  const window = windowOf(range, now);
  const pauses = quotaPauses(deps, window, now);
  return {
    range,
    bucketMs: window.bucketMs,
    signups: points(window, signups(deps, window), 0),
    activeListeners: points(window, activeListeners(deps, window), 0),
    hourlyJobDurationMs: points(window, hourlyJob(deps, window, jobRuns.durationMs), null),
    hourlyJobLagMs: points(window, hourlyJob(deps, window, jobRuns.lagMs), null),
    providerCalls: providerSeries(deps, window, providerCallHours.calls),
    providerRateLimited: providerSeries(deps, window, providerCallHours.rateLimited),
    premiumConversions: points(window, premiumConversions(deps, window), 0),
    spotifyQuotaPausedMs: points(window, pausedPerBucket(window, pauses, now), 0),
    spotifyQuotaPauses: pauses.map((p) => ({
      since: new Date(p.startedAt).toISOString(),
      until: p.endedAt === null ? null : new Date(p.endedAt).toISOString(),
      probes: p.probes,
    })),
  };
}
