// GET /api/admin/statistics: sign-ups, premium influx, users per day, monitored users and the latest batch runs.
//
// Windows (all UTC days): the charts cover the last 30 days including today.
// - userInflux: new accounts per day, from daily_signups (counted at creation, so later deletions still count).
// - premiumInflux: users who became PremiumYearly that day (membership events to PremiumYearly, any source).
// - numberOfUsersPerDay: accounts existing now that had been created by the end of that day.
// - numberOfUsersLastDay: accounts created in the 24 hours before now.
import type { AdminStatistics, BatchExecution, DayCounts } from "../../shared/schemas/admin.ts";
import { utcDay } from "../auth/signup.ts";
import type { Deps } from "../deps.ts";
import { usersBehindHourly } from "../metrics/lag.ts";

export const STATISTICS_WINDOW_DAYS = 30;
export const LATEST_BATCH_EXECUTIONS = 10;
const DAY_MS = 86_400_000;

type StatisticsDeps = Pick<Deps, "db" | "clock">;

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
  const sqlite = deps.db.$client;
  const now = deps.clock.now();
  const window = emptyWindow(now);
  const firstDay = Object.keys(window)[0] ?? utcDay(now);
  const windowStart = startOfUtcDay(now) - (STATISTICS_WINDOW_DAYS - 1) * DAY_MS;

  const signups = sqlite
    .query<{ day: string; n: number }, [string]>("SELECT day, count AS n FROM daily_signups WHERE day >= ?")
    .all(firstDay);

  const premium = sqlite
    .query<{ day: string; n: number }, [number]>(
      `SELECT strftime('%Y-%m-%d', effective_date / 1000, 'unixepoch') AS day, COUNT(DISTINCT user_id) AS n
       FROM membership_events WHERE membership_level = 'PremiumYearly' AND effective_date >= ? GROUP BY day`,
    )
    .all(windowStart);

  const before =
    sqlite
      .query<{ n: number }, [number]>("SELECT COUNT(*) AS n FROM users WHERE created_at < ?")
      .get(windowStart)?.n ?? 0;
  const createdPerDay = sqlite
    .query<{ day: string; n: number }, [number]>(
      `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, COUNT(*) AS n
       FROM users WHERE created_at >= ? GROUP BY day`,
    )
    .all(windowStart);
  const created = fill(window, createdPerDay);
  const numberOfUsersPerDay: DayCounts = {};
  let total = before;
  for (const day of Object.keys(window)) {
    total += created[day] ?? 0;
    numberOfUsersPerDay[day] = total;
  }

  const monitored =
    sqlite.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM users WHERE monitored = 1").get()?.n ?? 0;
  const lastDay =
    sqlite
      .query<{ n: number }, [number]>("SELECT COUNT(*) AS n FROM users WHERE created_at > ?")
      .get(now - DAY_MS)?.n ?? 0;

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
    enabledStatisticsUserIds: sqlite
      .query<{ user_id: string }, []>("SELECT user_id FROM statistics_users ORDER BY enabled_at, user_id")
      .all()
      .map((row) => row.user_id),
  };
}

export function latestBatchExecutions(
  deps: Pick<Deps, "db">,
  limit = LATEST_BATCH_EXECUTIONS,
): BatchExecution[] {
  return deps.db.$client
    .query<
      {
        id: string;
        job: string;
        status: BatchExecution["status"];
        start_time: number;
        end_time: number | null;
      },
      [number]
    >(
      `SELECT id, job, status, start_time, end_time FROM batch_executions
       ORDER BY start_time DESC, rowid DESC LIMIT ?`,
    )
    .all(limit)
    .map((row) => ({
      id: row.id,
      job: row.job,
      status: row.status,
      startTime: new Date(row.start_time).toISOString(),
      ...(row.end_time === null ? {} : { endTime: new Date(row.end_time).toISOString() }),
    }));
}
