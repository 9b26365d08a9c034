// The distribution calls: distribute the predefined selection, read progress, delete a predefined playlist.
import { entryByName } from "../../shared/catalogue/index.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import { hasUnlimitedPlaylists, type MembershipLevel } from "../../shared/membership.ts";
import type {
  DeletePredefinedResponse,
  DistributeHistoricallyInput,
  DistributeHistoricallyResponse,
  DistributionProgress,
  ProgressEntry,
} from "../../shared/schemas/distribution.ts";
import { assertMayCreate } from "../auth/signup.ts";
import type { Deps } from "../deps.ts";
import { AppError, notFound } from "../errors.ts";
import { consideredLimit } from "../library/considered.ts";
import { signInSyncSettled } from "../library/service.ts";
import { countLikes } from "../library/sync.ts";
import { userWork } from "./background.ts";
import { kindOfEntry } from "./kinds.ts";
import { setEntryTotal } from "./planner.ts";
import { createDistribution, runDistribution } from "./run.ts";
import { isThrottled, recordThrottle, throttleKeys } from "./throttles.ts";

export interface Caller {
  userId: string;
  membershipLevel: MembershipLevel;
}

/** Whole-library runs the user started (18 while one runs). */
const WHOLE_LIBRARY = "('predefined', 'combination')";

function runningCount(deps: Pick<Deps, "db">, userId: string, triggers: string): number {
  return (
    deps.db.$client
      .query<{ n: number }, [string]>(
        `SELECT count(*) AS n FROM distributions WHERE user_id = ? AND status = 'running' AND trigger IN ${triggers}`,
      )
      .get(userId)?.n ?? 0
  );
}

export const isDeletionRunning = (deps: Pick<Deps, "db">, userId: string) =>
  runningCount(deps, userId, "('deletion')") > 0;
export const isWholeLibraryDistributionRunning = (deps: Pick<Deps, "db">, userId: string) =>
  runningCount(deps, userId, WHOLE_LIBRARY) > 0;
export const isAnalysisRunning = (deps: Pick<Deps, "db">, userId: string) =>
  (deps.db.$client
    .query<{ n: number }, [string]>(
      "SELECT count(*) AS n FROM analyses WHERE user_id = ? AND status IN ('running', 'cancelling')",
    )
    .get(userId)?.n ?? 0) > 0;

/** The checks every distribution request passes, in this order: 21, 34, 37, 18. */
export function assertMayDistribute(deps: Pick<Deps, "db" | "clock">, userId: string): void {
  assertMayCreate(deps, userId);
  if (isDeletionRunning(deps, userId)) throw new AppError(ErrorCode.PlaylistDeletionOngoing);
  if (isAnalysisRunning(deps, userId)) throw new AppError(ErrorCode.AnalysisOngoing);
  if (isWholeLibraryDistributionRunning(deps, userId))
    throw new AppError(ErrorCode.WholeLibraryDistributionOngoing);
}

/** Validates the complete new selection: known names (9), premium-only (30), caps (30 for free, 35). */
function validateSelection(level: MembershipLevel, names: readonly string[]): string[] {
  const canonical = new Set<string>();
  for (const raw of names) {
    const entry = entryByName(raw);
    if (!entry) throw new AppError(ErrorCode.TypeDoesNotExist);
    canonical.add(entry.name);
  }
  const premium = level === "PremiumYearly";
  for (const name of canonical) {
    if (!premium && entryByName(name)?.premiumOnly) throw new AppError(ErrorCode.FeatureNotAvailable);
  }
  if (hasUnlimitedPlaylists(level)) {
    if (canonical.size > limits.premiumPlaylists) throw new AppError(ErrorCode.TooManyPreferencesPremium);
  } else if (canonical.size > limits.freePlaylists) throw new AppError(ErrorCode.FeatureNotAvailable);
  return [...canonical];
}

/**
 * POST /api/distributor/distribute-historically: saves the complete new selection (deselected entries stop
 * being updated) and starts a distribution in the background; answers with its progress id and the liked-song
 * count, after the sign-in sync (when one is still reading the library) has stored every like.
 */
export async function distributeHistorically(
  deps: Deps,
  caller: Caller,
  input: DistributeHistoricallyInput,
): Promise<DistributeHistoricallyResponse> {
  const names = validateSelection(caller.membershipLevel, input.playlistPreferences);
  await signInSyncSettled(deps, caller.userId);
  const sqlite = deps.db.$client;
  const now = deps.clock.now();
  const { id, totalNumberOfLikedSongs } = sqlite.transaction(() => {
    assertMayDistribute(deps, caller.userId);
    const throttleKey = throttleKeys.distribution(caller.userId);
    if (isThrottled(deps.db, throttleKey, limits.distributionThrottleMs, now)) {
      throw new AppError(ErrorCode.DistributionNotYetPermitted);
    }
    recordThrottle(deps.db, throttleKey, now);
    saveSelection(deps, caller.userId, names, now);
    const distributionId = createDistribution(deps, caller.userId, "predefined", {
      playlistPreferences: names,
    });
    const likes = countLikes(deps, caller.userId);
    const limit = consideredLimit(caller.membershipLevel);
    setEntryTotal(deps, distributionId, "Standard", limit === null ? likes : Math.min(likes, limit));
    const entries = names.map((name) => entryByName(name));
    if (entries.some((entry) => entry && kindOfEntry(entry).type === "random")) {
      setEntryTotal(deps, distributionId, "Randomized", 0);
    }
    return { id: distributionId, totalNumberOfLikedSongs: likes };
  })();
  userWork(deps).spawn(caller.userId, "distribution", () => runDistribution(deps, id));
  return { distributionProgressId: id, totalNumberOfLikedSongs };
}

/** Replaces the user's predefined selection; entries kept keep the date they were first selected. */
function saveSelection(deps: Pick<Deps, "db">, userId: string, names: readonly string[], now: number): void {
  const sqlite = deps.db.$client;
  const keep = new Set(names);
  const current = sqlite
    .query<{ name: string }, [string]>("SELECT name FROM simple_preferences WHERE user_id = ?")
    .all(userId);
  const remove = sqlite.query("DELETE FROM simple_preferences WHERE user_id = ? AND name = ?");
  for (const { name } of current) if (!keep.has(name)) remove.run(userId, name);
  const insert = sqlite.query(
    "INSERT INTO simple_preferences (user_id, name, selected_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
  );
  for (const name of names) insert.run(userId, name, now);
}

interface ProgressRow {
  status: string;
  total_number_of_liked_songs: number | null;
  created_playlist_names: string | null;
  distributionType: ProgressEntry["distributionType"] | null;
  totalWork: number | null;
  completedWork: number | null;
}

/**
 * GET /api/distributor/{id}/progress; another user's (or an unknown) id is a 404. Pages poll it every
 * `limits.progressPollMs`, so the run and its entries come in one statement: one row per entry (one row with no
 * entry columns while the run has none).
 */
export function getProgress(
  deps: Pick<Deps, "db">,
  userId: string,
  distributionId: string,
): DistributionProgress {
  const rows = deps.db.$client
    .query<ProgressRow, [string, string]>(
      `SELECT d.status, d.total_number_of_liked_songs, d.created_playlist_names,
              e.distribution_type AS distributionType, e.total_work AS totalWork, e.completed_work AS completedWork
       FROM distributions d LEFT JOIN distribution_entries e ON e.distribution_id = d.id
       WHERE d.id = ? AND d.user_id = ? ORDER BY e.id`,
    )
    .all(distributionId, userId);
  const row = rows[0];
  if (!row) throw notFound();
  const progress: ProgressEntry[] = [];
  for (const r of rows) {
    if (r.distributionType === null) continue;
    progress.push({
      distributionType: r.distributionType,
      totalWork: r.totalWork ?? 0,
      completedWork: r.completedWork ?? 0,
    });
  }
  return {
    progress,
    finished: row.status !== "running",
    totalNumberOfLikedSongs: row.total_number_of_liked_songs ?? 0,
    createdPlaylistNames: row.created_playlist_names ? JSON.parse(row.created_playlist_names) : [],
  };
}

/**
 * DELETE /api/distributor/predefined/{name}: forgets the preference and removes its Spotify playlist(s) from
 * the user's library in the background (code 34 for other distribution calls meanwhile).
 */
export function deletePredefined(deps: Deps, caller: Caller, rawName: string): DeletePredefinedResponse {
  const entry = entryByName(rawName);
  if (!entry) throw new AppError(ErrorCode.TypeDoesNotExist);
  const sqlite = deps.db.$client;
  const result = sqlite.transaction((): DeletePredefinedResponse & { spawn: boolean } => {
    if (isDeletionRunning(deps, caller.userId)) throw new AppError(ErrorCode.PlaylistDeletionOngoing);
    if (isWholeLibraryDistributionRunning(deps, caller.userId)) {
      throw new AppError(ErrorCode.WholeLibraryDistributionOngoing);
    }
    const playlists = sqlite
      .query<{ id: string; name: string; spotify_playlist_id: string | null }, [string, string]>(
        `SELECT id, name, spotify_playlist_id FROM managed_playlists
         WHERE user_id = ? AND source = 'predefined' AND preference_key = ? ORDER BY bucket, sequence`,
      )
      .all(caller.userId, entry.name);
    sqlite
      .query("DELETE FROM simple_preferences WHERE user_id = ? AND name = ?")
      .run(caller.userId, entry.name);
    const onSpotify = playlists.filter((p) => p.spotify_playlist_id !== null);
    const deleteRow = sqlite.query("DELETE FROM managed_playlists WHERE id = ?");
    for (const p of playlists) if (p.spotify_playlist_id === null) deleteRow.run(p.id);
    if (onSpotify.length === 0)
      return { distributionProgressId: null, removedPlaylistNames: [], spawn: false };
    // No distribution writes to them any more; the deletion steps remove them one by one.
    sqlite
      .query(
        "UPDATE managed_playlists SET status = 'deselected' WHERE id IN (SELECT value FROM json_each(?)) AND status != 'vanished'",
      )
      .run(JSON.stringify(onSpotify.map((p) => p.id)));
    const id = createDistribution(deps, caller.userId, "deletion", { deletePredefined: entry.name });
    const insertStep = sqlite.query(
      `INSERT INTO journal_steps (distribution_id, playlist_id, op, status, updated_at, entry_type, progress_after)
       VALUES (?, ?, 'unfollow', 'pending', ?, 'Standard', ?)`,
    );
    onSpotify.forEach((p, i) => {
      insertStep.run(id, p.id, deps.clock.now(), i + 1);
    });
    setEntryTotal(deps, id, "Standard", onSpotify.length);
    sqlite
      .query("UPDATE distributions SET planned = 1, removed_playlist_names = ? WHERE id = ?")
      .run(JSON.stringify(onSpotify.map((p) => p.name)), id);
    return { distributionProgressId: id, removedPlaylistNames: onSpotify.map((p) => p.name), spawn: true };
  })();
  const { spawn, ...response } = result;
  if (spawn && response.distributionProgressId) {
    const id = response.distributionProgressId;
    userWork(deps).spawn(caller.userId, "deletion", () => runDistribution(deps, id));
  }
  return response;
}
