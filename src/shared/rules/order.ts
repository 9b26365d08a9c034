// The order of a rule's songs. Ties go in like order; a song with no known tempo, release date or artist goes
// after the others in either direction. Shuffles hold one random order per UTC day or ISO week. Pure.
import type { SamplePeriod, SongFacts, SongOrder } from "./model.ts";
import { isoWeekKey, utcDayKey } from "./periods.ts";
import { hash53 } from "./sample.ts";
import { releaseDayOf } from "./values.ts";

export type SongComparator = (a: SongFacts, b: SongFacts) => number;

/** Like order: the oldest like first; songs liked in the same second keep Spotify's order (their rank). */
export const likeOrder: SongComparator = (a, b) => a.likedAt - b.likedAt || a.rank - b.rank;

/**
 * Known values first in the given direction, unknown ones after, then like order. Each song's value is read once
 * per comparator (a sort compares a song about log n times, and a release date is parsed to read it).
 */
function byKnown<V extends string | number>(
  read: (song: SongFacts) => V | null,
  direction: 1 | -1,
): SongComparator {
  const values = new Map<SongFacts, V | null>();
  const keyOf = (song: SongFacts) => {
    let value = values.get(song);
    if (value === undefined) {
      value = read(song);
      values.set(song, value);
    }
    return value;
  };
  return (a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    if (x === null || y === null) return x === y ? likeOrder(a, b) : x === null ? 1 : -1;
    if (x === y) return likeOrder(a, b);
    return (x < y ? -1 : 1) * direction;
  };
}

const tempoOf = (song: SongFacts) =>
  song.tempo === null || song.tempo === undefined || !Number.isFinite(song.tempo) ? null : song.tempo;
const releaseOf = (song: SongFacts) => releaseDayOf(song.releaseDate);
const artistOf = (song: SongFacts) => (song.artistName ? song.artistName.toLowerCase() : null);

/** The UTC period a shuffle holds its order for; null for the orders that do not shuffle. */
export function shufflePeriod(order: SongOrder): SamplePeriod | null {
  return order === "shuffleDaily" ? "day" : order === "shuffleWeekly" ? "week" : null;
}

/** The key of a day or week period (`2026-01-15`, `2026-W03`) in UTC. */
export const periodKey = (period: SamplePeriod, now: number): string =>
  period === "day" ? utcDayKey(now) : isoWeekKey(now);

/**
 * The comparator of an order. Shuffles are seeded by `seed` (whose rule, for which period): the same seed always
 * gives the same order, another period another one.
 */
export function comparatorOf(order: SongOrder, seed = ""): SongComparator {
  const orders: Record<SongOrder, () => SongComparator> = {
    liked: () => likeOrder,
    likedNewestFirst: () => (a, b) => likeOrder(b, a),
    released: () => byKnown(releaseOf, 1),
    releasedNewestFirst: () => byKnown(releaseOf, -1),
    tempo: () => byKnown(tempoOf, 1),
    tempoFastestFirst: () => byKnown(tempoOf, -1),
    artist: () => byKnown(artistOf, 1),
    shuffleDaily: () => shuffled(seed),
    shuffleWeekly: () => shuffled(seed),
  };
  return orders[order]();
}

function shuffled(seed: string): SongComparator {
  const seedHash = hash53(seed) % 0x7fffffff;
  const keys = new Map<string, number>();
  const keyOf = (song: SongFacts) => {
    let key = keys.get(song.trackId);
    if (key === undefined) {
      key = hash53(song.trackId, seedHash);
      keys.set(song.trackId, key);
    }
    return key;
  };
  return (a, b) => keyOf(a) - keyOf(b) || likeOrder(a, b);
}

/** The songs in the order (a new array; the input keeps its own). */
export const inOrder = <T extends SongFacts>(songs: readonly T[], order: SongOrder, seed = ""): T[] =>
  order === "liked" ? [...songs] : [...songs].sort(comparatorOf(order, seed));
