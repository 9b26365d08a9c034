// When Crate last read the listener's liked songs, and whether the last update of their playlists failed
// and what happens next. Read from what the sync, the runs and the hourly job record; no Spotify call.
import {
  hourlyUpdateMinutes,
  type LastRunFailure,
  type LibraryStatus,
} from "../../shared/playlist-overview.ts";
import type { Deps } from "../deps.ts";
import { HOURLY_JOB, MAX_ATTEMPTS } from "../distribution/batch.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function libraryStatus(deps: Pick<Deps, "db">, userId: string): LibraryStatus {
  const sqlite = deps.db.$client;
  const user = sqlite
    .query<{ monitored: number; created_at: number; last_sync_at: number | null }, [string]>(
      `SELECT u.monitored, u.created_at, s.last_sync_at FROM users u
       LEFT JOIN library_syncs s ON s.user_id = u.id WHERE u.id = ?`,
    )
    .get(userId);
  const lastSyncAt = user?.last_sync_at ?? null;
  const monitored = user?.monitored === 1;
  const failures: { at: number; next: LastRunFailure["next"] }[] = [];

  // A run that failed and has not been followed by a finished one: the hourly job resumes it.
  const run = sqlite
    .query<{ status: string; finished_at: number | null; created_at: number; attempts: number }, [string]>(
      `SELECT status, finished_at, created_at, attempts FROM distributions
       WHERE user_id = ? AND trigger != 'deletion' AND status != 'running'
       ORDER BY coalesce(finished_at, created_at) DESC LIMIT 1`,
    )
    .get(userId);
  if (run?.status === "failed") {
    const next = !monitored ? "signIn" : run.attempts >= MAX_ATTEMPTS ? "stopped" : "retried";
    failures.push({ at: run.finished_at ?? run.created_at, next });
  }

  // The hourly job reads every monitored listener's likes: a run that ended after it started without this
  // listener's likes being read failed for them before any playlist was written.
  const job = sqlite
    .query<{ start_time: number; end_time: number }, [string]>(
      `SELECT start_time, end_time FROM batch_executions
       WHERE job = ? AND end_time IS NOT NULL ORDER BY start_time DESC LIMIT 1`,
    )
    .get(HOURLY_JOB);
  if (user && job && user.created_at < job.start_time && lastSyncAt !== null && lastSyncAt < job.start_time) {
    failures.push({ at: job.end_time, next: monitored ? "retried" : "signIn" });
  }
  const latest = failures.sort((a, b) => b.at - a.at)[0];
  return {
    lastSyncedAt: lastSyncAt === null ? null : iso(lastSyncAt),
    nextUpdateWithinMinutes: hourlyUpdateMinutes,
    lastRunFailure: latest ? { at: iso(latest.at), next: latest.next } : null,
  };
}
