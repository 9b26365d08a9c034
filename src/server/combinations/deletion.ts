// Deleting a combination playlist (DELETE /api/distributor/combinatorial/{id}).
//
// The combination is marked `active: false` and its Spotify playlists are removed from the user's library by a
// deletion run of the distribution journal (the same `unfollow` steps a predefined deletion uses). Once nothing
// of it is left on Spotify the combination is forgotten. If the run fails, the combination stays with
// `active: false`: the table says it was not deleted correctly, and deleting it again finishes the job.
import type { DeleteCombinationResponse } from "../../shared/combinations/types.ts";
import { ErrorCode } from "../../shared/errors.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { DELETION_RUNNING } from "../distribution/combination-store.ts";
import { setEntryTotal } from "../distribution/planner.ts";
import { createDistribution, runDistribution } from "../distribution/run.ts";
import {
  type Caller,
  isDeletionRunning,
  isWholeLibraryDistributionRunning,
} from "../distribution/service.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { userWork } from "../platform/user-work.ts";

interface PlaylistRow {
  id: string;
  name: string;
  spotify_playlist_id: string | null;
  status: string;
}

/**
 * Forgets combinations whose deletion has finished: `active: false`, no deletion of them running, and no
 * playlist of them left on Spotify (a playlist the user already deleted there does not count).
 */
export function forgetDeletedCombinations(db: Db, userId: string, combinationId?: string): number {
  const sqlite = db.$client;
  return sqlite.transaction(() => {
    const done = sqlite
      .query<{ id: string }, [string, string | null, string | null]>(
        `SELECT c.id FROM combinations c
         WHERE c.user_id = ? AND c.active = 0 AND (? IS NULL OR c.id = ?) AND NOT ${DELETION_RUNNING}
           AND NOT EXISTS (SELECT 1 FROM managed_playlists mp WHERE mp.user_id = c.user_id
             AND mp.source = 'combination' AND mp.preference_key = c.id
             AND mp.spotify_playlist_id IS NOT NULL AND mp.status != 'vanished')`,
      )
      .all(userId, combinationId ?? null, combinationId ?? null);
    const removePlaylists = sqlite.query(
      "DELETE FROM managed_playlists WHERE user_id = ? AND source = 'combination' AND preference_key = ?",
    );
    const removeCombination = sqlite.query("DELETE FROM combinations WHERE id = ?");
    for (const { id } of done) {
      removePlaylists.run(userId, id);
      removeCombination.run(id);
    }
    return done.length;
  })();
}

/** Starts the deletion; another user's (or an unknown) id is a 404. Allowed at every membership level. */
export function deleteCombination(
  deps: Deps,
  caller: Caller,
  combinationId: string,
): DeleteCombinationResponse {
  const sqlite = deps.db.$client;
  const now = deps.clock.now();
  const result = sqlite.transaction((): DeleteCombinationResponse => {
    const combination = sqlite
      .query<{ id: string }, [string, string]>("SELECT id FROM combinations WHERE id = ? AND user_id = ?")
      .get(combinationId, caller.userId);
    if (!combination) throw notFound();
    if (isDeletionRunning(deps, caller.userId)) throw new AppError(ErrorCode.PlaylistDeletionOngoing);
    if (isWholeLibraryDistributionRunning(deps, caller.userId)) {
      throw new AppError(ErrorCode.WholeLibraryDistributionOngoing);
    }
    sqlite.query("UPDATE combinations SET active = 0 WHERE id = ?").run(combinationId);
    const playlists = sqlite
      .query<PlaylistRow, [string, string]>(
        `SELECT id, name, spotify_playlist_id, status FROM managed_playlists
         WHERE user_id = ? AND source = 'combination' AND preference_key = ? ORDER BY bucket, sequence`,
      )
      .all(caller.userId, combinationId);
    const onSpotify = playlists.filter((p) => p.spotify_playlist_id !== null && p.status !== "vanished");
    if (onSpotify.length === 0) {
      forgetDeletedCombinations(deps.db, caller.userId, combinationId);
      return { distributionProgressId: null, removedPlaylistNames: [] };
    }
    // No distribution writes to them any more; the deletion run removes them one by one.
    const stopUpdating = sqlite.query("UPDATE managed_playlists SET status = 'deselected' WHERE id = ?");
    for (const playlist of onSpotify) stopUpdating.run(playlist.id);
    const id = createDistribution(deps, caller.userId, "deletion", { deleteCombination: combinationId });
    const insertStep = sqlite.query(
      `INSERT INTO journal_steps (distribution_id, playlist_id, op, status, updated_at, entry_type, progress_after)
       VALUES (?, ?, 'unfollow', 'pending', ?, 'Standard', ?)`,
    );
    onSpotify.forEach((playlist, index) => {
      insertStep.run(id, playlist.id, now, index + 1);
    });
    setEntryTotal(deps, id, "Standard", onSpotify.length);
    const names = onSpotify.map((playlist) => playlist.name);
    sqlite
      .query("UPDATE distributions SET planned = 1, removed_playlist_names = ? WHERE id = ?")
      .run(JSON.stringify(names), id);
    return { distributionProgressId: id, removedPlaylistNames: names };
  })();
  const progressId = result.distributionProgressId;
  if (progressId) {
    userWork(deps).spawn(caller.userId, "combination deletion", async () => {
      const outcome = await runDistribution(deps, progressId);
      if (outcome === "finished") forgetDeletedCombinations(deps.db, caller.userId, combinationId);
    });
  }
  return result;
}
