// The batch jobs' services: the hourly sync of every monitored user and the daily/weekly random refresh.
// Each run is recorded in batch_executions; one job never runs twice at once in the process.
import type { Database } from "bun:sqlite";
import { allEntries } from "../../shared/catalogue/index.ts";
import { spotifyForUser } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { fullResyncDue } from "../library/resync.ts";
import { syncLibrary } from "../library/sync.ts";
import { withPriority } from "../platform/pacer.ts";
import { userWork } from "../platform/user-work.ts";
import { SpotifyAuthRevokedError } from "../spotify/errors.ts";
import type { SpotifyUserApi } from "../spotify/types.ts";
import { AdaptiveConcurrency } from "./job-concurrency.ts";
import { createDistribution, MAX_ATTEMPTS, runDistribution } from "./run.ts";

export const HOURLY_JOB = "hourly-sync";
export const RANDOM_JOB = "random-refresh";
/** Users a batch run starts with at once; it adapts from there (job-concurrency.ts). */
export const BATCH_CONCURRENCY = 4;

export interface BatchOptions {
  /** the Web API per user (tests and benchmarks); stored tokens otherwise */
  apiFor?: (userId: string) => SpotifyUserApi;
  /** a fixed number of users at a time instead of the adaptive one */
  concurrency?: number;
}

export interface BatchOutcome {
  started: boolean;
  executionId?: string;
  usersProcessed: number;
  distributions: number;
  failures: number;
}

export const isBatchJobRunning = (deps: Pick<Deps, "runningBatchJobs">, job: string) =>
  deps.runningBatchJobs.has(job);

/** Runs `job` over `userIds` with bounded concurrency, recorded as one batch execution; false when running. */
async function runBatch(
  deps: Deps,
  job: string,
  userIds: () => string[],
  perUser: (userId: string, api: SpotifyUserApi) => Promise<boolean>,
  options: BatchOptions,
): Promise<BatchOutcome> {
  const running = deps.runningBatchJobs;
  if (running.has(job)) return { started: false, usersProcessed: 0, distributions: 0, failures: 0 };
  running.add(job);
  const sqlite = deps.db.$client;
  const executionId = crypto.randomUUID();
  // A run a crash interrupted never finished; it is closed as failed.
  sqlite
    .query(
      "UPDATE batch_executions SET status = 'failed', error = 'interrupted' WHERE job = ? AND status = 'running'",
    )
    .run(job);
  sqlite
    .query("INSERT INTO batch_executions (id, job, start_time, status) VALUES (?, ?, ?, 'running')")
    .run(executionId, job, deps.clock.now());
  const outcome: BatchOutcome = {
    started: true,
    executionId,
    usersProcessed: 0,
    distributions: 0,
    failures: 0,
  };
  try {
    const queue = userIds();
    const work = userWork(deps);
    const control = new AdaptiveConcurrency({
      initial: options.concurrency ?? BATCH_CONCURRENCY,
      fixed: options.concurrency !== undefined,
      pacing: () => deps.spotify.pacing(),
    });
    const turn = async (userId: string) => {
      try {
        const api = options.apiFor?.(userId) ?? spotifyForUser(deps, userId);
        // The job's calls wait behind interactive ones (a listener's own distribution goes first).
        const distributed = await withPriority("background", () =>
          work.forUser(userId, () => perUser(userId, api)),
        );
        if (distributed) outcome.distributions += 1;
      } catch (error) {
        outcome.failures += 1;
        const level = error instanceof SpotifyAuthRevokedError ? "info" : "warn";
        deps.log[level]("batch job user failed", { job, userId, error: String(error) });
      }
      outcome.usersProcessed += 1;
    };
    await new Promise<void>((resolve) => {
      let active = 0;
      const launch = () => {
        while (active < control.limit && queue.length > 0 && !work.isStopping) {
          const userId = queue.shift() as string;
          active += 1;
          void turn(userId).finally(() => {
            active -= 1;
            control.update();
            launch();
          });
        }
        if (active === 0) resolve();
      };
      launch();
    });
    finishExecution(sqlite, executionId, "finished", outcome.usersProcessed, null, deps.clock.now());
  } catch (error) {
    finishExecution(sqlite, executionId, "failed", outcome.usersProcessed, String(error), deps.clock.now());
    throw error;
  } finally {
    running.delete(job);
  }
  return outcome;
}

function finishExecution(
  sqlite: Database,
  id: string,
  status: "finished" | "failed",
  usersProcessed: number,
  error: string | null,
  now: number,
) {
  sqlite
    .query(
      "UPDATE batch_executions SET status = ?, end_time = ?, users_processed = ?, error = ? WHERE id = ?",
    )
    .run(status, now, usersProcessed, error, id);
}

export { MAX_ATTEMPTS };

/** The user's newest failed run, if it may be retried. */
function retryableRun(sqlite: Database, userId: string): { id: string; planned: boolean } | null {
  const row = sqlite
    .query<{ id: string; planned: number; attempts: number }, [string]>(
      `SELECT id, planned, attempts FROM distributions WHERE user_id = ? AND status = 'failed'
         AND created_at > coalesce((SELECT max(created_at) FROM distributions
           WHERE user_id = ?1 AND status = 'finished' AND trigger != 'deletion'), 0)
       ORDER BY created_at DESC LIMIT 1`,
    )
    .get(userId);
  if (!row || row.attempts >= MAX_ATTEMPTS) return null;
  return { id: row.id, planned: row.planned === 1 };
}

/** A sync found likes no plan has seen: this hourly run's own, or one at sign-in or for an analysis. */
const hasNewLikesPending = (sqlite: Database, userId: string) =>
  sqlite.query("SELECT 1 FROM library_syncs WHERE user_id = ? AND new_likes_pending = 1").get(userId) !==
  null;

const hasSelection = (sqlite: Database, userId: string) =>
  sqlite
    .query(
      `SELECT 1 FROM simple_preferences WHERE user_id = ?1
       UNION ALL SELECT 1 FROM combinations WHERE user_id = ?1 AND active = 1 LIMIT 1`,
    )
    .get(userId) !== null;

/**
 * Monitored users, the ones synced longest ago first, so every user gets a turn even when a run is cut short.
 */
function monitoredUsers(sqlite: Database): string[] {
  return sqlite
    .query<{ id: string }, []>(
      `SELECT u.id FROM users u LEFT JOIN library_syncs s ON s.user_id = u.id
       WHERE u.monitored = 1 ORDER BY coalesce(s.last_sync_at, 0), u.created_at`,
    )
    .all()
    .map((r) => r.id);
}

/** The hourly job: sync every monitored user's likes, then add the new ones to their playlists. */
export function runHourlySync(deps: Deps, options: BatchOptions = {}): Promise<BatchOutcome> {
  const sqlite = deps.db.$client;
  return runBatch(
    deps,
    HOURLY_JOB,
    () => monitoredUsers(sqlite),
    async (userId, api) => {
      // A first page whose total does not add up means an unlike further back: read everything now, so
      // Latest N drops the song at this run. Once a week every library is read in full anyway.
      const full = fullResyncDue(deps, userId, deps.clock.now());
      const synced = await syncLibrary(deps, api, userId, { full });
      if (synced.listingDiffers) await syncLibrary(deps, api, userId, { full: true });
      // A run that failed picks up where it stopped (and, if it had not planned yet, plans the new likes too).
      const retry = retryableRun(sqlite, userId);
      if (retry && (await runDistribution(deps, retry.id, { api, synced: true })) !== "finished") return true;
      // New likes may have been read before this run (at sign-in, for an analysis): they still wait for a plan.
      if (!hasNewLikesPending(sqlite, userId) || !hasSelection(sqlite, userId)) return retry !== null;
      const id = createDistribution(deps, userId, "hourly");
      await runDistribution(deps, id, { api, synced: true });
      return true;
    },
    options,
  );
}

/** Daily (and, on the first day of an ISO week, weekly) replacement of random playlists. */
export function runRandomRefresh(deps: Deps, options: BatchOptions = {}): Promise<BatchOutcome> {
  const sqlite = deps.db.$client;
  const randomNames = JSON.stringify(allEntries.filter((e) => e.kind.type === "random").map((e) => e.name));
  const usersWithRandom = () =>
    sqlite
      .query<{ id: string }, [string]>(
        `SELECT DISTINCT u.id FROM users u JOIN simple_preferences p ON p.user_id = u.id
         WHERE u.monitored = 1 AND u.membership_level = 'PremiumYearly'
           AND p.name IN (SELECT value FROM json_each(?))`,
      )
      .all(randomNames)
      .map((r) => r.id);
  return runBatch(
    deps,
    RANDOM_JOB,
    usersWithRandom,
    async (userId, api) => {
      const id = createDistribution(deps, userId, "random");
      await runDistribution(deps, id, { api });
      return true;
    },
    options,
  );
}

/**
 * POST /api/admin/batch/start: starts the hourly job now in the background; `jobStarted: false` while a run
 * is still going.
 */
export function startBatchJob(deps: Deps, options: BatchOptions = {}): { jobStarted: boolean } {
  if (isBatchJobRunning(deps, HOURLY_JOB)) return { jobStarted: false };
  runHourlySync(deps, options).catch((error) =>
    deps.log.error("hourly job failed", { error: String(error) }),
  );
  return { jobStarted: true };
}
