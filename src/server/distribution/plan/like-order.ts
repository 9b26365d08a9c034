// New songs of a playlist that only grows go to their place in the rule's order, not to the end: a song returning
// after an exclusion is undone, an older song a correction qualifies, any new match of a rule ordered by release
// date, tempo or artist. Each add gets the index it is inserted at among the songs Crate placed there (its own
// record; the journal maps it onto the playlist on Spotify). Pure.
import type { SongFacts, SongOrder } from "../../../shared/rules/model.ts";
import type { SongComparator } from "../../../shared/rules/order.ts";
import type { PlannedSong, PlaylistWork } from "./types.ts";

/** A song a playlist holds: its like, and the facts the rule's order reads where known. */
export type HeldSong = Pick<SongFacts, "trackId" | "likedAt"> & Partial<SongFacts>;

/** What placing reads of a playlist: the newest like it holds, and (only when needed) all it holds. */
export interface HeldReader {
  newestLike(playlistId: string): number | null;
  /** the songs Crate holds in it (not those the listener removed), in like order, with the facts orders read */
  inLikeOrder(playlistId: string): readonly HeldSong[];
}

/**
 * Gives a playlist's adds their insert positions when some of them go before songs it holds. `removed`: songs this
 * plan takes out of it first. `compare`: the rule's order (like order breaks its ties).
 */
export function placeInOrder(
  work: PlaylistWork,
  reader: HeldReader,
  removed: ReadonlySet<string>,
  order: SongOrder,
  compare: SongComparator,
): PlaylistWork {
  if (!("existingId" in work.target) || work.addAtTop || work.addPositions || work.entry !== "Standard")
    return work;
  const first = work.adds[0];
  if (!first || !inOrderOnly(work.adds, compare)) return work;
  // In like order most adds are newer than every song held: then nothing needs reading.
  if (order === "liked") {
    const newest = reader.newestLike(work.target.existingId);
    if (newest === null || newest < first.likedAt) return work;
  }
  const held = (reader.inLikeOrder(work.target.existingId) as readonly SongFacts[])
    .filter((s) => !removed.has(s.trackId))
    .sort(compare);
  const positions: (number | undefined)[] = [];
  let before = 0;
  work.adds.forEach((song, i) => {
    while (before < held.length && compare(held[before] as SongFacts, song) < 0) before += 1;
    // After every held song: appended, as any new like is.
    positions.push(before === held.length ? undefined : before + i);
  });
  if (positions.every((p) => p === undefined)) return work;
  return { ...work, addPositions: positions, heldOrder: held.map((s) => s.trackId) };
}

const inOrderOnly = (songs: readonly PlannedSong[], compare: SongComparator) =>
  songs.every((s, i) => i === 0 || compare(songs[i - 1] as PlannedSong, s) < 0);

/**
 * Like order only (the songs of regular playlists): kept for the callers that place by like order alone. `rankOf`
 * gives the like ranks of the considered songs (to order songs liked in the same second).
 */
export function placeInLikeOrder(
  work: PlaylistWork,
  reader: HeldReader,
  removed: ReadonlySet<string>,
  rankOf: (trackId: string) => number | undefined,
): PlaylistWork {
  const rank = (s: SongFacts) => (s.rank !== undefined && s.rank >= 0 ? s.rank : (rankOf(s.trackId) ?? -1));
  return placeInOrder(work, reader, removed, "liked", (a, b) => a.likedAt - b.likedAt || rank(a) - rank(b));
}
