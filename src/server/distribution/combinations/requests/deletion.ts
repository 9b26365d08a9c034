// Deleting a combination playlist (DELETE /api/distributor/combinatorial/{id}).
//
// The combination is marked `active: false` and its Spotify playlists are removed from the user's library by a
// deletion run of the distribution journal (the scheduler predefined deletions use). Once nothing of it is
// left on Spotify the combination is forgotten. If the run fails, the combination stays with `active: false`:
// the table says it was not deleted correctly, and deleting it again finishes the job.
import type { DeleteCombinationResponse } from "../../../../shared/combinations/types.ts";
import type { Db } from "../../../db/client.ts";
import { transaction } from "../../../db/transaction.ts";
import type { Deps } from "../../../deps/deps.ts";
import { notFound } from "../../../platform/errors.ts";
import { deletePlaylistsOfPreference, playlistsOfPreference } from "../../repository/playlists.ts";
import { scheduleDeletion, startDeletion } from "../../runs/deletion-run.ts";
import { assertMayDelete, type Caller } from "../../runs/request-guards.ts";
import {
  combinationExists,
  deactivateCombination,
  deleteCombinationRow,
  deletedCombinationIds,
} from "../repository.ts";

/**
 * Forgets combinations whose deletion has finished: `active: false`, no deletion of them running, and no
 * playlist of them left on Spotify (a playlist the user already deleted there does not count).
 */
export function forgetDeletedCombinations(db: Db, userId: string, combinationId?: string): number {
  return transaction(db, () => {
    const done = deletedCombinationIds(db, userId, combinationId);
    for (const id of done) {
      deletePlaylistsOfPreference(db, userId, "combination", id);
      deleteCombinationRow(db, id);
    }
    return done.length;
  });
}

/** Starts the deletion; another user's (or an unknown) id is a 404. Allowed at every membership level. */
export function deleteCombination(
  deps: Deps,
  caller: Caller,
  combinationId: string,
): DeleteCombinationResponse {
  deps.work.assertRoom(caller.userId);
  const scheduled = transaction(deps.db, () => {
    if (!combinationExists(deps.db, combinationId, caller.userId)) throw notFound();
    assertMayDelete(deps, caller.userId);
    deactivateCombination(deps.db, combinationId);
    const onSpotify = playlistsOfPreference(deps.db, caller.userId, "combination", combinationId).filter(
      (p) => p.spotifyPlaylistId !== null && p.status !== "vanished",
    );
    const deletion = scheduleDeletion(deps, caller.userId, onSpotify, { deleteCombination: combinationId });
    if (!deletion) forgetDeletedCombinations(deps.db, caller.userId, combinationId);
    return deletion;
  });
  if (!scheduled) return { distributionProgressId: null, removedPlaylistNames: [] };
  startDeletion(deps, caller.userId, scheduled.distributionProgressId, "combination deletion", (outcome) => {
    if (outcome === "finished") forgetDeletedCombinations(deps.db, caller.userId, combinationId);
  });
  return scheduled;
}
