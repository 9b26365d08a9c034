// Taking a change back from a playlist's page and the Playlists page: a song the listener removed in Spotify put
// back at its place (POST /api/playlists/{name}/put-back), and a playlist deleted in Spotify made again with the
// songs it held (POST /api/playlists/{name}/recreate). Both are runs of their own in the listener's lane.
import { ErrorCode } from "../../shared/errors.ts";
import { type MembershipLevel, premiumLevel } from "../../shared/membership.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import type { PutBackInput } from "../../shared/schemas/activity.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { markThoseOutOfLibrary } from "../distribution/journal/vanished.ts";
import { isDeletionRunning } from "../distribution/runs/request-guards.ts";
import { recordPutBack, recordRecreate, startTakeBack } from "../distribution/runs/take-back.ts";
import { loadRuleSongs } from "../library/fact-sources.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { startChoicesUpdate } from "./choices-update.ts";
import { removedByListener } from "./explain-repository.ts";
import { heldInRuleOrder } from "./held-order.ts";
import { assertChangeable, type PlaylistTarget, resolvePlaylist } from "./playlist-target.ts";

type Caller = { userId: string; membershipLevel: MembershipLevel };

/** Songs of Crate's an insert's step names on each side (the nearest one still there places it). */
const NEIGHBOURS = 50;

/** The playlist's songs in its rule's order; the facts an order reads are loaded only for such an order. */
const inRuleOrder = (
  deps: Deps,
  userId: string,
  playlistId: string,
  target: PlaylistTarget,
  including?: string,
): string[] =>
  heldInRuleOrder(
    deps.db,
    userId,
    playlistId,
    target,
    () => loadRuleSongs(deps, userId, premiumLevel, [target.rule]).considered,
    deps.clock.now(),
    including,
  );

/**
 * Puts a song the playlist's page lists as removed back at its place among the songs Crate holds there: 202, the
 * add runs at once. A song not listed as removed (on this playlist or its numbered ones of the same period): 404.
 */
export function putBackSong(
  deps: Deps,
  caller: Caller,
  input: PutBackInput,
): { distributionProgressId: string } {
  // a choice like an exclusion's undo: it starts an update on Spotify
  deps.rateLimits.take(rateRules.choices, caller.userId);
  deps.work.assertRoom(caller.userId);
  const id = transaction(deps.db, () => {
    const { db } = deps;
    const target = resolvePlaylist(db, caller, input.name);
    const bucket = target.row?.bucket;
    const row = target.rows.find(
      (r) => r.bucket === bucket && removedByListener(db, r.id).some((s) => s.trackId === input.trackId),
    );
    if (!target.row || !row) throw notFound("This song is not listed as removed from this playlist.");
    assertChangeable(target);
    if (row.status !== "active" || row.spotifyPlaylistId === null)
      throw new AppError(ErrorCode.PlaylistNotUpdated);
    const order = inRuleOrder(deps, caller.userId, row.id, target, input.trackId);
    const position = order.indexOf(input.trackId);
    return recordPutBack(deps, caller.userId, {
      playlistId: row.id,
      trackId: input.trackId,
      position,
      anchors: {
        after: order.slice(Math.max(0, position - NEIGHBOURS), position).reverse(),
        before: order.slice(position + 1, position + 1 + NEIGHBOURS),
      },
    });
  });
  startTakeBack(deps, caller.userId, id);
  // Chosen again, it takes a place: under a limit the last of the rule's songs leaves, at once.
  startChoicesUpdate(deps, caller.userId);
  return { distributionProgressId: id };
}

/**
 * Makes a playlist deleted in Spotify again: a new Spotify playlist of the same name (and number) with the songs
 * it held, in order, kept up to date from then on. A playlist that was not deleted: 409. One Crate does not know
 * as deleted yet (an idle hour looks at no playlist) is looked up in the listener's library first: one call.
 */
export async function recreatePlaylist(
  deps: Deps,
  caller: Caller,
  name: string,
): Promise<{ distributionProgressId: string }> {
  deps.work.assertRoom(caller.userId);
  const known = resolvePlaylist(deps.db, caller, name).row;
  if (known?.status === "active" && known.spotifyPlaylistId !== null) {
    // a choice like put back's: its call is counted against the same allowance
    deps.rateLimits.take(rateRules.choices, caller.userId);
    await markThoseOutOfLibrary(deps, deps.spotifyFor(caller.userId, { kind: "distribution" }), [
      { id: known.id, spotifyId: known.spotifyPlaylistId },
    ]);
  }
  const id = transaction(deps.db, () => {
    const { db } = deps;
    const target = resolvePlaylist(db, caller, name);
    const row = target.row;
    if (row?.status !== "vanished") throw new AppError(ErrorCode.PlaylistNotDeleted);
    assertChangeable(target);
    if (isDeletionRunning(deps, caller.userId)) throw new AppError(ErrorCode.PlaylistDeletionOngoing);
    return recordRecreate(deps, caller.userId, {
      id: row.id,
      name: row.name,
      trackIds: inRuleOrder(deps, caller.userId, row.id, target),
    });
  });
  startTakeBack(deps, caller.userId, id);
  // Then it catches up at once with what it missed while it was gone (likes made meanwhile).
  startChoicesUpdate(deps, caller.userId);
  return { distributionProgressId: id };
}
