// Songs that come back to a playlist that only grows (an exclusion undone, a correction that qualifies an older
// song) go back to their like-order place, not to the end: each add gets the index it is inserted at, from
// Crate's own record of what the playlist holds. Pure.

import type { HeldSong } from "../repository/held-order.ts";
import type { PlannedSong, PlaylistWork } from "./types.ts";

/** What placing reads of a playlist: the newest like it holds, and (only when needed) all it holds. */
export interface HeldReader {
  newestLike(playlistId: string): number | null;
  inLikeOrder(playlistId: string): readonly HeldSong[];
}

/**
 * Gives a regular playlist's adds their insert positions when some of them are older than what the playlist
 * holds. `removed`: songs this plan takes out of it first. `rankOf`: like ranks of the considered songs (to
 * order songs liked in the same second).
 */
export function placeInLikeOrder(
  work: PlaylistWork,
  reader: HeldReader,
  removed: ReadonlySet<string>,
  rankOf: (trackId: string) => number | undefined,
): PlaylistWork {
  if (!("existingId" in work.target) || work.addAtTop || work.entry !== "Standard") return work;
  const first = work.adds[0];
  if (!first) return work;
  const newest = reader.newestLike(work.target.existingId);
  if (newest === null || newest < first.likedAt) return work;
  if (!inLikeOrderOnly(work.adds)) return work;
  const held = reader.inLikeOrder(work.target.existingId).filter((s) => !removed.has(s.trackId));
  const precedes = (h: HeldSong, a: PlannedSong) =>
    h.likedAt < a.likedAt || (h.likedAt === a.likedAt && (rankOf(h.trackId) ?? -1) < a.rank);
  const positions: (number | undefined)[] = [];
  let before = 0;
  work.adds.forEach((song, i) => {
    while (before < held.length && precedes(held[before] as HeldSong, song)) before += 1;
    // After every held song: appended, as any new like is.
    positions.push(before === held.length ? undefined : before + i);
  });
  return positions.every((p) => p === undefined) ? work : { ...work, addPositions: positions };
}

const inLikeOrderOnly = (songs: readonly PlannedSong[]) =>
  songs.every((s, i) => i === 0 || (songs[i - 1] as PlannedSong).rank < s.rank);
