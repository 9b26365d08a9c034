// Crate's own record of the Spotify playlists it manages, read as parts the listener sees: their song
// counts, last changes and links. No Spotify call: the counts are what Crate added and did not take out.
import type { Database } from "bun:sqlite";
import { type PlaylistPart, spotifyPlaylistUrl } from "../../shared/playlist-overview.ts";
import type { PlaylistStatus } from "../distribution/plan.ts";

export interface PartRow {
  id: string;
  source: "predefined" | "combination";
  preferenceKey: string;
  bucket: string;
  sequence: number;
  name: string;
  spotifyPlaylistId: string | null;
  status: PlaylistStatus;
  songCount: number;
  lastUpdatedAt: number | null;
  createdAt: number;
}

const SELECT_PARTS = `SELECT mp.id, mp.source, mp.preference_key AS preferenceKey, mp.bucket, mp.sequence, mp.name,
    mp.spotify_playlist_id AS spotifyPlaylistId, mp.status, mp.track_count AS songCount, mp.created_at AS createdAt,
    max(coalesce(mp.latest_track_added_at, 0),
        coalesce((SELECT max(ps.removed_at) FROM playlist_songs ps WHERE ps.playlist_id = mp.id), 0)) AS lastUpdatedAt
  FROM managed_playlists mp`;

const normalise = (row: PartRow): PartRow => ({
  ...row,
  lastUpdatedAt: row.lastUpdatedAt ? row.lastUpdatedAt : null,
});

/** Every managed playlist of the user. */
export function loadParts(sqlite: Database, userId: string): PartRow[] {
  return sqlite.query<PartRow, [string]>(`${SELECT_PARTS} WHERE mp.user_id = ?`).all(userId).map(normalise);
}

/** The user's playlists whose songs changed between `from` and `to` (both inclusive). */
export function loadPartsChangedBetween(
  sqlite: Database,
  userId: string,
  from: number,
  to: number,
): PartRow[] {
  return sqlite
    .query<PartRow, [string, number, number]>(
      `${SELECT_PARTS} WHERE mp.user_id = ?1 AND mp.spotify_playlist_id IS NOT NULL AND EXISTS (
         SELECT 1 FROM playlist_songs ps WHERE ps.playlist_id = mp.id
           AND (ps.added_at BETWEEN ?2 AND ?3 OR ps.removed_at BETWEEN ?2 AND ?3))`,
    )
    .all(userId, from, to)
    .map(normalise);
}

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
