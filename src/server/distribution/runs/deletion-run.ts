// One deletion scheduler for predefined and combination playlists: the playlists stop being updated and a
// deletion run of the journal removes them from the listener's library one `unfollow` step at a time.
import type { Deps } from "../../deps/deps.ts";
import { insertSteps } from "../repository/journal.ts";
import { deselectPlaylists } from "../repository/playlists.ts";
import { markPlanned, setEntryTotal } from "../repository/runs.ts";
import { createDistribution, type RunOutcome, runDistribution } from "./run.ts";

export interface ScheduledDeletion {
  distributionProgressId: string;
  removedPlaylistNames: string[];
}

/**
 * Records the deletion run of `playlists` (their Spotify playlists leave the library, in this order); null
 * when there is none to remove. Call it inside the request's transaction, then `startDeletion`.
 */
export function scheduleDeletion(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  playlists: readonly { id: string; name: string }[],
  request: Record<string, string>,
): ScheduledDeletion | null {
  if (playlists.length === 0) return null;
  const { db } = deps;
  // No distribution writes to them any more.
  deselectPlaylists(
    db,
    playlists.map((p) => p.id),
  );
  const id = createDistribution(deps, userId, "deletion", request);
  insertSteps(
    db,
    id,
    playlists.map((p, i) => ({
      playlistId: p.id,
      op: "unfollow",
      entryType: "Standard",
      progressAfter: i + 1,
    })),
    deps.clock.now(),
  );
  setEntryTotal(db, id, "Standard", playlists.length);
  const removedPlaylistNames = playlists.map((p) => p.name);
  markPlanned(db, id, { removedPlaylistNames });
  return { distributionProgressId: id, removedPlaylistNames };
}

/** Runs a scheduled deletion in the user's background work; `after` sees how it ended. */
export function startDeletion(
  deps: Deps,
  userId: string,
  distributionId: string,
  label: string,
  after?: (outcome: RunOutcome) => void,
): void {
  deps.work.spawn(userId, label, async () => {
    const outcome = await runDistribution(deps, distributionId);
    after?.(outcome);
  });
}
