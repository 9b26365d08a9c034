// Before a run writes to playlists that exist, it needs two things of Spotify: which playlists Crate keeps are
// still in the listener's library (deleting one in the app only takes it out), and the version (snapshot id) of
// each it writes to, to notice the listener's own edits. Asked one by one that is ⌈kept/40⌉ library checks and
// one read per playlist written; `GET /me/playlists` lists both, 50 playlists a call. The run takes the listing
// when it costs fewer calls, and stops after its first page when the library turns out too large for it.
import type { LibraryPage } from "../../spotify/types.ts";

/** What the run learned of the library before its writes. */
export interface LibraryListing {
  /** snapshot ids of the playlists listed (a playlist missing here is read on its own) */
  snapshots: Map<string, string>;
  /** every playlist in the library, when the listing was read whole; null: ask the library about each */
  listed: Set<string> | null;
}

const LIBRARY_CHECK = 40;
const LISTING_PAGE = 50;

/** The calls asking one by one costs: the library checks plus a snapshot read per playlist written. */
export const oneByOneCost = (kept: number, written: number) => Math.ceil(kept / LIBRARY_CHECK) + written;

/** Whether reading the whole listing of `total` playlists costs fewer calls than asking one by one. */
export const listingPays = (total: number, kept: number, written: number) =>
  Math.ceil(total / LISTING_PAGE) < oneByOneCost(kept, written);

/**
 * Reads the listener's library listing when it pays (a library of Crate's playlists alone always does), and not
 * past the first page when its total says the whole would cost more than asking one by one.
 */
export async function readLibraryListing(
  api: { myPlaylistsPage?: (offset: number) => Promise<LibraryPage> },
  kept: number,
  written: number,
): Promise<LibraryListing> {
  const snapshots = new Map<string, string>();
  const read = api.myPlaylistsPage;
  if (!read || written === 0 || !listingPays(kept, kept, written)) return { snapshots, listed: null };
  const listed = new Set<string>();
  let page = await read(0);
  const whole = page.total !== null && listingPays(page.total, kept, written);
  for (;;) {
    for (const playlist of page.playlists) {
      listed.add(playlist.id);
      if (playlist.snapshotId) snapshots.set(playlist.id, playlist.snapshotId);
    }
    if (!whole) return { snapshots, listed: null };
    if (page.next === null) return { snapshots, listed };
    page = await read(page.next);
  }
}
