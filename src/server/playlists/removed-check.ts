// Songs the listener removed from a managed playlist in Spotify: Crate never adds them again, and a playlist's
// page lists them with the day Crate noticed. Opening the page reads the playlist's snapshot (one call) and its
// items only when the snapshot moved since Crate last wrote or read it (distribution/journal/edits.ts). The check
// runs in the listener's own lane of work (never beside a run writing to the same playlist); the page waits a
// moment for it, then answers with what Crate knows. While other work of the listener holds the lane (an update,
// the hourly job's turn), the page does not wait behind it: the check runs after that work, and the page answers
// at once from what Crate knows (that work reads the snapshot itself before it places a song).
import { rateRules } from "../../shared/rate-rules.ts";
import type { Deps } from "../deps/deps.ts";
import { noticeEdits } from "../distribution/journal/edits.ts";
import { markVanished } from "../distribution/journal/vanished.ts";
import { isSpotifyNotFound } from "../spotify/errors.ts";
import { checkBeforeAnswering } from "./page-check.ts";
import type { PartRow } from "./parts-repository.ts";

/** Checks the playlist for the listener's own edits before its page answers (up to a moment). */
export async function checkOnOpen(deps: Deps, userId: string, row: PartRow): Promise<void> {
  const spotifyPlaylistId = row.spotifyPlaylistId;
  if (row.status !== "active" || spotifyPlaylistId === null) return;
  if (!deps.rateLimits.tryTake(rateRules.playlistPageCheck, userId)) return;
  await checkBeforeAnswering(
    deps,
    userId,
    async () => {
      try {
        await noticeEdits(deps, deps.spotifyFor(userId), { ...row, userId, spotifyPlaylistId });
      } catch (error) {
        if (isSpotifyNotFound(error)) markVanished(deps, row.id, "not found");
        else throw error;
      }
    },
    { name: "playlist check", key: `playlist check:${row.id}` },
    { playlistId: row.id },
  );
}
