// When Crate last read the listener's liked songs, and whether the last update of their playlists failed
// and what happens next. Read from what the sync, the runs and the hourly job record; no Spotify call.
import {
  hourlyUpdateMinutes,
  type LastRunFailure,
  type LibraryStatus,
} from "../../shared/playlist-overview.ts";
import type { Deps } from "../deps/deps.ts";
import { HOURLY_JOB, MAX_ATTEMPTS } from "../distribution/batch/batch-jobs.ts";
import { latestEndedBatchRun, latestSettledRun, userSyncState } from "./parts-repository.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function libraryStatus(deps: Pick<Deps, "db">, userId: string): LibraryStatus {
  const user = userSyncState(deps.db, userId);
  const lastSyncAt = user?.lastSyncAt ?? null;
  const monitored = user?.monitored === true;
  const failures: { at: number; next: LastRunFailure["next"] }[] = [];

  // A run that failed and has not been followed by a finished one: the hourly job resumes it.
  const run = latestSettledRun(deps.db, userId);
  if (run?.status === "failed") {
    const next = !monitored ? "signIn" : run.attempts >= MAX_ATTEMPTS ? "stopped" : "retried";
    failures.push({ at: run.finishedAt ?? run.createdAt, next });
  }

  // The hourly job reads every monitored listener's likes: a run that ended after it started without this
  // listener's likes being read failed for them before any playlist was written.
  const job = latestEndedBatchRun(deps.db, HOURLY_JOB);
  if (user && job && user.createdAt < job.startTime && lastSyncAt !== null && lastSyncAt < job.startTime) {
    failures.push({ at: job.endTime, next: monitored ? "retried" : "signIn" });
  }
  const latest = failures.sort((a, b) => b.at - a.at)[0];
  return {
    lastSyncedAt: lastSyncAt === null ? null : iso(lastSyncAt),
    nextUpdateWithinMinutes: hourlyUpdateMinutes,
    lastRunFailure: latest ? { at: iso(latest.at), next: latest.next } : null,
  };
}
