// Crate's own record of the Spotify playlists it manages, shown as parts the listener sees: their song
// counts, last changes and links. No Spotify call: the counts are what Crate added and did not take out.
import { type PlaylistPart, spotifyPlaylistUrl } from "../../shared/playlist-overview.ts";
import type { PartRow } from "./parts-repository.ts";

const byPosition = new Intl.Collator(undefined, { numeric: true });

/** A preference's parts in their order: periods and parts by key, spills by number. */
export const comparePartRows = (a: PartRow, b: PartRow): number =>
  byPosition.compare(a.bucket, b.bucket) || a.sequence - b.sequence;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toPart(row: PartRow): PlaylistPart {
  return {
    name: row.name,
    spotifyUrl: row.spotifyPlaylistId ? spotifyPlaylistUrl(row.spotifyPlaylistId) : null,
    songCount: row.songCount,
    lastUpdatedAt: iso(row.lastUpdatedAt),
    deletedInSpotify: row.status === "vanished",
  };
}
