import type { ChosenPlaylist, PlaylistPart } from "../../../../shared/playlist-overview.ts";

/** A row of the overview list: a chosen playlist, or one of its Spotify playlists when it is expanded. */
export type OverviewRow = {
  key: string;
  name: string;
  songCount: number;
  lastUpdatedAt: string | null;
  deleted: boolean;
} & ({ kind: "playlist"; playlist: ChosenPlaylist } | { kind: "part"; part: PlaylistPart });

export const playlistKey = (p: ChosenPlaylist) => `${p.source}:${p.name}`;

/** The rows in order: each chosen playlist, then its parts when it has several and is expanded. */
export function overviewRows(
  playlists: readonly ChosenPlaylist[],
  expanded: ReadonlySet<string>,
): OverviewRow[] {
  const rows: OverviewRow[] = [];
  for (const playlist of playlists) {
    const key = playlistKey(playlist);
    rows.push({
      key,
      kind: "playlist",
      playlist,
      name: playlist.name,
      songCount: playlist.songCount,
      lastUpdatedAt: playlist.lastUpdatedAt,
      deleted: playlist.state === "deleted",
    });
    if (playlist.parts.length < 2 || !expanded.has(key)) continue;
    playlist.parts.forEach((part, i) => {
      rows.push({
        key: `${key}#${i}`,
        kind: "part",
        part,
        name: part.name,
        songCount: part.songCount,
        lastUpdatedAt: part.lastUpdatedAt,
        deleted: part.deletedInSpotify,
      });
    });
  }
  return rows;
}
