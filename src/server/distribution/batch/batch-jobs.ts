// The batch jobs' services: the hourly sync of every monitored user and the daily/weekly random refresh.
// Each run is recorded in batch_executions; one job never runs twice at once in the process.
import { allEntries } from "../../../shared/catalogue/index.ts";
import { workLimits } from "../../../shared/work-limits.ts";
import type { Db } from "../../db/client.ts";
import type { Deps } from "../../deps/deps.ts";
import { fullResyncDue } from "../../library/resync.ts";
import { syncLibrary } from "../../library/sync.ts";
import { BatchTurns } from "../../platform/batch-turns.ts";
import { WorkDroppedError } from "../../platform/user-work.ts";
import { SpotifyAuthRevokedError } from "../../spotify/errors.ts";
import type { SpotifyUserApi } from "../../spotify/types.ts";
import type { SpotifyWork } from "../../spotify/work.ts";
import { rulesChangeWithoutLikes } from "../combinations/stored-criteria.ts";
import { finishExecution, startExecution } from "../repository/batch-executions.ts";
import {
  hasNewLikesPending,
  hasSelection,
  monitoredPremiumUsersWith,
  monitoredUsersBySyncAge,
} from "../repository/listeners.ts";
import { newestFailedRun } from "../repository/runs.ts";
import { createDistribution, MAX_ATTEMPTS, runDistribution } from "../runs/run.ts";
import { updateAccessReminders } from "./access-reminders.ts";
import { backgroundBudgetAllows, hourlyListeners, hourlyRunHeld } from "./hourly-gate.ts";
import { AdaptiveConcurrency } from "./job-concurrency.ts";

export const HOURLY_JOB = "hourly-sync";
export const RANDOM_JOB = "random-refresh";
/** Users a batch run starts with at once; it adapts from there (job-concurrency.ts). */
export const BATCH_CONCURRENCY = 4;

export interface BatchOutcome {
  started: boolean;
  executionId?: string;
  usersProcessed: number;
  distributions: number;
  failures: number;
  /** listeners whose own work still held their queue at the end of the run: served by the next run */
  deferred?: number;
}

export const isBatchJobRunning = (deps: Pick<Deps, "runningBatchJobs">, job: string) =>
  deps.runningBatchJobs.has(job);

/**
 * Runs `job` over `userIds` with bounded concurrency, recorded as one batch execution; false when running. Each
 * listener's turn gets an API made for the job's `kind` of calls: they queue behind listeners' own calls, and each
 * answer is handled in a turn of the event loop of its own, so requests go between the job's steps (batch-turns.ts).
 */
async function runBatch(
  deps: Deps,
  job: string,
  kind: SpotifyWork["kind"],
  userIds: () => string[],
  perUser: (userId: string, api: SpotifyUserApi, work: SpotifyWork) => Promise<boolean>,
): Promise<BatchOutcome> {
  const running = deps.runningBatchJobs;
  if (running.has(job)) return { started: false, usersProcessed: 0, distributions: 0, failures: 0 };
  running.add(job);
  const executionId = crypto.randomUUID();
  // A run a crash interrupted never finished; it is closed as failed.
  startExecution(deps.db, executionId, job, deps.clock.now());
  const outcome: BatchOutcome = {
    started: true,
    executionId,
    usersProcessed: 0,
    distributions: 0,
    failures: 0,
  };
  const turns = new BatchTurns();
  const calls: SpotifyWork = { kind, awaitTurn: turns.next };
  try {
    const queue = userIds();
    const work = deps.work;
    const fixedConcurrency = deps.config.jobConcurrency;
    const control = new AdaptiveConcurrency({
      initial: fixedConcurrency ?? BATCH_CONCURRENCY,
      fixed: fixedConcurrency !== null,
      pacing: () => deps.spotify.pacing(),
    });
    // Turns still waiting behind a listener's own work when their slice ended: the run comes back for them.
    const deferred: { userId: string; started: Promise<void>; counted: Promise<void> }[] = [];
    const turn = async (userId: string) => {
      await turns.next();
      const api = deps.spotifyFor(userId, calls);
      // The job's calls wait behind interactive ones (a listener's own distribution goes first); its turn is
      // one piece in the listener's bounded queue, never refused.
      let began = () => {};
      const started = new Promise<void>((resolve) => {
        began = resolve;
      });
      const ownTurn = () => {
        began();
        return perUser(userId, api, calls);
      };
      const done = work.forUser(userId, ownTurn, { name: job, key: job, unbounded: true }).then(
        (distributed) => {
          if (distributed) outcome.distributions += 1;
          return true;
        },
        (error) => {
          // Taken back at the end of the run (or at shutdown): neither served nor failed.
          if (error instanceof WorkDroppedError) return false;
          outcome.failures += 1;
          const level = error instanceof SpotifyAuthRevokedError ? "info" : "warn";
          deps.log[level]("batch job user failed", { job, userId, error: String(error) });
          return true;
        },
      );
      const counted = done.then((served) => {
        if (served) outcome.usersProcessed += 1;
      });
      // A listener whose own work holds their queue gets a slice of the run's time, not all of it: the run moves
      // on and waits for their turn at its end. A turn that started is waited for (the concurrency counts it).
      if (await settlesWithin(Promise.race([started, counted]), workLimits.batchSliceMs)) await counted;
      else deferred.push({ userId, started, counted });
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
    // Back for the deferred turns: each gets a last moment to start; one still held by the listener's own work
    // is taken back and left to the next run, so no listener's queue holds the run.
    await Promise.all(
      deferred.map(async ({ userId, started, counted }) => {
        const began = await settlesWithin(Promise.race([started, counted]), workLimits.batchComebackMs);
        if (!began && work.withdraw(userId, job)) {
          outcome.deferred = (outcome.deferred ?? 0) + 1;
          deps.log.info("batch job user deferred to the next run", { job, userId });
        }
        await counted;
      }),
    );
    finishExecution(
      deps.db,
      executionId,
      { status: "finished", usersProcessed: outcome.usersProcessed, error: null },
      deps.clock.now(),
    );
  } catch (error) {
    finishExecution(
      deps.db,
      executionId,
      { status: "failed", usersProcessed: outcome.usersProcessed, error: String(error) },
      deps.clock.now(),
    );
    throw error;
  } finally {
    running.delete(job);
  }
  return outcome;
}

export { MAX_ATTEMPTS };

/** True when `work` settled within `ms`; the timer is cleared either way. */
async function settlesWithin(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The user's newest failed run, if it may be retried. */
function retryableRun(db: Db, userId: string): { id: string; planned: boolean } | null {
  const row = newestFailedRun(db, userId);
  if (!row || row.attempts >= MAX_ATTEMPTS) return null;
  return { id: row.id, planned: row.planned };
}

/** The hourly job: sync every monitored user's likes, then add the new ones to their playlists. */
export async function runHourlySync(deps: Deps): Promise<BatchOutcome> {
  const { db } = deps;
  if (hourlyRunHeld(deps)) return { started: false, usersProcessed: 0, distributions: 0, failures: 0 };
  return hourlyBatch(deps, db);
}

function hourlyBatch(deps: Deps, db: Db): Promise<BatchOutcome> {
  return runBatch(
    deps,
    HOURLY_JOB,
    "hourly",
    () => hourlyListeners(deps, monitoredUsersBySyncAge(db)),
    async (userId, api, calls) => {
      if (!backgroundBudgetAllows(deps, "hourly")) return false;
      // In a grant's last 14 days its end is named in every managed playlist; after a new sign-in, no more.
      await updateAccessReminders(deps, deps.spotifyFor(userId, { ...calls, kind: "reminder" }), userId);
      // A first page whose total does not add up means an unlike further back: read everything now, so
      // Latest N drops the song at this run. Once a week every library is read in full anyway.
      const full = fullResyncDue(deps, userId, deps.clock.now());
      const synced = await syncLibrary(deps, api, userId, { full });
      if (synced.listingDiffers) await syncLibrary(deps, api, userId, { full: true });
      // A run that failed picks up where it stopped (and, if it had not planned yet, plans the new likes too).
      const retry = retryableRun(db, userId);
      if (retry && (await runDistribution(deps, retry.id, { api, synced: true })) !== "finished") return true;
      // New likes may have been read before this run (at sign-in, for an analysis): they still wait for a plan.
      // Rules that change with time or with the listener's own playlists are planned even without new likes.
      const due = hasNewLikesPending(db, userId) || rulesChangeWithoutLikes(db, userId);
      if (!due || !hasSelection(db, userId)) return retry !== null;
      const id = createDistribution(deps, userId, "hourly");
      await runDistribution(deps, id, { api, synced: true });
      return true;
    },
  );
}

/** Daily (and, on the first day of an ISO week, weekly) replacement of random playlists. */
export function runRandomRefresh(deps: Deps): Promise<BatchOutcome> {
  const randomNames = allEntries.filter((e) => e.rule.sample !== null).map((e) => e.name);
  const usersWithRandom = () => monitoredPremiumUsersWith(deps.db, randomNames);
  return runBatch(deps, RANDOM_JOB, "random", usersWithRandom, async (userId, api) => {
    if (!backgroundBudgetAllows(deps, "random")) return false;
    const id = createDistribution(deps, userId, "random");
    await runDistribution(deps, id, { api });
    return true;
  });
}

/**
 * POST /api/admin/batch/start: starts the hourly job now in the background; `jobStarted: false` while a run
 * is still going.
 */
export function startBatchJob(deps: Deps): { jobStarted: boolean } {
  if (isBatchJobRunning(deps, HOURLY_JOB)) return { jobStarted: false };
  runHourlySync(deps).catch((error) => deps.log.error("hourly job failed", { error: String(error) }));
  return { jobStarted: true };
}
