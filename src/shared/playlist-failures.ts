// A managed playlist Spotify refused to change for good, and what the listener sees about it.

export const playlistFailures = ["full", "forbidden", "refused"] as const;
export type PlaylistFailure = (typeof playlistFailures)[number];

/** Shown beside the playlist and in the notice, with what to do. */
export const playlistFailureTexts: Record<PlaylistFailure, string> = {
  full: "This playlist reached Spotify's size limit, so Crate stopped adding songs to it. Delete it here and choose it again to start a new one.",
  forbidden:
    "Spotify no longer lets Crate change this playlist. Delete it here and choose it again to get a new one.",
  refused: "Spotify refused a change to this playlist. Delete it here and choose it again to get a new one.",
};

export const playlistFailureBadge = "Stopped";

export function isPlaylistFailure(value: unknown): value is PlaylistFailure {
  return typeof value === "string" && (playlistFailures as readonly string[]).includes(value);
}
