// Playlists the listener deleted in the Spotify app (an unfollow: the Web API still serves them), noticed when the
// Playlists page loads, so it can offer Recreate. A run notices it only for the playlists it writes to, so a
// playlist that gets no new song would never be shown as deleted. The check asks the listener's library about the
// playlists Crate keeps for them (one call per 40), at most once in a while per listener (rateRules), in their own
// lane of work; the page does not wait behind other work of theirs, nor long for Spotify.

import type { MembershipLevel } from "../../shared/membership.ts";
import type { PlaylistsOverview } from "../../shared/playlist-overview.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { markThoseOutOfLibrary } from "../distribution/journal/vanished.ts";
import { getPlaylistsOverview } from "./overview.ts";
import { checkBeforeAnswering } from "./page-check.ts";
import { loadParts } from "./parts-repository.ts";

async function noticeDeletedPlaylists(deps: Deps, userId: string): Promise<void> {
  const kept = loadParts(deps.db, userId).flatMap((row) =>
    row.status === "active" && row.spotifyPlaylistId !== null
      ? [{ id: row.id, spotifyId: row.spotifyPlaylistId }]
      : [],
  );
  if (kept.length === 0) return;
  if (!deps.rateLimits.tryTake(rateRules.playlistsDeletionCheck, userId)) return;
  await checkBeforeAnswering(
    deps,
    userId,
    () => markThoseOutOfLibrary(deps, deps.spotifyFor(userId, { kind: "distribution" }), kept),
    { name: "deleted playlists check", key: "deleted playlists check" },
  );
}

/** The Playlists page's overview (REST and tRPC alike), once its deleted playlists are noticed. */
export async function openPlaylistsOverview(
  deps: Deps,
  user: { userId: string; membershipLevel: MembershipLevel },
): Promise<PlaylistsOverview> {
  await noticeDeletedPlaylists(deps, user.userId);
  return transaction(deps.db, () => getPlaylistsOverview(deps, user));
}
