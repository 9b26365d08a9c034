// AddRecordingOnce: one recording (ISRC) liked from several releases (a single and its album, a remaster)
// goes into each playlist once, the version liked first. Pure, used by planning and by the analysis counts.
import type { ExistingPlaylist, PlanContext, PlannedSong } from "./types.ts";

/**
 * AddRecordingOnce: the songs whose recording is neither in `held` nor brought by an earlier song of the list
 * (songs without an ISRC always pass). Keeps the order, so the version liked first wins.
 */
export function onePerRecording(
  songs: readonly PlannedSong[],
  held: ReadonlySet<string> = new Set(),
): PlannedSong[] {
  const seen = new Set(held);
  return songs.filter((song) => {
    if (!song.isrc) return true;
    if (seen.has(song.isrc)) return false;
    seen.add(song.isrc);
    return true;
  });
}

/** Latest N and Random draw from distinct recordings when AddRecordingOnce is on. */
export const distinct = (songs: readonly PlannedSong[], ctx: PlanContext) =>
  ctx.addRecordingOnce ? onePerRecording(songs) : songs;

/** The recordings Crate holds in some playlists (their `recordings`, loaded only when the setting is on). */
export function heldRecordings(rows: readonly ExistingPlaylist[]): Set<string> {
  const held = new Set<string>();
  for (const row of rows) for (const isrc of row.recordings ?? []) held.add(isrc);
  return held;
}
