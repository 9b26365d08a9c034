// Runs a distribution: sync the library, plan into the journal, apply the journal; failures are recorded
// (completedWork -1) and the next run of the same user resumes the journal where it stopped.
import { hasCombinationAccess } from "../../../shared/membership.ts";
import { transaction } from "../../db/transaction.ts";
import type { Deps } from "../../deps/deps.ts";
import { enrichLibrary } from "../../library/metadata.ts";
import { readSourcePlaylists } from "../../library/source-playlists.ts";
import { countLikes, syncLibrary } from "../../library/sync.ts";
import { AppError } from "../../platform/errors.ts";
import { SpotifyAuthRevokedError } from "../../spotify/errors.ts";
import type { SpotifyUserApi } from "../../spotify/types.ts";
import { type SpotifyWork, workOf } from "../../spotify/work.ts";
import { namedSourcePlaylists } from "../combinations/stored-criteria.ts";
import { applyJournal } from "../journal/apply.ts";
import { restoreProgress } from "../journal/progress.ts";
import { failOpenSteps } from "../repository/journal.ts";
import {
  type DistributionTrigger,
  findDistribution,
  insertDistribution,
  markAbandoned,
  markFinished,
  markRunFailed,
  runningDistributions,
  setLikeCount,
  startAttempt,
  unfinishedJournalsOf,
} from "../repository/runs.ts";
import { loadUserFacts } from "./plan-inputs.ts";
import { recordPlan } from "./record-plan.ts";

/** Runs that failed are retried (by the hourly job, or first by the user's next run) this often, then given up. */
export const MAX_ATTEMPTS = 24;

export type { DistributionTrigger } from "../repository/runs.ts";

export interface RunOptions {
  /** the Web API for the user; built from their stored tokens when absent */
  api?: SpotifyUserApi;
  /** the library was synced just before (the hourly job) */
  synced?: boolean;
  /** what the run's calls are for when it builds its own API (default: a listener's distribution) */
  work?: SpotifyWork;
  /** the run planned again after one that found the listener's own edits (never followed itself) */
  followUp?: boolean;
}

export type RunOutcome = "finished" | "failed" | "stopped";

/** Creates a running distribution row with no entries (the planner adds them). */
export function createDistribution(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  trigger: DistributionTrigger,
  request: unknown = null,
): string {
  const id = crypto.randomUUID();
  insertDistribution(deps.db, {
    id,
    userId,
    trigger,
    request,
    createdAt: deps.clock.now(),
    likes: countLikes(deps, userId),
  });
  return id;
}

/** Runs (or resumes) one distribution to its end. Call it inside the user's background work. */
export async function runDistribution(
  deps: Deps,
  distributionId: string,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const row = findDistribution(deps.db, distributionId);
  if (!row || row.status === "finished") return "finished";
  const work = deps.work;
  startAttempt(deps.db, distributionId);
  restoreProgress(deps.db, distributionId);
  try {
    const api = options.api ?? deps.spotifyFor(row.userId, options.work ?? workOf("distribution"));
    const earlier = await resumeEarlierJournals(deps, api, row.userId, distributionId, () => work.isStopping);
    if (earlier === "stopped") return "stopped";
    if (!row.planned) {
      if (!options.synced) await syncLibrary(deps, api, row.userId);
      await enrichLibrary(deps, api, row.userId);
      await readRuleSources(deps, api, row.userId);
      setLikeCount(deps.db, distributionId, countLikes(deps, row.userId));
      recordPlan(deps, distributionId, row.userId);
    }
    const report = { replanFollows: options.followUp !== true, presenceChanged: false };
    const stop = () => work.isStopping;
    const outcome = await applyJournal(deps, api, distributionId, stop, row.attempts > 0, report);
    if (outcome === "stopped") return "stopped";
    finishDistribution(deps, distributionId);
    // Songs the listener removed take no place (the next ones do, under a limit) and a song added back takes its
    // place again: planned once more at once, from the library as it is (no second read of the likes), with the
    // removals this run left to it.
    if (report.presenceChanged && report.replanFollows) {
      const next = createDistribution(deps, row.userId, "hourly");
      await runDistribution(deps, next, { ...options, api, synced: true, followUp: true });
    }
    return "finished";
  } catch (error) {
    failDistribution(deps, distributionId, error);
    return "failed";
  }
}

/**
 * The listener's own playlists their rules name (`inPlaylist`), read again where Spotify's snapshot moved: one call
 * per named playlist, none for a listener whose rules name none.
 */
async function readRuleSources(deps: Deps, api: SpotifyUserApi, userId: string): Promise<void> {
  const level = loadUserFacts(deps.db, userId)?.membershipLevel;
  const named = level && hasCombinationAccess(level) ? namedSourcePlaylists(deps.db, userId) : [];
  await readSourcePlaylists(deps, api, userId, named);
}

/** Earlier distributions of the user that failed midway are completed first, so planning sees their songs. */
async function resumeEarlierJournals(
  deps: Deps,
  api: SpotifyUserApi,
  userId: string,
  currentId: string,
  shouldStop: () => boolean,
): Promise<"done" | "stopped"> {
  const unfinished = unfinishedJournalsOf(deps.db, userId, currentId);
  for (const { id, attempts } of unfinished) {
    if (attempts >= MAX_ATTEMPTS) {
      abandonJournal(deps, id, attempts);
      continue;
    }
    restoreProgress(deps.db, id);
    startAttempt(deps.db, id);
    try {
      const outcome = await applyJournal(deps, api, id, shouldStop, true);
      if (outcome === "stopped") return "stopped";
    } catch (error) {
      failDistribution(deps, id, error);
      throw error;
    }
    finishDistribution(deps, id);
  }
  return "done";
}

/**
 * A journal that failed MAX_ATTEMPTS times is given up like the hourly job gives up a run: its open steps are
 * marked failed with the reason, so it never blocks the user's later runs (they plan its songs again).
 */
function abandonJournal(deps: Pick<Deps, "db" | "clock" | "log">, distributionId: string, attempts: number) {
  const reason = `given up after ${attempts} attempts`;
  transaction(deps.db, () => {
    failOpenSteps(deps.db, distributionId, reason, deps.clock.now());
    markAbandoned(deps.db, distributionId, deps.clock.now());
  });
  deps.log.warn("distribution given up", { distributionId, attempts });
}

export function finishDistribution(deps: Pick<Deps, "db" | "clock">, distributionId: string): void {
  transaction(deps.db, () => markFinished(deps.db, distributionId, deps.clock.now()));
}

export function failDistribution(
  deps: Pick<Deps, "db" | "clock" | "log"> & Partial<Pick<Deps, "metrics">>,
  distributionId: string,
  error: unknown,
): void {
  const message = error instanceof Error ? error.message : String(error);
  transaction(deps.db, () => markRunFailed(deps.db, distributionId, deps.clock.now(), message.slice(0, 500)));
  deps.metrics?.distributionFailed();
  if (error instanceof SpotifyAuthRevokedError || error instanceof AppError) {
    deps.log.info("distribution stopped", { distributionId, reason: message });
  } else deps.log.warn("distribution failed", { distributionId, error: message });
}

/** Start-up recovery: every distribution a crash left "running" is resumed in the background. */
export function resumeInterruptedDistributions(deps: Deps): number {
  const rows = runningDistributions(deps.db);
  const work = deps.work;
  for (const row of rows) {
    work.spawn(row.userId, "resume distribution", () => runDistribution(deps, row.id));
  }
  return rows.length;
}
