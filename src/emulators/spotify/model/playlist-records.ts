// A playlist as the emulator holds it: its items in order, and the edits that do not need the world.
import type { StoredPlaylist } from "./store.ts";

export const PLAYLIST_CAPACITY = 10_000;

export interface PlaylistItemRecord {
  trackIndex: number;
  addedAt: number;
  addedBy: string;
}

export interface PlaylistRecord extends StoredPlaylist {
  items: PlaylistItemRecord[];
}

export interface NewPlaylistInput {
  name: string;
  isPublic: boolean;
  collaborative: boolean;
  description: string | null;
}

/** The items left after removing every occurrence of the tracks (or only those at the given positions). */
export function itemsWithout(
  items: readonly PlaylistItemRecord[],
  removals: readonly { trackIndex: number; positions?: number[] }[],
): PlaylistItemRecord[] {
  const byTrack = new Map<number, Set<number> | null>();
  for (const r of removals) byTrack.set(r.trackIndex, r.positions ? new Set(r.positions) : null);
  return items.filter((item, pos) => {
    if (!byTrack.has(item.trackIndex)) return true;
    const positions = byTrack.get(item.trackIndex);
    return positions ? !positions.has(pos) : false;
  });
}
