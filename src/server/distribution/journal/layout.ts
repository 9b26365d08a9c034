// Where a song goes on Spotify. The plan places songs among the songs Crate placed ("after the 12th of them");
// the playlist may also hold songs the listener added by hand, local files and copies, and lack songs the
// listener removed. These pure functions map the plan's place onto the playlist's real entries. Pure.

import type { Anchors } from "../plan/types.ts";

export type { Anchors };

/** A playlist's entries in order: a track id, or null for an entry that is not a track Crate can name. */
export type Entries = readonly (string | null)[];

/** Each of Crate's songs at its first entry (a later copy is the listener's). */
function firstEntries(entries: Entries, held: ReadonlySet<string>): Map<string, number> {
  const first = new Map<string, number>();
  entries.forEach((id, i) => {
    if (id !== null && held.has(id) && !first.has(id)) first.set(id, i);
  });
  return first;
}

/**
 * The index in `entries` at which songs go that the plan inserts at `position` among Crate's songs: right after
 * the nearest song Crate placed before them that is still there, else right before the nearest one after them,
 * else after the `position`-th of Crate's songs as they stand. Songs the listener added keep their places.
 */
export function spotifyIndex(
  entries: Entries,
  held: ReadonlySet<string>,
  position: number,
  anchors: Anchors | null,
): number {
  const first = firstEntries(entries, held);
  if (anchors) {
    for (const id of anchors.after) {
      const at = first.get(id);
      if (at !== undefined) return at + 1;
    }
    for (const id of anchors.before) {
      const at = first.get(id);
      if (at !== undefined) return at;
    }
  }
  const places = [...first.values()].sort((a, b) => a - b);
  if (position <= 0) return places[0] ?? entries.length;
  const after = places[Math.min(position, places.length) - 1];
  return after === undefined ? entries.length : after + 1;
}

/** Whether the playlist holds anything but Crate's songs, each once (then its entries are worth keeping). */
export function hasOthers(entries: Entries, held: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  for (const id of entries) {
    if (id === null || !held.has(id) || seen.has(id)) return true;
    seen.add(id);
  }
  return false;
}

/** The entries after an insert at `index` (undefined appends). */
export function withInserted(
  entries: Entries,
  trackIds: readonly string[],
  index?: number,
): (string | null)[] {
  const next = [...entries];
  if (index === undefined || index >= next.length) next.push(...trackIds);
  else next.splice(index, 0, ...trackIds);
  return next;
}

/** The entries after a removal by URI, which takes every copy of each song. */
export function withoutTracks(entries: Entries, trackIds: readonly string[]): (string | null)[] {
  const gone = new Set(trackIds);
  return entries.filter((id) => id === null || !gone.has(id));
}
