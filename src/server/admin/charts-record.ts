// What the scheduled jobs leave for the admin charts: one job_runs row per run (one insert when it ends).

import { eq, sql } from "drizzle-orm";
import { jobRuns, librarySyncs, users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { HOURLY_JOB } from "../distribution/batch/batch-jobs.ts";

type RecordDeps = Pick<Deps, "db" | "clock">;

/**
 * The longest any monitored listener has waited for a look at their likes (since their last library sync, or
 * their sign-up when never synced): about an hour while the hourly promise holds. Null without listeners.
 */
export function longestListenerWaitMs(deps: RecordDeps, now: number): number | null {
  const row = deps.db
    .select({ oldest: sql<number | null>`min(coalesce(${librarySyncs.lastSyncAt}, ${users.createdAt}))` })
    .from(users)
    .leftJoin(librarySyncs, eq(librarySyncs.userId, users.id))
    .where(eq(users.monitored, true))
    .get();
  return row?.oldest == null ? null : Math.max(0, now - row.oldest);
}

/** Notes a job run's start (and, for the hourly sync, the listeners' wait); the returned function records it. */
export function beginJobRun(
  deps: RecordDeps,
  job: string,
): (outcome: "success" | "failure", durationMs: number) => void {
  const startedAt = deps.clock.now();
  const lagMs = job === HOURLY_JOB ? longestListenerWaitMs(deps, startedAt) : null;
  return (outcome, durationMs) => {
    deps.db
      .insert(jobRuns)
      .values({ job, startedAt, durationMs: Math.round(durationMs), lagMs, outcome })
      .run();
  };
}
