// Runs a distribution: sync the library, plan into the journal, apply the journal; failures are recorded
// (completedWork -1) and the next run of the same user resumes the journal where it stopped.
import { spotifyForUser } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { enrichLibrary } from "../library/metadata.ts";
import { countLikes, syncLibrary } from "../library/sync.ts";
import { AppError } from "../platform/errors.ts";
import { userWork } from "../platform/user-work.ts";
import { SpotifyAuthRevokedError } from "../spotify/errors.ts";
import type { SpotifyUserApi } from "../spotify/types.ts";
import { applyJournal, PLAYLISTS_AT_ONCE } from "./apply.ts";
import { recordPlan } from "./planner.ts";
import { restoreProgress } from "./progress.ts";

/** Runs that failed are retried (by the hourly job, or first by the user's next run) this often, then given up. */
export const MAX_ATTEMPTS = 24;

export type DistributionTrigger = "predefined" | "combination" | "hourly" | "random" | "deletion";

export interface RunOptions {
  /** the Web API for the user; built from their stored tokens when absent */
  api?: SpotifyUserApi;
  /** the library was synced just before (the hourly job) */
  synced?: boolean;
}

export type RunOutcome = "finished" | "failed" | "stopped";

interface DistributionRow {
  id: string;
  user_id: string;
  trigger: DistributionTrigger;
  status: "running" | "finished" | "failed";
  planned: number;
  attempts: number;
}

function loadDistribution(deps: Pick<Deps, "db">, id: string): DistributionRow | null {
  return deps.db.$client
    .query<DistributionRow, [string]>(
      "SELECT id, user_id, trigger, status, planned, attempts FROM distributions WHERE id = ?",
    )
    .get(id);
}

/** Creates a running distribution row with no entries (the planner adds them). */
export function createDistribution(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  trigger: DistributionTrigger,
  request: unknown = null,
): string {
  const id = crypto.randomUUID();
  deps.db.$client
    .query(
      `INSERT INTO distributions (id, user_id, trigger, status, request, created_at, total_number_of_liked_songs)
       VALUES (?, ?, ?, 'running', ?, ?, ?)`,
    )
    .run(id, userId, trigger, JSON.stringify(request), deps.clock.now(), countLikes(deps, userId));
  return id;
}

/** Runs (or resumes) one distribution to its end. Call it inside the user's background work. */
export async function runDistribution(
  deps: Deps,
  distributionId: string,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const row = loadDistribution(deps, distributionId);
  if (!row || row.status === "finished") return "finished";
  const sqlite = deps.db.$client;
  const work = userWork(deps);
  sqlite
    .query("UPDATE distributions SET status = 'running', attempts = attempts + 1, error = NULL WHERE id = ?")
    .run(distributionId);
  restoreProgress(sqlite, distributionId);
  try {
    const api = options.api ?? spotifyForUser(deps, row.user_id);
    const earlier = await resumeEarlierJournals(
      deps,
      api,
      row.user_id,
      distributionId,
      () => work.isStopping,
    );
    if (earlier === "stopped") return "stopped";
    if (!row.planned) {
      if (!options.synced) await syncLibrary(deps, api, row.user_id);
      await enrichLibrary(deps, api, row.user_id);
      sqlite
        .query("UPDATE distributions SET total_number_of_liked_songs = ? WHERE id = ?")
        .run(countLikes(deps, row.user_id), distributionId);
      recordPlan(deps, distributionId, row.user_id);
    }
    const outcome = await applyJournal(
      deps,
      api,
      distributionId,
      () => work.isStopping,
      PLAYLISTS_AT_ONCE,
      row.attempts > 0,
    );
    if (outcome === "stopped") return "stopped";
    finishDistribution(deps, distributionId);
    return "finished";
  } catch (error) {
    failDistribution(deps, distributionId, error);
    return "failed";
  }
}

/** Earlier distributions of the user that failed midway are completed first, so planning sees their songs. */
async function resumeEarlierJournals(
  deps: Deps,
  api: SpotifyUserApi,
  userId: string,
  currentId: string,
  shouldStop: () => boolean,
): Promise<"done" | "stopped"> {
  const sqlite = deps.db.$client;
  const unfinished = sqlite
    .query<{ id: string; attempts: number }, [string, string]>(
      `SELECT DISTINCT d.id, d.attempts FROM distributions d JOIN journal_steps s ON s.distribution_id = d.id
       WHERE d.user_id = ? AND d.id != ? AND d.status != 'finished' AND s.status NOT IN ('done', 'failed')
       ORDER BY d.created_at`,
    )
    .all(userId, currentId);
  for (const { id, attempts } of unfinished) {
    if (attempts >= MAX_ATTEMPTS) {
      abandonJournal(deps, id, attempts);
      continue;
    }
    restoreProgress(sqlite, id);
    sqlite
      .query(
        "UPDATE distributions SET status = 'running', attempts = attempts + 1, error = NULL WHERE id = ?",
      )
      .run(id);
    try {
      const outcome = await applyJournal(deps, api, id, shouldStop, PLAYLISTS_AT_ONCE, true);
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
  const sqlite = deps.db.$client;
  sqlite.transaction(() => {
    sqlite
      .query(
        `UPDATE journal_steps SET status = 'failed', result = ?, updated_at = ?
         WHERE distribution_id = ? AND status NOT IN ('done', 'failed')`,
      )
      .run(reason, deps.clock.now(), distributionId);
    sqlite
      .query(
        "UPDATE distributions SET status = 'failed', finished_at = coalesce(finished_at, ?) WHERE id = ?",
      )
      .run(deps.clock.now(), distributionId);
  })();
  deps.log.warn("distribution given up", { distributionId, attempts });
}

export function finishDistribution(deps: Pick<Deps, "db" | "clock">, distributionId: string): void {
  const sqlite = deps.db.$client;
  sqlite.transaction(() => {
    sqlite
      .query("UPDATE distributions SET status = 'finished', finished_at = ?, error = NULL WHERE id = ?")
      .run(deps.clock.now(), distributionId);
    sqlite
      .query("UPDATE distribution_entries SET completed_work = total_work WHERE distribution_id = ?")
      .run(distributionId);
  })();
}

export function failDistribution(
  deps: Pick<Deps, "db" | "clock" | "log"> & Partial<Pick<Deps, "metrics">>,
  distributionId: string,
  error: unknown,
): void {
  const sqlite = deps.db.$client;
  const message = error instanceof Error ? error.message : String(error);
  sqlite.transaction(() => {
    sqlite
      .query("UPDATE distributions SET status = 'failed', finished_at = ?, error = ? WHERE id = ?")
      .run(deps.clock.now(), message.slice(0, 500), distributionId);
    sqlite
      .query("UPDATE distribution_entries SET completed_work = -1 WHERE distribution_id = ?")
      .run(distributionId);
  })();
  deps.metrics?.distributionFailed();
  if (error instanceof SpotifyAuthRevokedError || error instanceof AppError) {
    deps.log.info("distribution stopped", { distributionId, reason: message });
  } else deps.log.warn("distribution failed", { distributionId, error: message });
}

/** Start-up recovery: every distribution a crash left "running" is resumed in the background. */
export function resumeInterruptedDistributions(deps: Deps): number {
  const rows = deps.db.$client
    .query<{ id: string; user_id: string }, []>(
      "SELECT id, user_id FROM distributions WHERE status = 'running' ORDER BY created_at",
    )
    .all();
  const work = userWork(deps);
  for (const row of rows) {
    work.spawn(row.user_id, "resume distribution", () => runDistribution(deps, row.id));
  }
  return rows.length;
}
