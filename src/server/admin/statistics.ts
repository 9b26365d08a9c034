// GET /api/admin/statistics: sign-ups, premium influx, users per day, monitored users and the latest batch runs.
//
// Windows (all UTC days): the charts cover the last 30 days including today.
// - userInflux: new accounts per day, from daily_signups (counted at creation, so later deletions still count).
// - premiumInflux: users who became PremiumYearly that day (membership events to PremiumYearly, any source).
// - numberOfUsersPerDay: accounts existing now that had been created by the end of that day.
// - numberOfUsersLastDay: accounts created in the 24 hours before now.
import type { AdminStatistics, BatchExecution, DayCounts } from "../../shared/schemas/admin.ts";
import { utcDay } from "../auth/signup.ts";
import type { Deps } from "../deps/deps.ts";
import { usersBehindHourly } from "../metrics/lag.ts";
import { spotifyStatistics } from "./spotify-statistics.ts";
import {
  latestBatchRuns,
  monitoredUsers,
  premiumInfluxSince,
  signupsSince,
  statisticsUserIds,
  usersCreatedAfter,
  usersCreatedBefore,
  usersCreatedPerDaySince,
} from "./statistics-repository.ts";
import { namedUsers } from "./user-names.ts";

export const STATISTICS_WINDOW_DAYS = 30;
export const LATEST_BATCH_EXECUTIONS = 10;
const DAY_MS = 86_400_000;

type StatisticsDeps = Pick<Deps, "db" | "clock" | "spotify" | "spotifyCalls" | "config">;

/** Start (00:00 UTC) of the day `ms` falls on. */
const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The window's days, oldest first, each mapped to 0. */
export function emptyWindow(now: number, days = STATISTICS_WINDOW_DAYS): DayCounts {
  const today = startOfUtcDay(now);
  const counts: DayCounts = {};
  for (let i = days - 1; i >= 0; i -= 1) counts[utcDay(today - i * DAY_MS)] = 0;
  return counts;
}

function fill(window: DayCounts, rows: readonly { day: string; n: number }[]): DayCounts {
  const counts = { ...window };
  for (const row of rows) if (row.day in counts) counts[row.day] = row.n;
  return counts;
}

export function getAdminStatistics(deps: StatisticsDeps): AdminStatistics {
  const now = deps.clock.now();
  const window = emptyWindow(now);
  const firstDay = Object.keys(window)[0] ?? utcDay(now);
  const windowStart = startOfUtcDay(now) - (STATISTICS_WINDOW_DAYS - 1) * DAY_MS;

  const signups = signupsSince(deps.db, firstDay);
  const premium = premiumInfluxSince(deps.db, windowStart);
  const before = usersCreatedBefore(deps.db, windowStart);
  const created = fill(window, usersCreatedPerDaySince(deps.db, windowStart));
  const numberOfUsersPerDay: DayCounts = {};
  let total = before;
  for (const day of Object.keys(window)) {
    total += created[day] ?? 0;
    numberOfUsersPerDay[day] = total;
  }
  const monitored = monitoredUsers(deps.db);
  const lastDay = usersCreatedAfter(deps.db, now - DAY_MS);
  const statisticUsers = namedUsers(
    deps.db,
    statisticsUserIds(deps.db).map((userId) => ({ userId })),
  );

  return {
    userData: {
      userInflux: fill(window, signups),
      premiumInflux: fill(window, premium),
      numberOfUsersPerDay,
      numberOfMonitoredUsers: monitored,
      numberOfUsersLastDay: lastDay,
    },
    batchData: {
      latestBatchExecutions: latestBatchExecutions(deps),
      usersBehindHourly: usersBehindHourly(deps.db, now),
    },
    enabledStatisticsUserIds: statisticUsers.map((user) => user.userId),
    enabledStatisticsUsers: statisticUsers,
    spotify: spotifyStatistics(deps),
  };
}

export function latestBatchExecutions(
  deps: Pick<Deps, "db">,
  limit = LATEST_BATCH_EXECUTIONS,
): BatchExecution[] {
  return latestBatchRuns(deps.db, limit).map((row) => ({
    id: row.id,
    job: row.job,
    status: row.status,
    startTime: new Date(row.startTime).toISOString(),
    ...(row.endTime === null ? {} : { endTime: new Date(row.endTime).toISOString() }),
  }));
}
