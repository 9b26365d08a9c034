// A managed playlist the user deleted on Spotify is "vanished": marked, shown on the playlists page, and never
// written to, renamed or recreated again. Spotify tells it in two ways: a 404 (the playlist no longer exists),
// or, what deleting it in the Spotify app really does, the playlist leaving the user's library while the Web
// API still serves it and still accepts writes. Both end in markVanished.
import type { PlaylistFailure } from "../../../shared/playlist-failures.ts";
import { recordActivity } from "../../activity/record.ts";
import { transaction } from "../../db/transaction.ts";
import type { Deps } from "../../deps/deps.ts";
import type { SpotifyUserApi } from "../../spotify/types.ts";
import { playlistPlace, setPlaylistFailed, setPlaylistStatus } from "../repository/playlists.ts";

export type VanishedHow = "not found" | "not in library";

/** Vanished (deleted on Spotify) and failed (refused for good) playlists are shown and never written again. */
export const isLeftAlone = (status: string): boolean => status === "vanished" || status === "failed";

/** Spotify refused a write to the playlist for good: shown to the listener with what to do, never written again. */
export function markFailed(
  deps: Pick<Deps, "db" | "log">,
  playlistId: string,
  failure: PlaylistFailure,
  detail: string,
): void {
  setPlaylistFailed(deps.db, playlistId, failure);
  deps.log.warn("managed playlist refused by Spotify", { playlistId, failure, detail });
}

export function markVanished(
  deps: Pick<Deps, "db" | "log" | "clock">,
  playlistId: string,
  how: VanishedHow,
): void {
  const place = playlistPlace(deps.db, playlistId);
  if (!place || place.status === "vanished") return;
  setPlaylistStatus(deps.db, playlistId, "vanished");
  recordActivity(deps.db, {
    userId: place.userId,
    source: place.source,
    preferenceKey: place.preferenceKey,
    playlistId,
    kind: "vanished",
    trackIds: [],
    at: deps.clock.now(),
  });
  deps.log.info("managed playlist vanished on Spotify", { playlistId, how });
}

export interface PlaylistOnSpotify {
  /** the managed playlist */
  id: string;
  spotifyId: string;
}

/**
 * Asks Spotify which of the playlists are still in the user's library (`GET /me/library/contains`, 40 a
 * call) and marks the others vanished. Returns the managed ids marked.
 */
export async function markThoseOutOfLibrary(
  deps: Pick<Deps, "db" | "log" | "clock">,
  api: Pick<SpotifyUserApi, "playlistsInLibrary">,
  playlists: readonly PlaylistOnSpotify[],
): Promise<Set<string>> {
  const vanished = new Set<string>();
  if (playlists.length === 0) return vanished;
  const inLibrary = await api.playlistsInLibrary(playlists.map((p) => p.spotifyId));
  transaction(deps.db, () => {
    playlists.forEach((playlist, i) => {
      if (inLibrary[i] === true) return;
      markVanished(deps, playlist.id, "not in library");
      vanished.add(playlist.id);
    });
  });
  return vanished;
}
