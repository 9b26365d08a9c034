// Runs that take a change back, each written into the journal at once (nothing to plan) and run in the listener's
// lane: a song the listener removed in Spotify put back at its place, and a playlist deleted in Spotify made
// again with the songs it held, in order, under the same name and number.
import { chunk } from "../../../shared/chunk.ts";
import { limits } from "../../../shared/limits.ts";
import type { Deps } from "../../deps/deps.ts";
import type { Anchors } from "../plan/types.ts";
import { insertSteps } from "../repository/journal.ts";
import { reopenPlaylist } from "../repository/playlists.ts";
import { forgetState } from "../repository/presence.ts";
import { markPlanned, setEntryTotal } from "../repository/runs.ts";
import { createDistribution, runDistribution } from "./run.ts";

export interface PutBack {
  playlistId: string;
  trackId: string;
  /** its place among the songs Crate holds in the playlist, and its neighbours there */
  position: number;
  anchors: Anchors;
}

/** Writes the put back's one add into a new run's journal; returns the run's id. Call inside a transaction. */
export function recordPutBack(deps: Pick<Deps, "db" | "clock">, userId: string, song: PutBack): string {
  const id = createDistribution(deps, userId, "putBack", { putBack: song.trackId });
  insertSteps(
    deps.db,
    id,
    [
      {
        playlistId: song.playlistId,
        op: "add",
        trackIds: [song.trackId],
        position: song.position,
        anchors: song.anchors,
        entryType: "Standard",
        progressAfter: 1,
      },
    ],
    deps.clock.now(),
  );
  setEntryTotal(deps.db, id, "Standard", 1);
  markPlanned(deps.db, id, {});
  return id;
}

/**
 * Makes the deleted playlist active again without a Spotify playlist and writes its creation and its songs (in
 * order, appended 100 a call) into a new run's journal; returns the run's id. Call inside a transaction.
 */
export function recordRecreate(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  playlist: { id: string; name: string; trackIds: readonly string[] },
): string {
  const id = createDistribution(deps, userId, "recreate", { recreate: playlist.name });
  reopenPlaylist(deps.db, playlist.id);
  forgetState(deps.db, playlist.id);
  const batches = chunk(playlist.trackIds, limits.spotifyWriteBatch);
  let done = 0;
  insertSteps(
    deps.db,
    id,
    [
      { playlistId: playlist.id, op: "create", entryType: "Standard", progressAfter: 0 },
      ...batches.map((ids) => {
        done += ids.length;
        return {
          playlistId: playlist.id,
          op: "add" as const,
          trackIds: ids,
          entryType: "Standard" as const,
          progressAfter: done,
        };
      }),
    ],
    deps.clock.now(),
  );
  setEntryTotal(deps.db, id, "Standard", playlist.trackIds.length);
  markPlanned(deps.db, id, { createdPlaylistNames: [playlist.name] });
  return id;
}

/** Runs a recorded take-back in the listener's lane, behind their other work. */
export function startTakeBack(deps: Deps, userId: string, distributionId: string): void {
  deps.work.spawn(userId, "take back", () => runDistribution(deps, distributionId));
}
